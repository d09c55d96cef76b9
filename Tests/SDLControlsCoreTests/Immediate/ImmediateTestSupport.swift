import Testing
import Foundation
@testable import SDLControlsCore

/// An `ImmediateView` filling a fresh test window, and frames run as the SDL host runs them
/// with the build after `update()`: deliver the batched actions, build, lay out. The delivery
/// mode is the window's own, so a harness changes nothing other tests see.
@MainActor
final class ImmediateHarness {
    let window: UIWindow
    let view: ImmediateView

    init(style: ImmediateView.Style = .plain, size: CGSize = CGSize(width: 400, height: 600), delivery: ActionDelivery = .batched) {
        window = makeTestWindow(size: size)
        window.actionDelivery = delivery
        view = ImmediateView(frame: window.bounds, style: style)
        window.addSubview(view)
    }

    /// One frame: actions delivered (as `update()` does: the window's, then those of controls
    /// in no window), then the build, then layout.
    func frame(_ content: (ImmediateUI) -> Void) {
        deliverActions()
        view.build(content)
        window.layoutIfNeeded()
    }

    /// One frame with the build *before* the actions are delivered (the wrong order).
    func frameBuildingFirst(_ content: (ImmediateUI) -> Void) {
        view.build(content)
        deliverActions()
        window.layoutIfNeeded()
    }

    private func deliverActions() {
        window.deliverPendingActions()
        UIApplication.shared.deliverDetachedActions()
    }

    /// The centre of `v` in window points.
    func centre(_ v: UIView) -> CGPoint {
        v.convert(CGPoint(x: v.bounds.midX, y: v.bounds.midY), to: nil)
    }

    /// The centre of a slider's thumb in window points.
    func thumb(_ slider: UISlider) -> CGPoint {
        let r = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: slider.value)
        return slider.convert(CGPoint(x: r.midX, y: r.midY), to: nil)
    }

    /// A point `fraction` of the way along a slider's track, at the thumb's height.
    func along(_ slider: UISlider, _ fraction: CGFloat) -> CGPoint {
        let t = slider.trackRect(forBounds: slider.bounds)
        return slider.convert(CGPoint(x: t.minX + t.width * fraction, y: t.midY), to: nil)
    }

    /// Every view of a type in the immediate view's tree, in depth-first order.
    func all<V: UIView>(_ type: V.Type) -> [V] {
        var found: [V] = []
        func walk(_ v: UIView) {
            if let match = v as? V { found.append(match) }
            for sub in v.subviews { walk(sub) }
        }
        walk(view)
        return found
    }
}
