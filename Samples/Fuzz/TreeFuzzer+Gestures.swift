// TreeFuzzer's gesture recognizers: attached, configured, required to fail each other
// (cycles included), enabled and removed at random, with actions that change the tree.
import Foundation
import SDLControls

extension TreeFuzzer {
    /// Adds, changes or removes a recognizer on `view` (a mutation).
    func mutateGestures(on view: UIView) {
        switch rng.int(0...5) {
        case 0, 1, 2:
            guard (view.gestureRecognizers?.count ?? 0) < 4 else { fallthrough }
            view.addGestureRecognizer(makeRecognizer())
        case 3:
            if let r = view.gestureRecognizers?.randomElement(using: &rng) { view.removeGestureRecognizer(r) }
        case 4:
            if let r = view.gestureRecognizers?.randomElement(using: &rng) { r.isEnabled.toggle() }
        default:
            // A failure requirement on a recognizer anywhere in the tree (it may close a cycle).
            let all = allRecognizers()
            if let a = all.randomElement(using: &rng), let b = all.randomElement(using: &rng) { a.require(toFail: b) }
        }
    }

    private func allRecognizers() -> [UIGestureRecognizer] {
        var out: [UIGestureRecognizer] = []
        func walk(_ v: UIView) {
            out += v.gestureRecognizers ?? []
            for s in v.subviews { walk(s) }
        }
        walk(host.window)
        return out
    }

    private func makeRecognizer() -> UIGestureRecognizer {
        let r: UIGestureRecognizer
        switch rng.int(0...6) {
        case 0:
            let tap = UITapGestureRecognizer()
            tap.numberOfTapsRequired = rng.pick([1, 1, 2, 3, -1])
            tap.numberOfTouchesRequired = rng.pick([1, 1, 2, 0])
            tap.buttonMaskRequired = rng.pick([.primary, .primary, .secondary])
            r = tap
        case 1:
            let press = UILongPressGestureRecognizer()
            press.minimumPressDuration = rng.pick([0.5, 0.1, 0, .nan, -1])
            press.allowableMovement = rng.pick([10, 0, 100, .infinity])
            press.numberOfTapsRequired = rng.pick([0, 0, 1])
            r = press
        case 2:
            let pan = UIPanGestureRecognizer()
            pan.maximumNumberOfTouches = rng.pick([Int.max, 1, 2])
            pan.allowedScrollTypesMask = rng.pick([[], .all, .discrete])
            r = pan
        case 3:
            let swipe = UISwipeGestureRecognizer()
            swipe.direction = rng.pick([.right, .left, [.up, .down], [.left, .right, .up, .down], []])
            r = swipe
        case 4: r = UIPinchGestureRecognizer()
        case 5: r = UIRotationGestureRecognizer()
        default: r = UIHoverGestureRecognizer()
        }
        r.cancelsTouchesInView = rng.chance(0.7)
        r.delaysTouchesBegan = rng.chance(0.2)
        r.delaysTouchesEnded = rng.chance(0.8)
        if rng.chance(0.3) { r.delegate = rng.chance(0.5) ? FuzzGestureDelegate.together : FuzzGestureDelegate.refusing }
        r.addHandler { [weak self] g in self?.gestureFired(g) }
        return r
    }

    /// A recognizer's action: what it reports must be legal and finite; now and then the
    /// action changes the tree (removes its own view, or its own recognizer).
    private func gestureFired(_ g: UIGestureRecognizer) {
        report.gestureActions += 1
        if g.state == .possible || g.state == .failed { checker.fail("\(type(of: g)) action with state \(g.state)") }
        let p = g.location(in: nil)
        var values = [p.x, p.y]
        if let pan = g as? UIPanGestureRecognizer {
            let t = pan.translation(in: nil), v = pan.velocity(in: nil)
            values += [t.x, t.y, v.x, v.y]
        }
        if let pinch = g as? UIPinchGestureRecognizer { values += [pinch.scale, pinch.velocity] }
        if let rotation = g as? UIRotationGestureRecognizer { values += [rotation.rotation, rotation.velocity] }
        if values.contains(where: { !$0.isFinite }) { checker.fail("\(type(of: g)) reported a non-finite value: \(values)") }
        if rng.chance(0.05) { mutate(preferring: g.view) }
        if rng.chance(0.02) { g.view?.removeGestureRecognizer(g) }
    }
}

/// Delegates the fuzzer hands recognizers: one lets every pair recognize together, one
/// refuses every other touch.
@MainActor
final class FuzzGestureDelegate: UIGestureRecognizerDelegate {
    static let together = FuzzGestureDelegate(together: true)
    static let refusing = FuzzGestureDelegate(together: false)
    let together: Bool
    private var asked = 0

    init(together: Bool) { self.together = together }

    func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { together }
    func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        asked += 1
        return together || asked % 2 == 0
    }
}
