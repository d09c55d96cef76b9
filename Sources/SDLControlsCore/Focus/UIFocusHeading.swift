import Foundation

/// The direction a focus update moves in, as UIKit's `UIFocusHeading` (same raw values).
///
/// The window's focus engine moves in the four screen directions by geometry and in
/// ``next`` / ``previous`` by reading order (Tab and Shift+Tab). See `UIWindow+FocusEngine.swift`.
public struct UIFocusHeading: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a heading from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Towards the top of the screen.
    public static let up = UIFocusHeading(rawValue: 1 << 0)
    /// Towards the bottom of the screen.
    public static let down = UIFocusHeading(rawValue: 1 << 1)
    /// Towards the left edge of the screen.
    public static let left = UIFocusHeading(rawValue: 1 << 2)
    /// Towards the right edge of the screen.
    public static let right = UIFocusHeading(rawValue: 1 << 3)
    /// The next view in reading order (Tab).
    public static let next = UIFocusHeading(rawValue: 1 << 4)
    /// The previous view in reading order (Shift+Tab).
    public static let previous = UIFocusHeading(rawValue: 1 << 5)
}

/// What one focus update is: where focus comes from, where it goes and which way it moves,
/// as UIKit's `UIFocusUpdateContext`. The focus engine hands it to
/// ``UIView/shouldUpdateFocus(in:)`` and ``UIView/didUpdateFocus(in:with:)``.
@MainActor
public final class UIFocusUpdateContext {
    /// The view focused before the update; nil when nothing was.
    public private(set) weak var previouslyFocusedView: UIView?
    /// The view focused after the update; nil when focus is being cleared.
    public private(set) weak var nextFocusedView: UIView?
    /// The direction of the move; empty for updates that are not a move (a tap on a
    /// control, `setFocusedView(_:)`, a focus reset to a preferred view).
    public let focusHeading: UIFocusHeading

    init(previouslyFocusedView: UIView?, nextFocusedView: UIView?, focusHeading: UIFocusHeading) {
        self.previouslyFocusedView = previouslyFocusedView
        self.nextFocusedView = nextFocusedView
        self.focusHeading = focusHeading
    }
}

/// Runs animations alongside a focus update, as UIKit's `UIFocusAnimationCoordinator`.
///
/// This project has no animation system for arbitrary view properties, so coordinated
/// animations run at once, inside ``UIView/didUpdateFocus(in:with:)``, and their completions
/// right after **(project choice)**. Controls animate their own looks on their frame clock.
@MainActor
public final class UIFocusAnimationCoordinator {
    private var completions: [() -> Void] = []

    init() {}

    /// Runs `animations` now; `completion` runs when every didUpdateFocus call of this
    /// update has returned.
    public func addCoordinatedAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
        animations?()
        if let completion { completions.append(completion) }
    }

    func finish() {
        let run = completions
        completions.removeAll()
        for c in run { c() }
    }
}

/// A container that can bring a part of its content into view: a scroll view. When the focus
/// engine moves focus to a view inside one (by direction, Tab, or a reset to a preferred
/// view), it calls ``scrollRectToVisible(_:animated:)`` on each such ancestor, nearest
/// first, with the focused view's bounds in that ancestor's coordinates. An outer container
/// is given the rect where it will be once the inner ones have finished scrolling (see
/// ``focusScrollTarget``), so nested scroll views on one axis end with the view in sight.
/// Views inside a container of this kind are focus candidates even when it clips them out
/// of sight **(project choice; the name is this project's, the method is `UIScrollView`'s)**.
@MainActor
public protocol FocusScrollingContainer: AnyObject {
    /// Scrolls so that `rect` (in the container's own coordinates) is visible.
    func scrollRectToVisible(_ rect: CGRect, animated: Bool)

    /// Where the container's bounds origin is heading when it is animating a scroll (the
    /// offset an animated ``scrollRectToVisible(_:animated:)`` will stop at), else nil. The
    /// default is nil: the container is taken to be where it is.
    var focusScrollTarget: CGPoint? { get }
}

extension FocusScrollingContainer {
    /// Nil: the container is taken to be where it is (it scrolls at once, or not at all).
    public var focusScrollTarget: CGPoint? { nil }
}
