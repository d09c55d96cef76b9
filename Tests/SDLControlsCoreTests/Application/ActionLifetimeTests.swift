import Testing
import Foundation
@testable import SDLControlsCore

/// What happens to queued actions whose control, target or scene went away before the flush
/// (rules B1 and E2, and the project's lifetime rule in `UIApplication.deliverPendingActions`).
@MainActor
struct ActionLifetimeTests {
    let window = makeTestWindow()

    /// A sample-like scene: it owns a root view with a button, and the button's action
    /// captures the scene `unowned`, as the samples did.
    @MainActor final class Scene {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let button = UIButton(type: .system)
        var taps = 0
        init() {
            button.frame = CGRect(x: 20, y: 20, width: 100, height: 40)
            root.addSubview(button)
            for event: UIControl.Event in [.touchDown, .touchCancel, .touchUpInside, .primaryActionTriggered] {
                button.addAction(UIAction { [unowned self] _ in self.taps += 1 }, for: event)
            }
        }
    }

    /// (The window's own queue and counts: other tests' windows queue in theirs meanwhile.)
    @Test func e2_aSceneFreedWithItsActionsQueuedIsDroppedNotRun() {
        var scene: Scene? = Scene()
        window.addSubview(scene!.root)
        weak let button = scene!.button
        let before = window.actionQueueCounts
        window.simulateTouchDown(at: CGPoint(x: 40, y: 40))   // queues touchDown
        #expect(window.pendingActionCount == 1)
        // Leaving the scene cancels the touch (C8: touchCancel queued), then frees it.
        scene!.root.removeFromSuperview()
        scene = nil
        #expect(button == nil, "the queue does not keep the control (or the event's view) alive")
        #expect(window.deliverPendingActions() == 2)
        let after = window.actionQueueCounts
        #expect(after.queued - before.queued == 2)
        #expect(after.dropped - before.dropped == 2, "both dispatches dropped, none ran against the freed scene")
        #expect(after.delivered == before.delivered)
    }

    @Test func e2_aControlFreedBeforeTheFlushIsDroppedAndCounted() {
        let app = resetApplication(); defer { resetApplication() }   // nothing else waits there
        var runs = 0
        var control: UIControl? = UIControl(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        control!.addAction(UIAction { _ in runs += 1 }, for: .valueChanged)
        control!.sendActions(for: .valueChanged)
        control = nil
        // A control in no window queues in the application's queue of such controls.
        let before = app.detachedQueue.counts
        app.deliverDetachedActions()
        #expect(runs == 0)
        #expect(app.detachedQueue.counts.dropped == before.dropped + 1)
    }

    @Test func c8_aControlRemovedButAliveStillGetsItsCancel() {
        let scene = Scene()
        window.addSubview(scene.root)
        window.simulateTouchDown(at: CGPoint(x: 40, y: 40))
        scene.root.removeFromSuperview()
        flush()
        #expect(scene.taps == 2, "touchDown and the touchCancel of its removal both delivered")
        #expect(!scene.button.isTracking && !scene.button.isHighlighted)
    }

    @Test func b1_aTargetFreedBeforeTheFlushIsSkipped() {
        @MainActor final class Target: ActionPerforming {
            nonisolated(unsafe) static var calls = 0
            func actionMethod(for action: ActionSelector) -> ActionMethod? { ActionMethod { Target.calls += 1 } }
        }
        final class Chain: UIView {
            var calls = 0
            override func actionMethod(for action: ActionSelector) -> ActionMethod? {
                action == "hit:" ? ActionMethod { [weak self] in self?.calls += 1 } : super.actionMethod(for: action)
            }
        }
        let chain = Chain(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(chain)
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        chain.addSubview(control)
        Target.calls = 0
        var target: Target? = Target()
        control.addTarget(target, action: "hit:", for: .valueChanged)
        control.sendActions(for: .valueChanged)
        target = nil
        flush()
        #expect(Target.calls == 0)
        #expect(chain.calls == 0, "a dead target's action is not sent up the responder chain (B1)")
    }

    @Test func e2_theEventSnapshotStillDescribesTheTouchWhileItsViewLives() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(control)
        var seen: UIView?
        control.addAction(UIAction { _ in }, for: .touchDown)
        UIApplication.shared.actionDeliveryObserver = { record in seen = record.event?.allTouches?.first?.view }
        defer { UIApplication.shared.actionDeliveryObserver = nil }
        window.simulateTouchDown(at: CGPoint(x: 10, y: 10))
        flush()
        #expect(seen === control)
        window.simulateTouchUp(at: CGPoint(x: 10, y: 10))
        flush()
    }

    /// (Each flush count below starts from empty queues: what other tests' closed windows
    /// left is discarded first.)
    @Test func e3_maximumDeliveriesPerFlushMaxMeansNoLimit() {
        let app = resetApplication(); defer { resetApplication() }
        app.maximumDeliveriesPerFlush = .max
        let a = UIControl(frame: .zero), b = UIControl(frame: .zero)
        var chain = 0
        // A finite chain of 500 actions queued during the flush: all delivered in this flush.
        a.addAction(UIAction { _ in chain += 1; if chain < 500 { b.sendActions(for: .valueChanged) } }, for: .valueChanged)
        b.addAction(UIAction { _ in chain += 1; if chain < 500 { a.sendActions(for: .valueChanged) } }, for: .valueChanged)
        a.sendActions(for: .valueChanged)
        #expect(flush() == 500)
        #expect(chain == 500)
        #expect(!app.hasPendingActions)
    }

    @Test func e3_negativeMaximumActsAsZero() {
        let app = resetApplication(); defer { resetApplication() }
        app.maximumDeliveriesPerFlush = .min
        let a = UIControl(frame: .zero)
        var runs = 0
        a.addAction(UIAction { _ in runs += 1; if runs == 1 { a.sendActions(for: .valueChanged) } }, for: .valueChanged)
        a.sendActions(for: .valueChanged)
        #expect(flush() == 1)
        #expect(app.pendingActionCount == 1, "the action queued during the flush waits for the next frame")
        #expect(flush() == 1)
    }

    /// (The counts of the queue of controls in no window, where these controls send: the
    /// application's totals also hold other tests' windows, which can go away meanwhile.)
    @Test func countsAccountForEveryQueuedDispatch() {
        let app = resetApplication(); defer { resetApplication() }
        let start = app.detachedQueue.counts
        let kept = UIControl(frame: .zero)
        kept.addAction(UIAction { _ in }, for: .valueChanged)
        kept.sendActions(for: .valueChanged)
        kept.sendActions(for: .valueChanged)
        var gone: UIControl? = UIControl(frame: .zero)
        gone!.addAction(UIAction { _ in }, for: .valueChanged)
        gone!.sendActions(for: .valueChanged)
        gone = nil
        flush()
        kept.sendActions(for: .valueChanged)
        app.discardPendingActions()
        kept.sendActions(for: .valueChanged)
        let c = app.detachedQueue.counts
        #expect(c.queued - start.queued == 5)
        #expect(c.delivered - start.delivered == 2)
        #expect(c.dropped - start.dropped == 1)
        #expect(c.discarded - start.discarded == 1)
        #expect(app.pendingActionCount == 1)
        #expect(c.queued - start.queued == (c.delivered - start.delivered) + (c.dropped - start.dropped)
                + (c.discarded - start.discarded) + app.pendingActionCount)
    }
}
