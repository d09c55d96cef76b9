import Foundation

/// Hover: where a mouse or trackpad pointer is while no button is held, which views it is
/// over (``UIView/isHovered``, ``UIView/hoverBegan(at:)`` …) and which cursor it should show
/// (``UIView/pointerCursor(at:)``).
///
/// The hovered views are the view hit-testing finds under the pointer and its superviews,
/// so views that take no touches (hidden, disabled controls, `isUserInteractionEnabled`
/// false) are never hovered. While a pointer touch is down (a button is held) hover stays
/// where the press began, so a drag keeps its cursor and a button being pressed keeps its
/// hover state; the host sends the release location as a hover, and hover follows the pointer
/// again. Content that moves under a still pointer (a scroll, a layout) is re-hit-tested by
/// ``updateHover()``, which the SDL host calls once a frame after layout.
extension UIWindow {
    /// Where the pointer hovers, in window points; nil while it is outside the window (or
    /// before it first moved). Fingers never hover.
    public var hoverLocation: CGPoint? { storedHoverLocation }

    /// The innermost view the pointer hovers over (the view hit-testing found under it), or nil.
    public var hoveredView: UIView? { hoverChain.first?.value }

    /// Feeds where the pointer is while no button is held (window points), as the SDL host
    /// does for mouse motion; nil when it left the window. Hovered views learn it through
    /// ``UIView/hoverBegan(at:)``, ``UIView/hoverMoved(to:)`` and ``UIView/hoverEnded()``.
    /// NaN or infinite locations count as having left; finite ones beyond
    /// ±``UIView/maximumCoordinate`` are clamped.
    public func sendHover(at location: CGPoint?) {
        guard let location, location.x.isFinite, location.y.isFinite else {
            storedHoverLocation = nil
            setHoverChain(nil)
            return
        }
        storedHoverLocation = CGPoint(x: UIView.sanitizedCoordinate(location.x), y: UIView.sanitizedCoordinate(location.y))
        updateHover()
    }

    /// Hit-tests again at ``hoverLocation`` and updates the hovered views (content scrolled
    /// or laid out under a still pointer). Does nothing while a pointer touch is down. Cheap
    /// when nothing changed: one hit-test, no allocation.
    public func updateHover() {
        guard let p = storedHoverLocation else { return }
        for t in touchOrder where t.type == .indirectPointer { return }
        let hit = hitTest(p, with: nil)
        if hit === hoverChain.first?.value {
            guard p != deliveredHoverLocation else { return }
            deliveredHoverLocation = p
            gestureArena.handling {
                for r in hoverChain {
                    guard let v = r.value else { continue }
                    v.hoverMoved(to: v.convert(p, from: nil))
                    v.updateHoverRecognizers(p)
                }
            }
            return
        }
        setHoverChain(hit)
    }

    /// The cursor the pointer should show now: the first ``UIView/pointerCursor(at:)`` along
    /// the hovered views, innermost first; the arrow when none names one or nothing is hovered.
    public var effectivePointerCursor: UIPointerCursor {
        guard let p = storedHoverLocation else { return .arrow }
        for r in hoverChain {
            guard let v = r.value else { continue }
            if let c = v.pointerCursor(at: v.convert(p, from: nil)) { return c }
        }
        return .arrow
    }

    /// Makes `innermost` and its superviews the hovered views: those no longer hovered end
    /// (innermost first), the others move, the new ones begin (outermost first).
    private func setHoverChain(_ innermost: UIView?) {
        var next: [UIView] = []
        var v = innermost
        while let view = v {
            next.append(view)
            v = view.superview
        }
        let old = hoverChain.compactMap(\.value)
        hoverChain = next.map { Weak($0) }
        let p = storedHoverLocation
        deliveredHoverLocation = p
        gestureArena.handling {
            for view in old where !next.contains(where: { $0 === view }) {
                view.storedIsHovered = false
                view.hoverEnded()
                view.updateHoverRecognizers(nil)
            }
            guard let p else { return }
            for view in next where old.contains(where: { $0 === view }) {
                view.hoverMoved(to: view.convert(p, from: nil))
                view.updateHoverRecognizers(p)
            }
            for view in next.reversed() where !old.contains(where: { $0 === view }) {
                view.storedIsHovered = true
                view.hoverBegan(at: view.convert(p, from: nil))
                view.updateHoverRecognizers(p)
            }
        }
    }

    /// `view` is leaving the window: it and its subviews stop being hovered now (the
    /// superviews stay hovered; the next ``updateHover()`` finds what is under the pointer).
    func hoverWillLeave(_ view: UIView) {
        while let r = hoverChain.first {
            guard let first = r.value else { hoverChain.removeFirst(); continue }   // freed
            guard first === view || first.isDescendant(of: view) else { break }
            hoverChain.removeFirst()
            first.storedIsHovered = false
            first.hoverEnded()
            first.updateHoverRecognizers(nil)
        }
    }
}
