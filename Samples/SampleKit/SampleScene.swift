import Foundation
import SDLControls

/// One sample: a view tree shown under the launcher's header, plus optional per-frame work
/// and SDL drawing behind the UI (the embedded-game sample draws its scene there).
@MainActor
open class SampleScene {
    /// The sample's views; the launcher sizes it to the content area.
    public let root = SampleRootView()

    /// The host running the sample (set by the launcher before the first update).
    public internal(set) weak var host: SDLHost?
    /// The launcher's current frame (0-based), for logs.
    public internal(set) var frame = 0
    /// CPU milliseconds the last frame spent in update + render (measured by the launcher).
    public internal(set) var lastFrameMilliseconds: Double = 0

    /// Creates the scene.
    public init() {
        root.backgroundColor = .systemBackground
    }

    /// Called once a frame after the host's update (actions already delivered).
    open func update(frame: Int) {}

    /// Draws with SDL before the UI is drawn over it (embedded-game style).
    open func drawBehindUI(renderer: OpaquePointer, pixelScale: CGFloat, contentOrigin: CGPoint) {}

    /// Receives SDL events the UI did not consume (the game's input).
    open func handleUnconsumed(_ event: SDL_Event, host: SDLHost) {}

    /// Called when the sample is closed.
    open func close() {}
}

/// A sample's name, description and factory.
public struct SampleInfo: Sendable {
    /// The command-line name (`--sample NAME`).
    public let name: String
    /// The title shown in the list.
    public let title: String
    /// One line saying what it shows.
    public let summary: String
    /// Makes the scene.
    public let make: @MainActor @Sendable () -> SampleScene
}

/// Every sample, in list order.
public enum SampleCatalog {
    /// The samples.
    public static let all: [SampleInfo] = [
        SampleInfo(name: "gallery", title: "Gallery", summary: "Every control in every state, with a light/dark switch",
                   make: { GallerySample() }),
        SampleInfo(name: "events", title: "Event inspector", summary: "A custom UIControl and a live log of its events and states",
                   make: { EventInspectorSample() }),
        SampleInfo(name: "target-action", title: "Target-action", summary: "Typed targets, named actions up the responder chain, UIActions",
                   make: { TargetActionSample() }),
        SampleInfo(name: "multitouch", title: "Multi-touch", summary: "Several sliders and a knob dragged at the same time",
                   make: { MultiTouchSample() }),
        SampleInfo(name: "form", title: "Form", summary: "Text fields, keyboard focus, a date picker and validation",
                   make: { FormSample() }),
        SampleInfo(name: "game", title: "Embedded game", summary: "A game scene under a HUD; clicks on the HUD stay out of the game",
                   make: { EmbeddedGameSample() }),
        SampleInfo(name: "stress", title: "Stress", summary: "Thousands of controls with live frame time and draw calls",
                   make: { StressSample() }),
        SampleInfo(name: "immediate", title: "Immediate", summary: "A settings panel declared every frame, next to its retained twin",
                   make: { ImmediateSample() }),
        SampleInfo(name: "gestures", title: "Gestures", summary: "Pan, pinch and rotate a map; swipe rows away; long-press a card",
                   make: { GesturesSample() }),
        SampleInfo(name: "motion", title: "Motion", summary: "A spring menu, a draining health bar, a turned dial, a scrubbed animator",
                   make: { MotionSample() }),
    ]

    /// The sample with a command-line name.
    public static func named(_ name: String) -> SampleInfo? {
        all.first { $0.name == name.lowercased() }
    }
}

/// A sample's root view: runs `onLayout` from `layoutSubviews`, so a sample lays out its
/// views in one closure whenever the window size changes.
@MainActor
public final class SampleRootView: UIView {
    /// Lays out the sample in these bounds.
    public var onLayout: ((CGRect) -> Void)?

    /// Whether touches on the view itself (not on a subview) fall through to what is behind
    /// it, so a HUD overlay lets clicks on empty space reach the game.
    public var passesTouchesThrough = false

    /// Its subviews' hit, or nil for itself when ``passesTouchesThrough``.
    public override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return passesTouchesThrough && hit === self ? nil : hit
    }

    /// Calls `onLayout`.
    public override func layoutSubviews() {
        onLayout?(bounds)
    }
}
