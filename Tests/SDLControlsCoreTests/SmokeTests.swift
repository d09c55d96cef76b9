import Testing
import Foundation
@testable import SDLControlsCore

@MainActor
struct SmokeTests {
    let window = makeTestWindow()

    @Test func tapOnControlSendsTouchDownThenTouchUpInside() {
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        window.addSubview(control)
        let log = EventLog(control)
        window.simulateTap(at: CGPoint(x: 50, y: 30))
        #expect(log.names == [], "batched: nothing before the flush")
        flush()
        #expect(log.names == ["touchDown", "touchUpInside"])
    }
}
