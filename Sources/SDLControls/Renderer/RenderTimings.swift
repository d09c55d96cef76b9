import Foundation

/// Where the CPU time of the last ``SDLHost/render()`` (and ``SDLHost/renderFrame()``) went,
/// split so a benchmark or an overlay can tell building from submitting from presenting.
///
/// Seconds of the calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), not wall time:
/// other processes on a busy machine don't inflate it, and waiting for vsync or the GPU
/// doesn't count, so it is what the UI cost the game's thread.
public struct RenderTimings: Hashable, Sendable {
    /// Building the draw list (`UIWindow.buildDrawList`), including the second build after
    /// the text atlas filled up. Near zero when nothing changed: the last list is reused.
    public var build: Double = 0
    /// Submitting the list (`SDL_RenderGeometry` per command). With the software renderer
    /// this includes filling the UI's pixels: SDL draws each call at once, because a renderer
    /// chosen by name (as headless hosts do) doesn't batch.
    public var submit: Double = 0
    /// `SDL_RenderClear` in ``SDLHost/renderFrame()``; 0 after a bare ``SDLHost/render()``.
    public var clear: Double = 0
    /// `SDL_RenderPresent` in ``SDLHost/renderFrame()``; 0 after a bare ``SDLHost/render()``.
    public var present: Double = 0

    /// Zeroed timings.
    public init() {}

    /// The calling thread's CPU time, in seconds.
    public static func threadCPUTime() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
