import Foundation

/// Something a view gains as a whole (a context menu, a hover effect, a drag source), added
/// with ``UIView/addInteraction(_:)``, as in UIKit. An interaction usually installs gesture
/// recognizers on its view in ``didMove(to:)`` and takes them off in ``willMove(to:)``.
@MainActor
public protocol UIInteraction: AnyObject {
    /// The view the interaction is attached to, or nil. Keep it weak: the view owns the interaction.
    var view: UIView? { get }
    /// Called before the interaction is added to `view`, or removed (nil).
    func willMove(to view: UIView?)
    /// Called after the interaction was added to `view`, or removed (nil).
    func didMove(to view: UIView?)
}

/// What a view keeps only once it has recognizers or interactions (most views have neither,
/// so a view pays one pointer for them).
@MainActor
final class ViewGestureStorage {
    var recognizers: [UIGestureRecognizer] = []
    var interactions: [UIInteraction] = []
}
