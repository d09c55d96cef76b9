import Foundation
@testable import SDLControlsCore

/// Game controller and keyboard input sent to a suite's test window as the host sends it:
/// suites that drive focus with the D-pad, the stick, buttons and keys conform, holding a
/// window and the time stamped on each sample (`advance(to:)` moves the window's frame clock).
@MainActor
protocol ControllerFocusHarness {
    var window: UIWindow { get }
    var time: TimeInterval { get set }
}

extension ControllerFocusHarness {
    @discardableResult
    func button(_ title: String, _ frame: CGRect, in parent: UIView? = nil) -> UIButton {
        addButton(title, frame, to: parent ?? window)
    }

    @discardableResult
    func down(_ b: UIGameControllerInput.Button, controller: Int = 0) -> Bool {
        window.send(.buttonDown(b, controller: controller, timestamp: time))
    }

    @discardableResult
    func up(_ b: UIGameControllerInput.Button, controller: Int = 0) -> Bool {
        window.send(.buttonUp(b, controller: controller, timestamp: time))
    }

    @discardableResult
    func press(_ b: UIGameControllerInput.Button, controller: Int = 0) -> Bool {
        let d = down(b, controller: controller)
        up(b, controller: controller)
        return d
    }

    @discardableResult
    func stick(_ axis: UIGameControllerInput.Axis, _ value: Double, controller: Int = 0) -> Bool {
        window.send(.axis(axis, value, controller: controller, timestamp: time))
    }

    mutating func advance(to t: TimeInterval) {
        time = t
        window.frameClock.advanceTime(to: t)
    }

    func label(_ v: UIView?) -> String { v?.accessibilityLabel ?? "nil" }

    func key(_ code: UIKeyboardHIDUsage, shift: Bool = false) {
        let t = window.frameClock.currentTime
        var k = UIKey(keyCode: code)
        if shift { k = UIKey(keyCode: code, modifierFlags: .shift) }
        window.send(UIPress(phase: .began, key: k, timestamp: t))
        window.send(UIPress(phase: .ended, key: k, timestamp: t))
    }

    /// A 3×3 grid of buttons "r0c0"… 120 apart horizontally, 60 vertically.
    func grid(in parent: UIView? = nil, origin: CGPoint = CGPoint(x: 20, y: 20)) -> [[UIButton]] {
        (0..<3).map { r in
            (0..<3).map { c in
                button("r\(r)c\(c)", CGRect(x: origin.x + CGFloat(c) * 120, y: origin.y + CGFloat(r) * 60, width: 100, height: 30),
                       in: parent)
            }
        }
    }
}
