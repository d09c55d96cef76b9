import Foundation

/// How a declaration's control appears and leaves in an ``ImmediateView``: given with
/// ``ImmediateUI/transition(_:)`` before the declaration. Appearing, the control animates from
/// the transition's look to its own (``UIView/animate(withDuration:delay:options:animations:completion:)``
/// semantics: its properties hold their final values at once). Leaving (no longer declared),
/// the control is removed at once, with its touches and focus, and its last picture fades out
/// where it was.
public struct ImmediateTransition: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case opacity, scale(CGFloat), move(CGFloat, CGFloat) }
    let kind: Kind
    /// Seconds the appearance and the fade-out take (0.25 unless changed with ``duration(_:)``).
    public private(set) var duration: TimeInterval = 0.25

    /// Fades in from transparent.
    public static let opacity = ImmediateTransition(kind: .opacity)

    /// Fades in while growing from `scale` (0...1) of its size about its centre.
    public static func scale(_ scale: CGFloat = 0.5) -> ImmediateTransition {
        ImmediateTransition(kind: .scale(scale.isFinite ? min(max(scale, 0), 1) : 0.5))
    }

    /// Fades in while sliding from `x`, `y` points away from its place.
    public static func move(x: CGFloat = 0, y: CGFloat = 24) -> ImmediateTransition {
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(v, -UIView.maximumCoordinate), UIView.maximumCoordinate) : 0 }
        return ImmediateTransition(kind: .move(clean(x), clean(y)))
    }

    /// The same transition taking `seconds` (NaN, infinite and negative values are 0: no
    /// animation).
    public func duration(_ seconds: TimeInterval) -> ImmediateTransition {
        var t = self
        t.duration = UIView.sanitizedDuration(seconds)
        return t
    }

    /// The transform the control starts from.
    var startTransform: CGAffineTransform {
        switch kind {
        case .opacity: return .identity
        case .scale(let s): return CGAffineTransform(scaleX: max(s, 0.001), y: max(s, 0.001))
        case .move(let x, let y): return CGAffineTransform(translationX: x, y: y)
        }
    }
}

extension ImmediateUI {
    /// Gives the next declaration a transition: its control animates in when it first
    /// appears and fades out when it stops being declared. Like ``width(_:)`` it applies to
    /// the declaration that follows at once and chains (`ui.transition(.opacity).label(score)`).
    /// A declaration with a transition takes the full path of a build each frame (as one with
    /// a width does).
    @discardableResult
    public func transition(_ transition: ImmediateTransition) -> ImmediateUI {
        if isBuilding {
            pendingTransition = transition
            hasPendingTransition = true
        }
        return self
    }

    /// Takes the pending transition for `node` (just declared): remembered for its removal,
    /// and, when the build created it, its appearance is due at the end of the build.
    func takeTransition(for node: ImmediateNode, created: Bool) {
        guard hasPendingTransition else { return }
        hasPendingTransition = false
        guard let t = pendingTransition else { return }
        pendingTransition = nil
        transitions[ObjectIdentifier(node.placed)] = t
        if created { appearing.append(node) }
    }

    /// Starts the appearances of the controls this build created with a transition.
    func runAppearances() {
        guard !appearing.isEmpty else { return }
        for node in appearing {
            guard let t = transitions[ObjectIdentifier(node.placed)], t.duration > 0 else { continue }
            let v = node.placed
            UIView.performWithoutAnimation {
                v.alpha = 0
                v.transform = t.startTransform
            }
            UIView.animate(withDuration: t.duration, delay: 0, options: [.allowUserInteraction, .curveEaseOut],
                           animations: { v.alpha = 1; v.transform = .identity })
        }
        appearing.removeAll(keepingCapacity: true)
    }

    /// `placed` is about to leave the panel: its picture fades out where it was, when it was
    /// given a transition.
    func willRemove(_ placed: UIView) {
        guard !transitions.isEmpty, let t = transitions.removeValue(forKey: ObjectIdentifier(placed)) else { return }
        view.fadeOutPicture(of: placed, duration: t.duration)
    }
}

extension ImmediateView {
    /// Moves the controls whose place changed in the last build from where they were, over
    /// ``layoutChangeAnimationDuration`` (``UIView/animate(withDuration:delay:options:animations:completion:)``
    /// semantics: frames hold their new values at once). Controls that moved to another row or
    /// group appear in their new place.
    func animateLayoutChange(from before: [ObjectIdentifier: (superview: ObjectIdentifier?, frame: CGRect)]) {
        layoutIfNeeded()
        var moves: [(UIView, CGRect, CGRect)] = []
        for node in ui.nodes.values {
            let v = node.placed
            guard let old = before[ObjectIdentifier(v)], let sup = v.superview, old.superview == ObjectIdentifier(sup),
                  v.frame != old.frame else { continue }
            moves.append((v, old.frame, v.frame))
        }
        guard !moves.isEmpty else { return }
        UIView.performWithoutAnimation { for (v, old, _) in moves { v.frame = old } }
        UIView.animate(withDuration: layoutChangeAnimationDuration, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState],
                       animations: { for (v, _, new) in moves { v.frame = new } })
    }

    /// Where each control is now, for ``animateLayoutChange(from:)``.
    func placesOfControls() -> [ObjectIdentifier: (superview: ObjectIdentifier?, frame: CGRect)] {
        var places: [ObjectIdentifier: (superview: ObjectIdentifier?, frame: CGRect)] = [:]
        for node in ui.nodes.values {
            places[ObjectIdentifier(node.placed)] = (node.placed.superview.map(ObjectIdentifier.init), node.placed.frame)
        }
        return places
    }
}
