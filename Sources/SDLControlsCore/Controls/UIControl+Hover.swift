import Foundation

/// The one hover look of the standard controls: a translucent fill (``Theme/hoverFill``)
/// over the rectangle a control names in ``UIControl/hoverHighlightRect(at:)``, drawn over the
/// control's own drawing and under its focus ring, as iPadOS's pointer highlight effect
/// tints the control under the pointer. It shows while the control is hovered
/// (``UIView/isHovered``), enabled and not highlighted: a press shows the control's own
/// highlighted look instead. It is part of the control's cached geometry, so it is worked
/// out when the control draws, and hover moves redraw the control only when the rectangle
/// changes.
extension UIControl {
    /// The hover highlight to draw now, in bounds coordinates, or nil.
    func currentHoverHighlight() -> CGRect? {
        guard storedIsHovered, isEnabled, !isHighlighted, !isTracking, let w = window, let p = w.hoverLocation else { return nil }
        return hoverHighlightRect(at: convert(p, from: nil))
    }

    /// Marks the control for redrawing when its hover highlight is not the one drawn.
    func refreshHoverHighlight() {
        if currentHoverHighlight() != drawnHoverHighlight { setNeedsDisplay() }
    }

    /// Draws the hover highlight (from `drawOwnContent`, after `draw(_:)`).
    func drawHoverHighlight(in context: DrawContext) {
        let r = currentHoverHighlight()
        drawnHoverHighlight = r
        guard let r, r.width > 0, r.height > 0 else { return }
        context.fillRoundedRect(r, radius: min(hoverHighlightCornerRadius, r.height / 2, r.width / 2), color: Theme.hoverFill)
    }
}
