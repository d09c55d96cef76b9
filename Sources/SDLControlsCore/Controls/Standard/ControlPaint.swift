import Foundation

/// Small drawing helpers shared by the switch, slider and page control.
@MainActor
enum ControlPaint {
    /// The corner radius that makes `rect` a capsule. A hair under half the short side: at
    /// exactly half, the tessellator gets two coincident points where the straight sides
    /// vanish, and its miters spike out of the shape.
    static func capsuleRadius(_ rect: CGRect) -> CGFloat {
        max(0, min(rect.width, rect.height) / 2 - 0.05)
    }

    /// Fills a capsule (a circle when square) with its own polygon: rounded rectangles at a
    /// radius near half the short side leave near-zero edges whose sliver triangles can
    /// crack in software rasterizers.
    static func fillCapsule(_ ctx: DrawContext, _ rect: CGRect, color: UIColor) {
        guard rect.width > 0, rect.height > 0 else { return }
        if abs(rect.width - rect.height) < 0.5 {
            ctx.fillEllipse(in: rect, color: color)
            return
        }
        let r = min(rect.width, rect.height) / 2
        // Segments per half circle: more for bigger curves, so edges stay smooth.
        let n = Int(max(6, min(48, ((r * ctx.scale).squareRoot() * 4).rounded(.up))))   // clamped before converting
        var points: [CGPoint] = []
        points.reserveCapacity(2 * (n + 1))
        func arc(_ center: CGPoint, from start: CGFloat) {
            for i in 0...n {
                let a = start + CGFloat.pi * CGFloat(i) / CGFloat(n)
                points.append(CGPoint(x: center.x + cos(a) * r, y: center.y + sin(a) * r))
            }
        }
        if rect.width > rect.height {
            arc(CGPoint(x: rect.maxX - r, y: rect.midY), from: -.pi / 2)   // right end, top to bottom
            arc(CGPoint(x: rect.minX + r, y: rect.midY), from: .pi / 2)    // left end, bottom to top
        } else {
            arc(CGPoint(x: rect.midX, y: rect.maxY - r), from: 0)          // bottom end
            arc(CGPoint(x: rect.midX, y: rect.minY + r), from: .pi)        // top end
        }
        ctx.fillConvexPolygon(points, color: color)
    }

    /// The colour behind `view`: the nearest ancestor's opaque background, resolved for that
    /// ancestor's style; nil when nothing opaque is behind it (the host's clear colour).
    static func backdrop(of view: UIView) -> UIColor? {
        var v = view.superview
        while let cur = v {
            if let bg = cur.backgroundColor {
                let c = bg.resolvedColor(with: cur.userInterfaceStyle)
                if c.alpha >= 0.999 { return c }
            }
            v = cur.superview
        }
        return nil
    }

    /// Fades a control's colours as UIKit fades a disabled control: the whole control at
    /// `opacity` over what lies behind it, as one layer. Colours are mixed with the backdrop
    /// instead of made translucent, so overlapping parts (a thumb on its track) don't show
    /// through each other; their own alpha is kept, which composes exactly. Without an
    /// opaque backdrop it falls back to multiplying alpha.
    @MainActor
    struct Fader {
        let opacity: CGFloat
        let style: UIUserInterfaceStyle
        let backdrop: UIColor?

        init(view: UIView, style: UIUserInterfaceStyle, opacity: CGFloat) {
            self.opacity = opacity
            self.style = style
            backdrop = opacity < 1 ? ControlPaint.backdrop(of: view) : nil
        }

        func callAsFunction(_ color: UIColor) -> UIColor {
            guard opacity < 1 else { return color }
            let c = color.resolvedColor(with: style)
            guard let b = backdrop else { return c.withAlphaComponent(c.alpha * opacity) }
            let k = opacity
            return UIColor(red: c.red * k + b.red * (1 - k), green: c.green * k + b.green * (1 - k),
                           blue: c.blue * k + b.blue * (1 - k), alpha: c.alpha)
        }
    }
}
