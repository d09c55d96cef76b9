import Testing
import Foundation
@testable import SDLControlsCore

/// Views and controls hosted with `ui.custom(…)`: the user's own `UIControl` subclass
/// created once, updated every build and reporting its primary action; a view taken from
/// another superview; one instance declared twice; an intrinsic size that grows.
@MainActor
struct ImmediateCustomViewTests {
    init() { resetApplication() }

    /// `ui.custom(…)` hosts any `UIView` or `UIControl` subclass (the user's own included),
    /// created once and updated each build. The user's own control sending its primary action
    /// returns true (docs: "Returns whether it sent `primaryActionTriggered`").
    @Test func theUsersOwnControlIsHostedAndReportsItsPrimaryAction() {
        let h = ImmediateHarness()
        var made = 0, updated = 0, results: [Bool] = []
        var control: TapCountingControl?
        func build(_ ui: ImmediateUI) {
            results.append(ui.custom({ () -> TapCountingControl in made += 1; return TapCountingControl(frame: CGRect(x: 0, y: 0, width: 80, height: 40)) }()) { c in
                updated += 1; control = c
            })
        }
        h.frame(build)
        h.frame(build)
        #expect(made == 1 && updated == 2)
        h.window.simulateTap(at: h.centre(control!))
        h.frame(build)
        #expect(results == [false, false, true])
        #expect(control!.taps == 1)
    }

    /// A view already in another superview, hosted by `custom`, moves into the panel (UIKit's
    /// `addSubview` moves a view) and is shown there.
    @Test func aCustomViewFromAnotherSuperviewMovesIntoThePanel() {
        let h = ImmediateHarness()
        let elsewhere = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        h.window.addSubview(elsewhere)
        let label = UILabel()
        label.text = "Hosted"
        elsewhere.addSubview(label)
        h.frame { ui in ui.custom(label) }
        #expect(label.isDescendant(of: h.view))
        #expect(!elsewhere.subviews.contains(label))
        #expect(label.window === h.window)
    }

    /// The same instance declared twice in one build, then once: the view must still be shown
    /// (it is declared), not removed with the second declaration's slot.
    @Test func aCustomViewDeclaredTwiceAndThenOnceStaysInTheWindow() {
        let h = ImmediateHarness()
        let shared = UILabel()
        shared.text = "Shared"
        var twice = true
        func build(_ ui: ImmediateUI) {
            ui.custom(shared)
            if twice { ui.custom(shared) }
        }
        h.frame(build)
        #expect(shared.window === h.window)
        twice = false
        h.frame(build)
        #expect(shared.window === h.window, "it is still declared once")
    }

    /// Sizes come from `intrinsicContentSize`: a custom view whose intrinsic size changes in
    /// `update` is laid out again (what follows it in a row moves).
    @Test func aCustomViewWhoseIntrinsicSizeGrowsIsLaidOutAgain() {
        let h = ImmediateHarness(style: .plain)
        var text = "Hi"
        var label: UILabel?, after: UIView?
        func build(_ ui: ImmediateUI) {
            ui.row { ui in
                ui.custom(UILabel()) { l in l.text = text; label = l }
                ui.button("B"); after = ui.lastView
            }
        }
        h.frame(build)
        let before = after!.convert(after!.bounds, to: nil).minX
        text = "A much longer text than before"
        h.frame(build)
        let lf = label!.convert(label!.bounds, to: nil)
        #expect(lf.width >= label!.intrinsicContentSize.width - 0.5)
        #expect(after!.convert(after!.bounds, to: nil).minX > before + 50)
    }
}

/// A user's own control: counts taps and sends its primary action on a lift inside.
final class TapCountingControl: UIControl {
    var taps = 0
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if let touch, bounds.contains(touch.location(in: self)) {
            taps += 1
            sendActions(for: .primaryActionTriggered)
        }
    }
}
