import SDLControlsSDL2
import Foundation

// The game's coordinate system: where the UI goes on the render output, read from the game's
// render state each frame (as Dear ImGui's SDL_Renderer backend reads the render scale), and
// the conversions of SDL's mouse and finger positions into UI points that match it.
//
// SDL facts this relies on (SDL 2.26, src/render/SDL_render.c):
// - `SDL_RenderSetLogicalSize` sets the render scale and a letterboxed viewport; the
//   renderer's event watch then reports mouse positions in whole logical units (truncated),
//   measured from the viewport's corner. Without a logical size mouse positions are in window
//   units, whatever scale or viewport the game set.
// - Finger positions are always normalized to the renderer's viewport (not the window).
// - The viewport and clip rectangle are kept in output pixels (doubles); the getters divide
//   by the current scale and round down, so they are read here at scale 1 to get pixels.
// - A render target has its own viewport, scale and logical size; the window's come back
//   when the target is unset (`SDL_GetRendererOutputSize` reports the target's size).

extension SDLHost {
    /// What one UI point is: how the UI is laid out and drawn over the game, and how SDL's
    /// mouse and finger positions become touch locations **(project choice; UIKit has one
    /// screen)**.
    ///
    /// | Game's render state | ``windowPoints`` | ``gameUnits`` |
    /// |---|---|---|
    /// | nothing set | the window's points | output pixels (the game's units at scale 1; points on a 1× display) |
    /// | `SDL_RenderSetLogicalSize(w, h)` | window points over the whole window, letterbox bars included | `w` × `h` points inside the letterbox |
    /// | `SDL_RenderSetScale(s, s)` | window points | output pixels ÷ `s` |
    /// | `SDL_RenderSetViewport(r)` | window points over the whole window | the viewport, in the scale's units |
    ///
    /// Either way the UI is rasterized at the output's full resolution (text at its pixel
    /// size, not scaled up from the logical size), and hit-testing uses the same mapping, so a
    /// press lands on the control drawn under it. A render target bound when ``render()`` is
    /// called stands for the whole window output: the UI is laid out as on the window and
    /// drawn scaled to the target (see ``render()``).
    ///
    /// Two limits come from SDL: with a logical size it reports mouse positions in whole
    /// logical units, so in ``windowPoints`` a click is placed to within half a logical unit;
    /// and it clamps finger positions outside the viewport to its edge, so a touch on a control
    /// drawn in the letterbox bars (possible only in ``windowPoints``) lands on the bar's edge.
    public enum LayoutSpace: Sendable, Equatable {
        /// UI points are window points (SDL's window coordinates; two output pixels each on a
        /// 2× display); the game's logical size, scale and viewport are ignored.
        case windowPoints
        /// UI points are the game's units: the logical size when one is set, else the current
        /// viewport in units of the render scale (the smaller factor when the scale differs by
        /// axis), drawn inside the game's viewport.
        case gameUnits
        /// ``gameUnits`` while the game has a logical size (a pixel-art or letterboxed game
        /// expects its HUD in its own units), ``windowPoints`` otherwise. The default.
        case automatic
    }

    /// Where the UI is on the window's render output (see ``placement``).
    public struct Placement: Sendable, Equatable {
        /// ``LayoutSpace/windowPoints`` or ``LayoutSpace/gameUnits``: the space in effect.
        public var space: LayoutSpace
        /// The UI's size in points: the host window's bounds.
        public var size: CGSize
        /// Output pixels per UI point (fractional for a letterbox scale such as 2.78).
        public var pixelsPerPoint: CGFloat
        /// Where UI point (0, 0) is, in output pixels of the window.
        public var origin: CGPoint
    }

    /// The smallest and largest pixels per point the UI is drawn at **(project choice)**: a
    /// degenerate logical size (1×100000) or scale gives a clamped, still usable UI, laid
    /// out and hit-tested with the clamped value.
    nonisolated public static let pixelsPerPointRange: ClosedRange<CGFloat> = 0.0625...64
}

/// The window's render state as the game left it (not a render target's), read from SDL.
struct WindowRenderState: Equatable {
    /// The window's output size in pixels.
    var outputSize = CGSize(width: 1, height: 1)
    /// The window's size in SDL window units (mouse coordinates).
    var windowSize = CGSize(width: 1, height: 1)
    /// The logical size; zero when none is set.
    var logicalSize = CGSize.zero
    /// The render scale.
    var scaleX: CGFloat = 1, scaleY: CGFloat = 1
    /// The viewport in output pixels.
    var viewport = CGRect(x: 0, y: 0, width: 1, height: 1)

    var hasLogicalSize: Bool { logicalSize.width > 0 && logicalSize.height > 0 }

    /// Output pixels per window unit (2 on a HiDPI display).
    var outputPerWindowUnit: CGSize {
        CGSize(width: windowSize.width > 0 ? outputSize.width / windowSize.width : 1,
               height: windowSize.height > 0 ? outputSize.height / windowSize.height : 1)
    }

    /// The window's state, or nil while a render target is bound (SDL then reports the
    /// target's). Leaves the render state as it was.
    static func read(renderer: OpaquePointer, window: OpaquePointer) -> WindowRenderState? {
        guard SDL_GetRenderTarget(renderer) == nil else { return nil }
        var s = WindowRenderState()
        var ow: Int32 = 0, oh: Int32 = 0, ww: Int32 = 0, wh: Int32 = 0, lw: Int32 = 0, lh: Int32 = 0
        if SDL_GetRendererOutputSize(renderer, &ow, &oh) == 0 { s.outputSize = CGSize(width: CGFloat(max(0, ow)), height: CGFloat(max(0, oh))) }
        SDL_GetWindowSize(window, &ww, &wh)
        s.windowSize = CGSize(width: CGFloat(max(0, ww)), height: CGFloat(max(0, wh)))
        SDL_RenderGetLogicalSize(renderer, &lw, &lh)
        s.logicalSize = lw > 0 && lh > 0 ? CGSize(width: CGFloat(lw), height: CGFloat(lh)) : .zero
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        s.scaleX = CGFloat(sx)
        s.scaleY = CGFloat(sy)
        s.viewport = RenderStateSnapshot.pixelRect({ SDL_RenderGetViewport(renderer, &$0) }, restoring: (renderer, sx, sy))
        return s
    }
}

/// The game's render state as the renderer half last read it, and where it puts the UI.
struct RenderPlacementState {
    /// The pixels per point a headless host was forced to (its window units are pixels).
    let forcedScale: CGFloat?
    /// What one UI point is.
    var layoutSpace: SDLHost.LayoutSpace = .automatic
    /// The window's render state as last read with no render target bound.
    private(set) var windowState = WindowRenderState()
    /// Where the UI is, in ``layoutSpace``, and in window points.
    private(set) var placement = SDLHost.Placement(space: .windowPoints, size: .zero, pixelsPerPoint: 1, origin: .zero)
    private(set) var windowPoints = SDLHost.Placement(space: .windowPoints, size: .zero, pixelsPerPoint: 1, origin: .zero)
    /// Whether ``windowState`` is not the window's: never read, or the window changed since.
    var isStale = true
    /// Whether ``windowState`` was read since the game last had a chance to change it.
    var isCurrent = false

    init(forcedScale: CGFloat?) {
        self.forcedScale = forcedScale
    }

    /// Reads the game's render state for the window. While the game has a render target
    /// bound, SDL reports the target's state, so the window's is kept as last read; when
    /// there is none to keep (a host created while the game's target is bound, a resize seen
    /// while it is) the target is unbound for the read and bound again with its own settings,
    /// since laying the UI out for a state it never read (1 × 1) would draw nothing for as
    /// long as the game keeps its target bound.
    mutating func read(renderer: OpaquePointer, window: OpaquePointer) {
        if let state = WindowRenderState.read(renderer: renderer, window: window) {
            windowState = state
            isStale = false
        } else if isStale {
            let saved = RenderStateSnapshot(renderer: renderer)
            SDL_SetRenderTarget(renderer, nil)   // SDL puts the window's own settings back
            if let state = WindowRenderState.read(renderer: renderer, window: window) { windowState = state }
            saved.restore()   // the game's target, with its viewport, scale, clip and logical size
            isStale = false
        }
        isCurrent = true
        place()
    }

    /// Recomputes the placements from the last state read.
    mutating func place() {
        windowPoints = Self.placement(space: .windowPoints, state: windowState, forcedScale: forcedScale)
        placement = Self.placement(space: layoutSpace, state: windowState, forcedScale: forcedScale)
    }

    /// The conversions between SDL's positions and UI points this state gives.
    var pointerSpace: PointerSpace { PointerSpace(state: windowState, placement: placement) }

    /// The placement `space` gives with the window state `state`.
    static func placement(space: SDLHost.LayoutSpace, state: WindowRenderState, forcedScale: CGFloat?) -> SDLHost.Placement {
        let resolved: SDLHost.LayoutSpace = space == .automatic ? (state.hasLogicalSize ? .gameUnits : .windowPoints) : space
        let range = SDLHost.pixelsPerPointRange
        func clamp(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? min(max(v, range.lowerBound), range.upperBound) : 1 }
        if resolved == .gameUnits {
            let s = clamp(min(state.scaleX, state.scaleY))
            let size = state.hasLogicalSize
                ? state.logicalSize
                : CGSize(width: max(0, state.viewport.width) / s, height: max(0, state.viewport.height) / s)
            return SDLHost.Placement(space: .gameUnits, size: size, pixelsPerPoint: s, origin: state.viewport.origin)
        }
        if let f = forcedScale {
            // Headless: window units are pixels, `f` of them per point.
            return SDLHost.Placement(space: .windowPoints, size: CGSize(width: state.windowSize.width / f, height: state.windowSize.height / f),
                                     pixelsPerPoint: f, origin: .zero)
        }
        let density = state.windowSize.width > 0 ? max(0.25, state.outputSize.width / state.windowSize.width) : 1
        return SDLHost.Placement(space: .windowPoints, size: state.windowSize, pixelsPerPoint: clamp(density), origin: .zero)
    }
}

/// SDL positions ↔ UI points: the value the renderer half gives the platform half (and input
/// scripts) so that a press lands on the control drawn under it.
struct PointerSpace {
    /// The window's render state the positions were converted with.
    var state: WindowRenderState
    /// Where the UI is drawn.
    var placement: SDLHost.Placement

    /// The UI point of a mouse position as SDL reports it in a mouse event (see
    /// ``SDLHost/location(ofMouseX:y:)``).
    func location(ofMouseX x: Int32, y: Int32) -> CGPoint {
        let p = placement
        if state.hasLogicalSize, p.space == .gameUnits, p.size == state.logicalSize {
            return CGPoint(x: CGFloat(x), y: CGFloat(y))   // SDL already reports UI points
        }
        guard state.hasLogicalSize else { return location(ofWindowX: CGFloat(x), y: CGFloat(y)) }
        let pixel = CGPoint(x: state.viewport.minX + (CGFloat(x) + 0.5) * state.scaleX,
                            y: state.viewport.minY + (CGFloat(y) + 0.5) * state.scaleY)
        return CGPoint(x: (pixel.x - p.origin.x) / p.pixelsPerPoint, y: (pixel.y - p.origin.y) / p.pixelsPerPoint)
    }

    /// The UI point of a position in SDL window units as SDL has it before any logical-size
    /// conversion (`SDL_GetMouseState`, a wheel event's `mouseX` / `mouseY` in SDL 2.26).
    func location(ofWindowX x: CGFloat, y: CGFloat) -> CGPoint {
        let p = placement, k = state.outputPerWindowUnit
        return CGPoint(x: (x * k.width - p.origin.x) / p.pixelsPerPoint, y: (y * k.height - p.origin.y) / p.pixelsPerPoint)
    }

    /// The UI point of a finger position as SDL reports it (`event.tfinger.x` / `y`, 0…1
    /// across the renderer's viewport).
    func location(ofFingerX x: Float, y: Float) -> CGPoint {
        let p = placement
        let pixel = CGPoint(x: state.viewport.minX + CGFloat(x) * state.viewport.width,
                            y: state.viewport.minY + CGFloat(y) * state.viewport.height)
        return CGPoint(x: (pixel.x - p.origin.x) / p.pixelsPerPoint, y: (pixel.y - p.origin.y) / p.pixelsPerPoint)
    }

    /// The SDL window coordinates (what a mouse event carries before SDL's logical-size
    /// conversion) of a UI point: input scripts push these.
    func windowCoordinates(of point: CGPoint) -> (x: Int32, y: Int32) {
        let pixel = outputPixel(of: point)
        let k = state.outputPerWindowUnit
        return (Int32(saturating: (pixel.x / k.width).rounded()), Int32(saturating: (pixel.y / k.height).rounded()))
    }

    /// A finger position normalized to the window's output (what a touch device reports
    /// before SDL's viewport conversion) of a UI point.
    func normalizedWindowPosition(of point: CGPoint) -> (x: Float, y: Float) {
        let pixel = outputPixel(of: point)
        let o = state.outputSize
        return (Float(o.width > 0 ? pixel.x / o.width : 0), Float(o.height > 0 ? pixel.y / o.height : 0))
    }

    /// A UI point in output pixels of the window.
    func outputPixel(of point: CGPoint) -> CGPoint {
        let p = placement
        return CGPoint(x: p.origin.x + point.x * p.pixelsPerPoint, y: p.origin.y + point.y * p.pixelsPerPoint)
    }

    /// A rectangle in UI points as SDL window coordinates (the IME candidate window).
    func windowRect(of rect: CGRect) -> SDL_Rect {
        let a = outputPixel(of: rect.origin), b = outputPixel(of: CGPoint(x: rect.maxX, y: rect.maxY))
        let k = state.outputPerWindowUnit
        func c(_ v: CGFloat) -> Int32 { Int32(saturating: v.rounded()) }
        return SDL_Rect(x: c(a.x / k.width), y: c(a.y / k.height), w: c((b.x - a.x) / k.width), h: c((b.y - a.y) / k.height))
    }
}

extension Int32 {
    /// `value` rounded toward zero and clamped to Int32's range; NaN becomes 0.
    init(saturating value: CGFloat) {
        if value.isNaN { self = 0 } else if value >= CGFloat(Int32.max) { self = .max } else if value <= CGFloat(Int32.min) { self = .min } else { self = Int32(value) }
    }
}

