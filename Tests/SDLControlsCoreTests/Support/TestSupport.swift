import Testing
import Foundation
@testable import SDLControlsCore

/// A fresh, visible 400×400 key window over a reset application (batched delivery, empty
/// queue, no observer). Swift Testing makes a new suite instance per test, so suites that
/// hold one of these in a stored property get a clean world each test.
@MainActor
func makeTestWindow(size: CGSize = CGSize(width: 400, height: 400)) -> UIWindow {
    let app = UIApplication.shared
    app.actionDelivery = .batched
    app.discardPendingActions()
    app.actionDeliveryObserver = nil
    app.maximumDeliveriesPerFlush = 10_000
    app.maximumImmediateNesting = 32
    app.delegate = nil
    app.userInterfaceLayoutDirection = .leftToRight
    let window = UIWindow(frame: CGRect(origin: .zero, size: size))
    window.makeKeyAndVisible()
    return window
}

/// Presses and releases a key on the window (the focused control gets it).
@MainActor
func pressKey(_ window: UIWindow, _ code: UIKeyboardHIDUsage) {
    let t = window.frameClock.currentTime
    window.send(UIPress(phase: .began, key: UIKey(keyCode: code), timestamp: t))
    window.send(UIPress(phase: .ended, key: UIKey(keyCode: code), timestamp: t))
}

/// Ends the frame: delivers the batched actions.
@MainActor
@discardableResult
func flush() -> Int { UIApplication.shared.deliverPendingActions() }

/// Records every control event a control sends, as names in delivery order, by adding one
/// `UIAction` per event bit.
@MainActor
final class EventLog {
    private(set) var names: [String] = []
    private(set) var events: [UIEvent?] = []

    static let eventNames: [(UIControl.Event, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragInside, "dragInside"), (.touchDragOutside, "dragOutside"),
        (.touchDragEnter, "dragEnter"), (.touchDragExit, "dragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primaryActionTriggered"), (.menuActionTriggered, "menuActionTriggered"),
        (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]

    init(_ control: UIControl) {
        for (event, name) in EventLog.eventNames {
            // Weak: a log outlives neither its test nor actions a finished test left queued.
            control.addAction(UIAction(identifier: .init("log-\(name)")) { [weak self] action in
                self?.names.append(name)
                self?.events.append(nil)
            }, for: event)
        }
        // Also capture the event object through a typed target for the touch events.
        control.addTarget(self, action: EventLog.record, for: .allTouchEvents)
    }

    private func record(_ sender: UIControl, _ event: UIEvent?) {
        events.append(event)
    }

    /// The names with consecutive drag repeats collapsed ("dragInside…" once).
    var collapsed: [String] {
        var out: [String] = []
        for n in names where out.last != n { out.append(n) }
        return out
    }

    func clear() {
        names.removeAll()
        events.removeAll()
    }
}

/// A system button titled and labelled `title`, at `frame` in `parent`.
@MainActor
@discardableResult
func addButton(_ title: String, _ frame: CGRect, to parent: UIView) -> UIButton {
    let b = UIButton(type: .system)
    b.setTitle(title, for: .normal)
    b.accessibilityLabel = title
    b.frame = frame
    parent.addSubview(b)
    return b
}
