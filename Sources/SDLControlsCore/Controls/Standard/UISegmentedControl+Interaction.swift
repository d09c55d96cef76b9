import Foundation

/// What the user's choices do: a selection by touch, keyboard or assistive action sends
/// valueChanged, runs the segment's action and sends primaryActionTriggered (rule B11), a
/// momentary control then queues the reset of its index; Left/Right move the selection (or
/// a momentary control's keyboard cursor) to the next enabled segment. The tracking and
/// accessibility overrides that call these are in UISegmentedControl.swift.
extension UISegmentedControl {
    /// A user selection: valueChanged, the segment's action, primaryActionTriggered; a
    /// momentary control then queues the reset of the index.
    func selectByUser(_ i: Int, event: UIEvent?) {
        let old = storedSelected
        storedSelected = i
        if isMomentary {
            stopPlateAnimation()
        } else {
            startPlateAnimation(from: old)
        }
        setNeedsDisplay()
        pendingSegmentAction = segments[i].action
        sendActions(for: .valueChanged, with: event)
        // A subclass without a primary event never reached primaryActionWillTrigger.
        if let action = pendingSegmentAction {
            pendingSegmentAction = nil
            enqueueInternal(action)
        }
        if isMomentary {
            momentaryGeneration += 1
            let generation = momentaryGeneration
            enqueueInternal(UIAction(identifier: "UISegmentedControl.momentaryReset") { [weak self] _ in
                guard let self, self.momentaryGeneration == generation, self.isMomentary else { return }
                self.storedSelected = Self.noSegment
                self.setNeedsDisplay()
            })
        }
    }

    /// Queues an internal dispatch (empty event mask) in the action queue, so it runs in
    /// order with this control's events in either delivery mode.
    func enqueueInternal(_ action: UIAction) {
        ActionQueue.of(window).enqueue(PendingDelivery(
            control: self, controlEvents: [], entries: [ControlEntry(kind: .action(action), target: nil, mask: [])], event: nil))
    }

    func moveSelection(by delta: Int) {
        guard isEnabled, !segments.isEmpty else { return }
        let current = isMomentary ? (keyboardSegment ?? Self.noSegment) : storedSelected
        var i = current == Self.noSegment ? (delta > 0 ? -1 : segments.count) : current
        repeat { i += delta } while segments.indices.contains(i) && !segments[i].isEnabled
        guard segments.indices.contains(i) else { return }
        if isMomentary {
            keyboardSegment = i
            setNeedsDisplay()
        } else {
            selectByUser(i, event: nil)
        }
    }
}
