import Testing
@testable import SDLControls

struct ReexportTests {
    @Test func moduleReexportsCore() {
        #expect(UIControl.Event.touchUpInside.rawValue == 64)
    }
}
