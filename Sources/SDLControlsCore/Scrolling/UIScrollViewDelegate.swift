import Foundation

/// What a scroll view tells its ``UIScrollView/delegate``, as UIKit's `UIScrollViewDelegate`.
/// Every method is optional: the protocol extension gives each an empty default.
///
/// The order for a flick: ``scrollViewWillBeginDragging(_:)`` (once the touch has moved
/// ``UIScrollView/panThreshold`` points), ``scrollViewDidScroll(_:)`` on every change,
/// ``scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`` at the lift,
/// ``scrollViewDidEndDragging(_:willDecelerate:)``, then, when the content keeps moving,
/// ``scrollViewWillBeginDecelerating(_:)``, more ``scrollViewDidScroll(_:)`` and
/// ``scrollViewDidEndDecelerating(_:)``. A touch that stops a deceleration ends it without
/// ``scrollViewDidEndDecelerating(_:)``, as in UIKit. `setContentOffset(_:animated: true)`,
/// `scrollRectToVisible(_:animated: true)` and keyboard scrolling end with
/// ``scrollViewDidEndScrollingAnimation(_:)``; a wheel or trackpad sends only
/// ``scrollViewDidScroll(_:)`` **(project choice)**.
///
/// Optional the Swift way: a class's conformance uses the methods that class declares, so a
/// method declared only in a subclass of the conforming class is never called (UIKit's
/// optional Objective-C methods are found at run time). Declare each method you need in the
/// class that conforms, and override it in subclasses.
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (by the user, an animation, or code).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// The user is about to drag the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The user lifted their finger. `velocity` is in points per millisecond, as UIKit's;
    /// `targetContentOffset` is where the content will come to rest, and can be changed to make
    /// it stop somewhere else (snapping).
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate` says whether the content keeps moving (a flick, a bounce
    /// back from an edge, or a page snap).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on its own after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The content came to rest after a drag.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animated scroll started by code or keys finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// ``UIScrollView/adjustedContentInset`` changed.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
