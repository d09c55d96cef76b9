import SDLControlsSDL2
import Foundation

extension SDLHost {
    /// How the host was created.
    public enum Mode: Sendable {
        /// The host owns the window, renderer and loop.
        case standalone
        /// A game owns them; the host draws over its scene.
        case embedded
        /// The dummy video driver and the software renderer.
        case headless
    }

    /// Settings for a window the host creates.
    public struct Configuration: Sendable {
        /// The window title.
        public var title: String
        /// The window size in points; the window is 1…16384 pixels per side (size × scale),
        /// NaN or infinite sides become 1 point.
        public var size: CGSize
        /// Pixels per point to force (headless 2× golden images); nil follows the display.
        /// Clamped to 0.25…8 **(project choice)**; NaN or infinite acts as nil.
        public var scale: CGFloat?
        /// Wait for vsync when presenting.
        public var vsync: Bool
        /// Use the dummy video driver and software renderer.
        public var headless: Bool
        /// Fonts to use.
        public var fonts: FontConfiguration
        /// The colour behind the UI in standalone mode.
        public var clearColor: UIColor
        /// Which inputs move focus (``SDLHost/focusNavigation``); everything by default.
        public var focusNavigation: FocusNavigation
        /// A fixed time step per ``SDLHost/update()`` (``SDLHost/fixedTimeStep``); nil follows
        /// the wall clock.
        public var fixedTimeStep: TimeInterval?
        /// What one UI point is (``SDLHost/layoutSpace``).
        public var layoutSpace: LayoutSpace

        /// Creates a configuration.
        public init(title: String = "SDLControls", size: CGSize = CGSize(width: 960, height: 640), scale: CGFloat? = nil,
                    vsync: Bool = true, headless: Bool = false, fonts: FontConfiguration = FontConfiguration(),
                    clearColor: UIColor = .systemBackground, focusNavigation: FocusNavigation = .all,
                    fixedTimeStep: TimeInterval? = nil, layoutSpace: LayoutSpace = .automatic) {
            self.title = title
            self.size = size
            self.scale = scale
            self.vsync = vsync
            self.headless = headless
            self.fonts = fonts
            self.clearColor = clearColor
            self.focusNavigation = focusNavigation
            self.fixedTimeStep = fixedTimeStep
            self.layoutSpace = layoutSpace
        }
    }

    /// The pixels per point a host can be forced to (``Configuration/scale`` is clamped to it).
    nonisolated public static let scaleRange: ClosedRange<CGFloat> = 0.25...8
}
