import Foundation

/// The view properties an animation can change. Geometry (`center`, bounds size and origin,
/// `transform`) blends additively, as UIKit has since iOS 8: a new animation of a property
/// that is already animating adds its own change on top, so nothing jumps and both run to
/// their ends. The others are taken over: the earlier animation ends (its completion gets
/// `false`) and the new one starts from the in-flight value (with `beginFromCurrentState`) or
/// from the earlier animation's target.
enum AnimatedProperty: Int, CaseIterable {
    case center, size, boundsOrigin, transform, alpha, backgroundColor, cornerRadius, borderWidth, borderColor

    static let count = allCases.count

    /// Whether animations of it add up instead of taking over.
    var isAdditive: Bool {
        switch self {
        case .center, .size, .boundsOrigin, .transform: return true
        case .alpha, .backgroundColor, .cornerRadius, .borderWidth, .borderColor: return false
        }
    }

    /// Whether it moves, turns or scales the view's drawing without changing it (drawn from
    /// cached geometry while it animates).
    /// (A size animation counts: about a fixed centre it moves the view's corner, and its
    /// subviews with it.)
    var movesDrawing: Bool { self == .center || self == .transform || self == .boundsOrigin || self == .size }
}

/// One property's value as animations see it: up to eight numbers (a transform's components,
/// a colour's red, green, blue and alpha, a point, a length).
typealias AnimatedValue = SIMD8<Double>

/// What one view carries once it has a transform or has been animated: its model
/// ``UIView/transform``, its running animations and their in-flight offsets. Views that never
/// use either carry nothing (one pointer).
@MainActor
final class ViewMotion {
    /// The model transform.
    var transform: CGAffineTransform = .identity
    /// The model transform's components, kept beside it for animations and drawing.
    var transformComponents = TransformComponents.identity
    /// Animations of this view's properties that are still running.
    var animations: [PropertyAnimation] = []
    /// Per property: in-flight value minus model value, summed over the running animations.
    var offsets = [AnimatedValue](repeating: .zero, count: AnimatedProperty.count)
    /// Per colour property: the red, green and blue an animation to or from no colour fades
    /// (the model then has none, and the fade keeps the other end's hue).
    var clearColorHue: [AnimatedValue] = [.zero, .zero]
    /// Running animations that move, turn or scale the drawing (``AnimatedProperty/movesDrawing``).
    var movingCount = 0
    /// Running animations of `alpha`.
    var fadingCount = 0
    /// Running animations of properties that change what is drawn (size, colours, corners, border).
    var redrawingCount = 0
    /// Running animations without `allowUserInteraction`: while any runs, hit-testing skips
    /// the view and its subviews, as UIKit's.
    var blockingCount = 0
    /// A picture of the view's subtree as it was when a cross-dissolve transition began,
    /// drawn over it, fading out (see ``UIView/transition(with:duration:options:animations:completion:)``).
    var dissolve: DissolveSnapshot?
    /// Pictures of views that were removed from this one's subtree, drawn over it as they fade
    /// out (see ``UIView/fadeOutPicture(of:duration:)``).
    var ghosts: [DissolveSnapshot] = []
    /// Window pixels the dissolve and the ghosts covered in the last drawing pass: counted
    /// with what the view draws (occupied, and changed when they go), so a picture fading over
    /// a view that draws nothing itself shows, and one whose view is hidden leaves no trace.
    var drawnPictures = PixelRect.zero

    func offset(_ p: AnimatedProperty) -> AnimatedValue { offsets[p.rawValue] }

    /// Counts of what the running animations do, kept as they start and end.
    func count(_ animation: PropertyAnimation, _ delta: Int) {
        let p = animation.property
        if p.movesDrawing { movingCount += delta }
        if p == .alpha { fadingCount += delta }
        if p == .size || p == .backgroundColor || p == .cornerRadius || p == .borderWidth || p == .borderColor { redrawingCount += delta }
        if !animation.group.options.contains(.allowUserInteraction) { blockingCount += delta }
    }
}

/// Old pixels of a view that a cross-dissolve fades out: its subtree's cached geometry as the
/// last drawing pass placed it, copied once when the transition begins.
@MainActor
final class DissolveSnapshot {
    struct Item {
        let cache: ViewDrawCache
        let placement: ItemPlacement
        let clip: PixelRect?
        let area: PixelRect
    }
    let items: [Item]
    let group: AnimationGroup
    /// Whether the view it belongs to takes no touches while it runs (a transition without
    /// `allowUserInteraction`, as every animation).
    var blocksTouches = false
    /// Window pixels the old look covers.
    let area: PixelRect
    /// 1 → 0 as the transition runs.
    var opacity: Double = 1

    init(items: [Item], group: AnimationGroup) {
        self.items = items
        self.group = group
        area = items.reduce(PixelRect.zero) { $0.union($1.placement.bounds) }
    }

    /// Appends the old look, faded by ``opacity``.
    func collect(into list: DrawList) {
        let o = Float(min(max(opacity, 0), 1))
        for item in items {
            var p = item.placement
            p.fade *= o
            list.append(item.cache, placement: p, clip: item.clip, area: item.area)
        }
    }
}

extension UIView {
    /// A copy of what the last drawing pass drew for this view and its subviews; nil when it
    /// drew nothing (the view was never drawn).
    func dissolveSnapshot(group: AnimationGroup) -> DissolveSnapshot? {
        guard let window = storedWindow else { return nil }
        var items: [DissolveSnapshot.Item] = []
        func visit(_ v: UIView) {
            guard let c = v.drawCache, c.reachedEpoch == window.drawEpoch else { return }
            if !c.drawn.isEmpty {
                let copy = ViewDrawCache()
                copy.geometry.copy(from: c.geometry)
                copy.localBounds = c.localBounds
                copy.segmentTextures = c.segmentTextures
                var p = c.placement ?? ItemPlacement(tx: Float(c.translationX), ty: Float(c.translationY))
                if c.placement == nil {
                    var r = c.localBounds
                    r.x = r.x &+ c.translationX
                    r.y = r.y &+ c.translationY
                    p.bounds = r
                }
                items.append(DissolveSnapshot.Item(cache: copy, placement: p, clip: c.clip, area: c.drawn.blockArea))
            }
            for sub in v.subviews { visit(sub) }
        }
        visit(self)
        return items.isEmpty ? nil : DissolveSnapshot(items: items, group: group)
    }
}

/// One property of one view animating from where it was to its model value.
@MainActor
final class PropertyAnimation {
    let view: UIView
    let property: AnimatedProperty
    /// The start value minus the end value: the in-flight offset is `delta × (1 − progress)`.
    var delta: AnimatedValue
    unowned let group: AnimationGroup
    /// The part of the group's duration this animation runs in (a keyframe's relative start
    /// and duration; 0 and 1 otherwise).
    let relativeStart: Double
    let relativeDuration: Double
    /// Taken over, or its view left: no longer part of its group (dropped at the next tick).
    var isRemoved = false

    init(view: UIView, property: AnimatedProperty, delta: AnimatedValue, group: AnimationGroup,
         relativeStart: Double = 0, relativeDuration: Double = 1) {
        self.view = view; self.property = property; self.delta = delta; self.group = group
        self.relativeStart = relativeStart; self.relativeDuration = relativeDuration
    }

    /// The offset at group progress `fraction` (the fraction of time, before the curve).
    func offset(groupFraction fraction: Double) -> AnimatedValue {
        var f = fraction
        if relativeDuration > 0 {
            f = min(max((fraction - relativeStart) / relativeDuration, 0), 1)
        } else {
            f = fraction >= relativeStart ? 1 : 0
        }
        let p = group.progress(ofLocalFraction: f)
        return delta * (1 - p)
    }
}

extension UIView {
    /// The view's motion storage, made on first use.
    var motionStorage: ViewMotion {
        if let m = viewMotion { return m }
        let m = ViewMotion()
        viewMotion = m
        return m
    }

    /// The model value of an animatable property, in animation space.
    func animatedValue(_ p: AnimatedProperty) -> AnimatedValue {
        switch p {
        case .center: return AnimatedValue(Double(storedFrame.midX), Double(storedFrame.midY), 0, 0, 0, 0, 0, 0)
        case .size: return AnimatedValue(Double(storedFrame.width), Double(storedFrame.height), 0, 0, 0, 0, 0, 0)
        case .boundsOrigin: return AnimatedValue(Double(storedBoundsOrigin.x), Double(storedBoundsOrigin.y), 0, 0, 0, 0, 0, 0)
        case .transform:
            let c = viewMotion?.transformComponents ?? .identity
            return AnimatedValue(Double(c.scaleX), Double(c.scaleY), Double(c.shear), Double(c.rotation), Double(c.tx), Double(c.ty), 0, 0)
        case .alpha: return AnimatedValue(Double(alpha), 0, 0, 0, 0, 0, 0, 0)
        case .backgroundColor: return UIView.animatedColor(backgroundColor, style: userInterfaceStyle)
        case .cornerRadius: return AnimatedValue(Double(cornerRadius), 0, 0, 0, 0, 0, 0, 0)
        case .borderWidth: return AnimatedValue(Double(borderWidth), 0, 0, 0, 0, 0, 0, 0)
        case .borderColor: return UIView.animatedColor(borderColor, style: userInterfaceStyle)
        }
    }

    static func animatedColor(_ color: UIColor?, style: UIUserInterfaceStyle) -> AnimatedValue {
        guard let color else { return AnimatedValue(0, 0, 0, 0, 0, 0, 0, -1) }   // lane 7: "no colour"
        let c = color.resolvedComponents(with: style)
        return AnimatedValue(Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha), 0, 0, 0, 0)
    }

    /// The in-flight value of a property: the model value plus the running animations' offsets.
    func presentationValue(_ p: AnimatedProperty) -> AnimatedValue {
        var model = animatedValue(p)
        guard let m = viewMotion else { return model }
        if model[7] < 0 {
            // No colour: the fade's other end's hue, transparent.
            model = m.clearColorHue[p == .backgroundColor ? 0 : 1]
            model[3] = 0
        }
        // An in-flight value past Double's range (a huge model value with an overshooting
        // spring, or two blocks' offsets added) reads as the model value.
        let value = model + m.offset(p)
        return value.replacing(with: model, where: .!(value - value .== 0))   // x - x is 0 only for finite x
    }

    /// A colour from animation space (nil when it stands for no colour).
    static func color(from v: AnimatedValue) -> UIColor? {
        func unit(_ x: Double) -> CGFloat { x.isFinite ? CGFloat(min(max(x, 0), 1)) : 0 }
        return UIColor(red: unit(v[0]), green: unit(v[1]), blue: unit(v[2]), alpha: unit(v[3]))
    }
}
