import Foundation

/// Focus moved into a scroll view (Tab, arrows, a game controller, a focus reset) scrolls the
/// newly focused view into sight: the focus engine calls ``UIScrollView/scrollRectToVisible(_:animated:)``
/// on every enclosing scroll view, nearest first, and treats views a scroll view clips out of
/// sight as focus candidates (see `Focus/UIWindow+FocusEngine.swift`).
extension UIScrollView: FocusScrollingContainer {
    /// Where an animated scroll (``setContentOffset(_:animated:)``,
    /// ``scrollRectToVisible(_:animated:)``, a scrolling key) will leave ``contentOffset``;
    /// nil while none runs. The focus engine shows a view inside nested scroll views where
    /// it will end up.
    public var focusScrollTarget: CGPoint? { glideTarget }
}
