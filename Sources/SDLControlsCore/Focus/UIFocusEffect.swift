import Foundation

/// The look a view shows while it has focus (UIKit's `UIFocusEffect`), set through
/// ``UIView/focusEffect``.
///
/// An instance of this base class is the system's effect: the focus ring in the view's tint
/// colour around the control, shaped by ``UIControl/focusRingCornerRadius``, with a faint
/// halo outside it. ``UIFocusHaloEffect`` gives the ring a shape and a position of its own.
/// Effects are copied when assigned (as UIKit's `@NSCopying` property does), so changing one
/// afterwards changes nothing drawn; assign it again.
@MainActor
open class UIFocusEffect {
    /// The system's effect.
    public required init() {}

    /// The system's effect, with its metrics taken from the focus item (UIKit's `effect()`).
    open class func effect() -> Self { Self.init() }

    /// The copy a view keeps when the effect is assigned to it. Subclasses with state of
    /// their own override it.
    open func copy() -> UIFocusEffect { UIFocusEffect() }

    /// The effect every control starts with: immutable, so sharing it shares no state.
    static let system = UIFocusEffect()
}

/// How the corners of a rounded shape curve (Core Animation's `CALayerCornerCurve`), for
/// ``UIFocusHaloEffect/init(roundedRect:cornerRadius:curve:)``. Both are drawn as circular
/// arcs here **(project choice: the renderer has one corner shape)**.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The curve's name.
    public let rawValue: String
    /// A curve from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A quarter circle.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// iOS's continuous corner (drawn as `circular` here).
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// A focus ring of a given shape and position (UIKit's `UIFocusHaloEffect`).
///
/// Its shape is a rectangle in the focused view's coordinates, with rounded corners or not;
/// an effect made with `init()` keeps the view's bounds and ``UIControl/focusRingCornerRadius``.
/// ``position-swift.property`` draws the ring around the shape (`outside`, with the faint
/// halo beyond it) or just inside its edge (`inside`, the halo inward), which keeps a view
/// that fills its container, such as a cell of a list, from drawing over its neighbours.
/// `automatic` draws outside **(project choice: UIKit may pick inside from the view
/// hierarchy; set `inside` yourself for cells)**. An inset-grouped ``ImmediateView`` gives its
/// button rows an inside halo with the group's corner radius.
///
/// Not here: `init(path:)` (there is no `UIBezierPath`), and `containerView` and
/// `referenceView` (the ring is always drawn by the focused view, over its content).
@MainActor
open class UIFocusHaloEffect: UIFocusEffect {
    /// Where the ring is drawn relative to its shape.
    public enum Position: Int, Sendable {
        /// Chosen for the view: outside here (see ``UIFocusHaloEffect``).
        case automatic
        /// Around the shape, clear of it.
        case outside
        /// Just inside the shape's edge.
        case inside
    }

    /// Where the ring is drawn relative to its shape; `automatic` by default.
    open var position: Position = .automatic
    /// The shape (view coordinates); nil: the view's bounds.
    private(set) var shape: CGRect?
    /// The shape's corner radius; nil: the view's focus ring radius.
    private(set) var cornerRadius: CGFloat?

    /// A halo around the view's bounds, rounded as the view's focus ring.
    public required init() {}

    /// A halo around `rect` (the focused view's coordinates), with square corners.
    public convenience init(rect: CGRect) {
        self.init()
        shape = rect
        cornerRadius = 0
    }

    /// A halo around `rect` (the focused view's coordinates) with corners of `cornerRadius`
    /// points (a negative or non-finite radius draws square corners). Either `curve` is drawn
    /// as circular arcs (see ``CALayerCornerCurve``).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat, curve: CALayerCornerCurve) {
        self.init()
        shape = rect
        self.cornerRadius = cornerRadius.isFinite ? max(0, cornerRadius) : 0
    }

    open override func copy() -> UIFocusEffect {
        let c = UIFocusHaloEffect()
        c.position = position
        c.shape = shape
        c.cornerRadius = cornerRadius
        return c
    }
}
