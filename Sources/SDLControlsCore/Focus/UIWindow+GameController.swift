import Foundation

/// Game controllers: what each button and the left stick do, through the focus engine
/// (`UIWindow+FocusEngine.swift`). Controller input goes to the window directly, not through
/// the responder chain, and ``send(_:)-(UIGameControllerInput)`` answers whether the UI used it.
///
/// | Input | Does | Used (consumed) when |
/// |---|---|---|
/// | D-pad, left stick | an adjustable focused control: left/right adjust it; otherwise move focus by geometry; with nothing focused, focus the preferred view | focus moved, was set, or a control was adjusted |
/// | A (south) | ``UIView/accessibilityActivate()`` on the focused view: the events of a tap; a text field begins editing | the view did something |
/// | B (east) | ends editing in a text field; otherwise ``controllerBackHandler`` ("back") | editing ended, or the handler returned true |
/// | Left / right shoulder | the previous / next segment, page or step of an adjustable focused control | the focused control is adjustable |
/// | Start | ``controllerStartHandler`` (the game's) | the handler returned true |
/// | Other buttons, right stick, triggers | nothing | never |
///
/// The release of a button, and every stick motion of a hold, is used exactly when the
/// press (or the start of the hold) was. Any button press shows the focus ring
/// (``isFocusRingVisible``), as does the stick leaving its dead zone.
///
/// With controller navigation off (``focusNavigation`` without ``FocusNavigation/gameController``)
/// the D-pad, the stick, A and the shoulders are not used and show no ring; B still ends
/// editing, and the back and start handlers still run.
///
/// **Repeat.** A held D-pad direction, or the stick held in one, repeats its step
/// ``controllerRepeatDelay`` (0.4 s) after the press and then every
/// ``controllerRepeatInterval`` (0.1 s), on the window's ``UIView/frameClock`` (the host
/// clock). The delay counts from the press's timestamp (or the clock's current time, if
/// that is later), and a slow frame catches up at most one step. A press the UI did not use
/// does not repeat. Each controller repeats on its own; ``cancelGameControllerInput(controller:)``
/// stops one (the SDL host calls it when a controller is removed or the window loses focus).
///
/// **Stick.** The left stick engages a direction when its stronger axis passes
/// ``controllerStickThreshold`` (0.5 of full tilt; the dead zone is everything below it),
/// in that axis's direction, and lets go when both axes fall below
/// ``controllerStickReleaseThreshold`` (0.3), so a stick resting near the threshold doesn't
/// chatter. Turning it to another direction past the threshold without centring is a new press.
extension UIWindow {
    /// Handles one controller sample (see the table above). Returns whether the UI used it;
    /// the game should ignore what the UI used.
    @discardableResult
    public func send(_ input: UIGameControllerInput) -> Bool {
        inputGeneration &+= 1
        switch input.kind {
        case .buttonDown(let button):
            gameControllerWasUsed(input.controller)
            return controllerButtonDown(button, input)
        case .buttonUp(let button):
            guard let state = focusSystem.controllers[input.controller] else { return false }
            if state.dpadButton == button {
                state.dpadRepeat?.invalidate()
                state.dpadRepeat = nil
                state.dpadButton = nil
            }
            let used = state.usedButtons.remove(button) != nil
            forgetIfIdle(input.controller)
            return used
        case .axisMoved(let axis, let value):
            if abs(value) >= focusSystem.stickPressThreshold { gameControllerWasUsed(input.controller) }
            return controllerAxisMoved(axis, value, input)
        }
    }

    /// Runs when B (east) is pressed and no text field is editing: the "back" button (the
    /// sample launcher returns to its list). Return whether it did something; B counts as
    /// used then. Nil (the default): B is not used **(project choice)**.
    public var controllerBackHandler: (@MainActor () -> Bool)? {
        get { focusSystem.backHandler }
        set { focusSystem.backHandler = newValue }
    }

    /// Runs when Start is pressed: the game decides (a pause menu …). Return whether it did
    /// something; Start counts as used then. Nil (the default): Start is not used.
    public var controllerStartHandler: (@MainActor () -> Bool)? {
        get { focusSystem.startHandler }
        set { focusSystem.startHandler = newValue }
    }

    /// Seconds from a D-pad or stick press to its first repeat; 0.4 by default. Values that
    /// are not finite or below 0.05 are ignored.
    public var controllerRepeatDelay: TimeInterval {
        get { focusSystem.repeatDelay }
        set { if newValue.isFinite, newValue >= 0.05 { focusSystem.repeatDelay = newValue } }
    }

    /// Seconds between repeats after the first; 0.1 by default. Values that are not finite
    /// or below 0.02 are ignored.
    public var controllerRepeatInterval: TimeInterval {
        get { focusSystem.repeatInterval }
        set { if newValue.isFinite, newValue >= 0.02 { focusSystem.repeatInterval = newValue } }
    }

    /// How far (0…1) the left stick's stronger axis must tilt to engage a direction; 0.5
    /// by default. Values outside 0.1…1 or not finite are ignored; the release threshold is
    /// lowered to match when it would be above.
    public var controllerStickThreshold: Double {
        get { focusSystem.stickPressThreshold }
        set {
            guard newValue.isFinite, newValue >= 0.1, newValue <= 1 else { return }
            focusSystem.stickPressThreshold = newValue
            focusSystem.stickReleaseThreshold = min(focusSystem.stickReleaseThreshold, newValue)
        }
    }

    /// Below this tilt (0…1) on both axes the stick lets go of its direction; 0.3 by default.
    /// Values outside 0.05…``controllerStickThreshold`` or not finite are ignored.
    public var controllerStickReleaseThreshold: Double {
        get { focusSystem.stickReleaseThreshold }
        set {
            guard newValue.isFinite, newValue >= 0.05, newValue <= focusSystem.stickPressThreshold else { return }
            focusSystem.stickReleaseThreshold = newValue
        }
    }

    /// Forgets what `controller` holds (nil: every controller): its repeats stop and its
    /// releases are no longer reported as used. For a controller that was removed, or a
    /// window that lost input focus.
    public func cancelGameControllerInput(controller: Int? = nil) {
        if let controller {
            focusSystem.controllers[controller]?.cancel()
            focusSystem.controllers[controller] = nil
        } else {
            for state in focusSystem.controllers.values { state.cancel() }
            focusSystem.controllers.removeAll()
        }
    }

    // MARK: Connected controllers (what button prompts are drawn for)

    /// Tells the window that `controller` (the id its input carries) is connected, and what
    /// kind it is. Button prompts (``UIControllerPromptView``) are drawn for the controller
    /// that connected last, until another connected one presses a button or tilts a stick.
    /// The SDL host calls this for every controller SDL reports, those present at start
    /// included; a window without a host is told by the game. Connecting a known id again
    /// changes its kind only.
    public func gameControllerConnected(_ controller: Int, type: UIGameControllerType) {
        let before = gameControllerType
        if let i = focusSystem.connectedControllers.firstIndex(where: { $0.id == controller }) {
            focusSystem.connectedControllers[i].type = type
        } else {
            focusSystem.connectedControllers.append((controller, type))
            focusSystem.promptController = controller
        }
        gameControllerTypeMayHaveChanged(from: before)
    }

    /// Tells the window that `controller` is gone: what it held is forgotten
    /// (``cancelGameControllerInput(controller:)``), and prompts turn to the last connected
    /// controller left, or draw nothing when none is. An id the window doesn't know only
    /// cancels its input.
    public func gameControllerDisconnected(_ controller: Int) {
        cancelGameControllerInput(controller: controller)
        let before = gameControllerType
        focusSystem.connectedControllers.removeAll { $0.id == controller }
        if focusSystem.promptController == controller {
            focusSystem.promptController = focusSystem.connectedControllers.last?.id
        }
        gameControllerTypeMayHaveChanged(from: before)
    }

    /// The connected controllers, in the order they connected, with their kinds.
    public var connectedGameControllers: [(controller: Int, type: UIGameControllerType)] {
        focusSystem.connectedControllers.map { ($0.id, $0.type) }
    }

    /// The kind of controller button prompts are drawn for now: the connected controller
    /// that last pressed a button or moved a stick or trigger past ``controllerStickThreshold``,
    /// else the one that connected last; nil when none is connected. Prompts that follow it
    /// redraw (and resize) when it changes.
    public var gameControllerType: UIGameControllerType? {
        guard let id = focusSystem.promptController else { return nil }
        return focusSystem.connectedControllers.first { $0.id == id }?.type
    }

    /// Whether `controller` is among the connected ones (the SDL host asks before telling).
    package func knowsGameController(_ controller: Int) -> Bool {
        focusSystem.connectedControllers.contains { $0.id == controller }
    }

    /// A connected controller was used: prompts follow it.
    private func gameControllerWasUsed(_ controller: Int) {
        guard focusSystem.promptController != controller,
              focusSystem.connectedControllers.contains(where: { $0.id == controller }) else { return }
        let before = gameControllerType
        focusSystem.promptController = controller
        gameControllerTypeMayHaveChanged(from: before)
    }

    /// Tells the prompts that follow the window (those with no ``UIControllerPromptView/controllerType``
    /// of their own) when the kind they draw changed. A walk of the tree, on a hot-plug or a
    /// switch of hands: rare, and no view pays anything between.
    private func gameControllerTypeMayHaveChanged(from before: UIGameControllerType?) {
        guard gameControllerType != before else { return }
        func visit(_ view: UIView) {
            (view as? UIControllerPromptView)?.windowControllerTypeDidChange()
            for sub in view.subviews { visit(sub) }
        }
        visit(self)
    }

    /// The number of controllers whose held directions or buttons the window tracks (tests).
    var trackedControllerCount: Int { focusSystem.controllers.count }

    // MARK: Buttons

    private func controllerButtonDown(_ button: UIGameControllerInput.Button, _ input: UIGameControllerInput) -> Bool {
        let navigates = focusNavigation.contains(.gameController)
        if navigates { isFocusRingVisible = true }
        let state = focusSystem.controller(input.controller)
        let used: Bool
        let isNavigation: Bool = switch button {
        case .dpadUp, .dpadDown, .dpadLeft, .dpadRight, .south, .leftShoulder, .rightShoulder: true
        default: false
        }
        switch button {
        case _ where isNavigation && !navigates:
            used = false   // controller navigation is off (focusNavigation)
        case .dpadUp, .dpadDown, .dpadLeft, .dpadRight:
            let heading: UIFocusHeading = button == .dpadUp ? .up : button == .dpadDown ? .down : button == .dpadLeft ? .left : .right
            state.dpadRepeat?.invalidate()
            state.dpadButton = button
            used = performDirectionalStep(heading, takesInitialFocus: true)
            state.dpadRepeat = used ? scheduleDirectionRepeat(heading, pressedAt: input.timestamp) : nil
        case .south:
            layoutIfNeeded()
            used = validFocusedView?.accessibilityActivate() ?? false
        case .east:
            if let editing = firstResponder, editing is UIKeyInput {
                editing.resignFirstResponder()
                used = true
            } else if let overlay = topOverlay as? WindowOverlay {
                overlay.dismissOverlay()   // a popover (a date picker's editor) closes first
                used = true
            } else {
                used = focusSystem.backHandler?() ?? false
            }
        case .leftShoulder, .rightShoulder:
            layoutIfNeeded()
            if let focused = validFocusedView, focused.accessibilityTraits.contains(.adjustable) {
                // Next / previous in the control's own order, whatever the layout direction.
                if button == .rightShoulder { focused.accessibilityIncrement() } else { focused.accessibilityDecrement() }
                used = true
            } else {
                used = false
            }
        case .start:
            used = focusSystem.startHandler?() ?? false
        default:
            used = false
        }
        if used { state.usedButtons.insert(button) }
        forgetIfIdle(input.controller)
        return used
    }

    // MARK: Stick

    private func controllerAxisMoved(_ axis: UIGameControllerInput.Axis, _ value: Double, _ input: UIGameControllerInput) -> Bool {
        guard axis == .leftX || axis == .leftY else { return false }
        guard focusNavigation.contains(.gameController) else { return false }   // the stick is the game's
        let v = value.isNaN ? 0 : min(1, max(-1, value))
        let state = focusSystem.controller(input.controller)
        if axis == .leftX { state.stickX = v } else { state.stickY = v }
        let heading = stickHeading(state)
        defer { forgetIfIdle(input.controller) }
        guard heading != state.stickHeading else { return state.stickUsed }
        state.stickRepeat?.invalidate()
        state.stickRepeat = nil
        state.stickHeading = heading
        guard let heading else {
            // Back in the dead zone: the release of a hold the UI used is used too.
            let used = state.stickUsed
            state.stickUsed = false
            return used
        }
        isFocusRingVisible = true
        let used = performDirectionalStep(heading, takesInitialFocus: true)
        state.stickUsed = used
        if used { state.stickRepeat = scheduleDirectionRepeat(heading, pressedAt: input.timestamp) }
        return used
    }

    /// The direction the stick is held in, with hysteresis (see the overview).
    private func stickHeading(_ state: ControllerState) -> UIFocusHeading? {
        let ax = abs(state.stickX), ay = abs(state.stickY)
        let dominant: UIFocusHeading = ax >= ay ? (state.stickX > 0 ? .right : .left) : (state.stickY > 0 ? .down : .up)
        let dominantTilt = max(ax, ay)
        guard let current = state.stickHeading else {
            return dominantTilt >= focusSystem.stickPressThreshold ? dominant : nil
        }
        if dominantTilt < focusSystem.stickReleaseThreshold { return nil }
        return dominant != current && dominantTilt >= focusSystem.stickPressThreshold ? dominant : current
    }

    // MARK: Repeat

    /// A timer that repeats `heading`'s step while it is held (see the overview).
    private func scheduleDirectionRepeat(_ heading: UIFocusHeading, pressedAt timestamp: TimeInterval) -> FrameTimer {
        let clock = frameClock
        let start = timestamp.isFinite ? max(timestamp, clock.currentTime) : clock.currentTime
        var lastStep = -TimeInterval.infinity
        return clock.scheduleTimer(after: start - clock.currentTime + focusSystem.repeatDelay,
                                   repeating: focusSystem.repeatInterval) { [weak self, weak clock] _ in
            // One step per frame: after a stall the clock fires overdue repeats in one pass.
            guard let self, let clock, clock.currentTime != lastStep else { return }
            lastStep = clock.currentTime
            _ = self.performDirectionalStep(heading, takesInitialFocus: true, isRepeat: true)
        }
    }

    private func forgetIfIdle(_ controller: Int) {
        if let state = focusSystem.controllers[controller], state.isIdle, state.stickX == 0, state.stickY == 0 {
            focusSystem.controllers[controller] = nil
        }
    }
}
