import Foundation

/// Touches on the text: a click places the caret (Shift extends the selection), a double
/// click selects a word and a drag extends it by words, a triple click selects all, a drag
/// held past an edge keeps extending the selection; and the clear button's press.
extension UITextField {
    /// `extending`: Shift is held, so a click in a field that is editing moves the selection's
    /// far end there, keeping its anchor, as desktop fields do.
    func beginTextTracking(_ touch: UITouch, extending: Bool = false) {
        resetTextTracking()
        let p = touch.location(in: self)
        if isClearButtonShown, clearButtonRect(forBounds: bounds).insetBy(dx: -4, dy: -4).contains(p) {
            trackingClearButton = true
            isClearButtonHighlighted = true
            setNeedsDisplay()
            return
        }
        // What is under the pointer now: beginning to edit may scroll or reflow the text.
        let o = textOffset(at: p)
        let under = textOffset(at: p, characterUnder: true)
        let wasEditing = isEditing
        if !isEditing { _ = becomeFirstResponder() }
        guard isEditing, storedMarkedText == nil else { return }
        switch touch.tapCount {
        case ...1:
            setSelection(anchor: extending && wasEditing ? selectionAnchor : o, focus: o)
        case 2:
            // The word of the character clicked on: its right half is nearer the next boundary.
            let w = wordRange(at: under)
            dragWordAnchor = w
            setSelection(anchor: w.location, focus: w.location + w.length)
        default:
            dragSelectsAll = true
            selectAllText()
        }
    }

    func continueTextTracking(_ touch: UITouch) {
        let p = touch.location(in: self)
        if trackingClearButton {
            let on = clearButtonRect(forBounds: bounds).insetBy(dx: -4, dy: -4).contains(p)
            if on != isClearButtonHighlighted { isClearButtonHighlighted = on; setNeedsDisplay() }
            return
        }
        guard isEditing, storedMarkedText == nil, !dragSelectsAll else { return }
        let o = textOffset(at: p)
        if let w = dragWordAnchor {
            // Extend by whole words, keeping the double-clicked word selected.
            let here = wordRange(at: o)
            if here.location < w.location {
                setSelection(anchor: w.location + w.length, focus: here.location)
            } else {
                setSelection(anchor: w.location, focus: max(here.location + here.length, w.location + w.length))
            }
        } else {
            setSelection(anchor: selectionAnchor, focus: o)
            // Held past an edge, the selection goes on growing, a character every
            // `dragScrollInterval`, as desktop fields scroll, until the pointer comes back.
            dragPoint = p
            let content = contentView.frame
            if p.x < content.minX || p.x > content.maxX {
                if dragScrollTimer == nil {
                    dragScrollTimer = frameClock.scheduleTimer(after: UITextField.dragScrollInterval,
                                                               repeating: UITextField.dragScrollInterval) { [weak self] timer in
                        guard let self, self.isEditing, let p = self.dragPoint else { timer.invalidate(); return }
                        self.setSelection(anchor: self.selectionAnchor, focus: self.textOffset(at: p))
                    }
                }
            } else {
                stopDragScrolling()
            }
        }
    }

    /// How often a drag held past an edge extends the selection by a character (seconds).
    static let dragScrollInterval: TimeInterval = 0.05

    func stopDragScrolling() {
        dragScrollTimer?.invalidate()
        dragScrollTimer = nil
    }

    func endTextTracking(_ touch: UITouch?) {
        if trackingClearButton, let touch,
           clearButtonRect(forBounds: bounds).insetBy(dx: -4, dy: -4).contains(touch.location(in: self)) {
            resetTextTracking()
            clearFromButton()
            return
        }
        resetTextTracking()
    }

    func resetTextTracking() {
        if isClearButtonHighlighted { setNeedsDisplay() }
        trackingClearButton = false
        isClearButtonHighlighted = false
        dragWordAnchor = nil
        dragSelectsAll = false
        dragPoint = nil
        stopDragScrolling()
    }
}
