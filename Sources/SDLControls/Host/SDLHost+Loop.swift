import SDLControlsSDL2
import Foundation

// The frame: events through the platform half, the update, drawing through the renderer
// half, and the standalone loop that runs them.
extension SDLHost {
    /// Feeds one SDL event to the UI. Returns true when the UI consumed it and the game
    /// should ignore it (the table is in the DocC article "Input from SDL" and the README).
    /// Events may come before the first ``update()``; after ``shutdown()`` this returns false.
    @discardableResult
    public func handle(_ event: SDL_Event) -> Bool {
        guard isUsable else { return false }
        // Pointer positions need the render state SDL converted them with: the one the game
        // left after its last frame, read once per batch of events.
        if platform.needsPointerSpace(event) { place(reading: .ifStale) }
        let outcome = running { platform.handle(event, input: .init(time: now(), space: backend.pointerSpace)) }
        let requests = outcome.requests
        if requests.contains(.quit) { quitRequested = true }
        if requests.contains(.showFrame) { presentPending = true }   // exposed, resized: show the frame again
        if requests.contains(.readWindowMetrics) { readWindowMetrics() }
        if requests.contains(.recreateTextures) {
            backend.recreateTextures()
            window.needsRedraw = true
        }
        return outcome.consumed
    }

    /// The per-frame update: reads the game's render state (``placement``), starts the frame,
    /// runs this window's timers, delivers the batched actions (rule E1), lays out the tree
    /// and keeps SDL's text input in step with the first responder. Call it once a frame
    /// after handling the frame's events and before ``render()``.
    public func update() {
        guard isUsable else { return }
        running { updateFrame() }
    }

    private func updateFrame() {
        place(reading: .always)
        if !pendingNotices.isEmpty {
            for message in pendingNotices { notice(message) }
            pendingNotices.removeAll()
        }
        window.beginFrame()
        // This window's timers (autorepeat, caret blink, animations) before actions (rule E1).
        window.frameClock.advanceTime(to: now())
        // Only this window's actions (another host delivers its own), then those of controls
        // in no window.
        window.deliverPendingActions()
        UIApplication.shared.deliverDetachedActions()
        guard !isShutDown else { return }   // an action shut the host down
        window.layoutIfNeeded()
        window.updateFocusIfNeeded()   // a focus reset asked for this frame, now that layout is done
        window.updateHover()           // content scrolled or laid out under a still pointer
        window.updateFocusIfNeeded()   // a hover recognizer's action may have hidden what has focus
        platform.updateCursor()
        platform.syncTextInput(space: backend.pointerSpace)
        time.advance()                 // the next frame's input and update
        backend.handOverToGame()       // the game draws next, and may change its render state
    }

    /// Draws the UI into the current render target, where ``placement`` puts it: brings the
    /// views' cached geometry up to date at the output's pixels per point and draws it at
    /// render scale 1, reusing the UI's cached pixels where nothing changed (see
    /// ``pixelCaching``); then puts back the draw colour, blend mode, scale, viewport and clip
    /// rectangle exactly. The render target is left as found (redrawing part of the pixel
    /// cache switches to its texture for a moment and back). Works without a prior
    /// ``update()`` (layout happens here then).
    ///
    /// A render target stands for the window's whole output **(project choice)**: the UI is
    /// laid out as on the window and drawn scaled by the target's size over the output's
    /// (the smaller ratio when they differ by axis), so a game that draws the target over the
    /// whole window gets the UI, and its hit-testing, where it would be without the target.
    public func render() {
        guard isUsable else { return }
        running {
            place(reading: .always)
            let frame = backend.draw(window, log: log)
            drawStats = frame.stats
            counters = frame.counters
            lastRenderTimings = frame.timings
        }
    }

    /// One standalone frame: clear, ``render()``, present. Embedded games don't call this.
    public func renderFrame() {
        guard isUsable else { return }
        running {
            // Components, not resolvedColor(with:): that creates a UIColor, a heap allocation every frame.
            let c = clearColor.resolvedComponents(with: window.userInterfaceStyle)
            let clearStart = RenderTimings.threadCPUTime()
            backend.clear(red: UIColor.byte(c.red), green: UIColor.byte(c.green), blue: UIColor.byte(c.blue), alpha: UIColor.byte(c.alpha))
            let clear = RenderTimings.threadCPUTime() - clearStart
            render()
            guard !isShutDown else { return }   // the app's drawing shut the host down
            let presentStart = RenderTimings.threadCPUTime()
            backend.present()
            lastRenderTimings.clear = clear
            lastRenderTimings.present = RenderTimings.threadCPUTime() - presentStart
        }
    }

    /// Polls every pending SDL event into ``handle(_:)``. Returns false once the user asked to
    /// quit (`SDL_QUIT`, or the host's window was closed). With two hosts in one process, poll
    /// once yourself and give every event to each host's ``handle(_:)`` instead: each takes
    /// only its own window's events, and this method would drop the other window's.
    @discardableResult
    public func pollEvents() -> Bool {
        guard isUsable else { return false }
        var event = SDL_Event()
        // Stops when an event's action shut the host down: the rest stay queued for the game.
        while !isShutDown, SDL_PollEvent(&event) != 0 {
            handle(event)
            // Polled here, so freed here, as SDL asks (a game that polls frees its own).
            if event.type == SDL_TEXTEDITING_EXT.rawValue { SDL_free(event.editExt.text) }
        }
        return !quitRequested && !isShutDown
    }

    /// Runs the standalone loop: events, ``update()``, `onFrame`, ``renderFrame()``; until the
    /// user quits, `frames` frames have run, or `onFrame` returns false. Returns the number
    /// of frames run. Does not shut the host down.
    ///
    /// Without `frames` and `onFrame` the loop draws on demand: a frame is drawn only when
    /// the UI changed (``/SDLControlsCore/UIWindow/needsFrame``) or the window needs it, and in between the
    /// loop sleeps until an event arrives or the next timer (caret blink, animation step,
    /// autorepeat) is due, so a still UI costs no CPU **(project choice)**. With `frames`
    /// or `onFrame` the caller's code runs every frame and every frame is drawn.
    @discardableResult
    public func run(frames: Int? = nil, onFrame: ((Int) -> Bool)? = nil) -> Int {
        guard isUsable else { return 0 }
        let onDemand = frames == nil && onFrame == nil
        var frame = 0
        while frames.map({ frame < $0 }) ?? true {
            guard pollEvents() else { break }
            update()
            if let onFrame, !onFrame(frame) { break }
            if !onDemand || presentPending || window.needsFrame {
                presentPending = false
                renderFrame()
            } else {
                waitForEventOrTimer()
            }
            frame += 1
        }
        return frame
    }

    /// Sleeps until an SDL event is queued or the window's next timer is due.
    private func waitForEventOrTimer() {
        var ms: Int32 = -1
        if let next = window.frameClock.nextFireTime {
            let remaining = ((next - clock()) * 1000).rounded(.up)
            guard remaining > 0 else { return }
            ms = Int32(min(remaining, 60_000))
        }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if driver == "dummy" || driver == "offscreen" {
            // These drivers can't block: SDL would wake every millisecond to poll. Sleep in
            // slices instead (an event pushed meanwhile waits at most one slice).
            guard SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_FALSE else { return }
            SDL_Delay(UInt32(ms < 0 ? 100 : min(ms, 100)))
        } else {
            SDL_WaitEventTimeout(nil, ms)
        }
    }

    // MARK: Between the halves

    /// The time of input and timers: the current fixed step, or ``clock``.
    func now() -> TimeInterval { time.now() }

    /// Has the renderer half place the UI on the game's render state (reading it when
    /// `reading` says), and fits the window to the placement: resized when the UI's size
    /// changed, redrawn when it moved, measured again when text's scale changed.
    func place(reading: SDLRenderBackend.StateRead) {
        let change = backend.place(reading: reading)
        let frame = CGRect(origin: .zero, size: change.placement.size)
        if window.frame != frame {
            window.frame = frame
            window.setNeedsLayout()
        }
        if change.moved { window.needsRedraw = true }
        if change.textScaleChanged { window.textMetricsDidChange() }
    }

    /// The window was resized or moved to another display: its size and pixel density are
    /// read again, and everything is laid out and drawn again.
    func readWindowMetrics() {
        backend.windowDidChange()
        place(reading: .always)
        window.setNeedsLayout()
        window.needsRedraw = true
    }
}
