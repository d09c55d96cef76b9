import Foundation

/// A controller button drawn as it is printed on the controller (``UIControllerPromptView``):
/// every glyph is built from the drawing context's own shapes and text, no image files.
///
/// Sizes follow one number, the glyph's height `d` (a face button's diameter): face buttons,
/// sticks and the small round buttons are discs of `d`; shoulders and named buttons
/// ("OPTIONS") are capsules `0.78 d` high, as wide as their name needs; the D-pad is a cross
/// `d` across with the pressed arm lit.
@MainActor
enum ControllerGlyph {
    /// What a button looks like on one kind of controller.
    enum Shape: Equatable {
        /// A face button: a disc with the kind's letter, symbol or position dot.
        case face
        /// A disc with short text (sticks, the PlayStation button).
        case disc(String)
        /// A capsule with a name (shoulders, paddles, named buttons).
        case capsule(String)
        /// The D-pad, with the arm for `button` lit.
        case dpad
        /// A disc with a symbol drawn in it.
        case symbol(Symbol)
    }

    /// Symbols drawn inside a disc.
    enum Symbol: Equatable {
        case menu, view, plus, minus, home, ring, capture
    }

    static func shape(of button: UIGameControllerInput.Button, on type: UIGameControllerType) -> Shape {
        switch button {
        case .south, .east, .west, .north: return .face
        case .dpadUp, .dpadDown, .dpadLeft, .dpadRight: return .dpad
        case .leftStick, .rightStick: return .disc(type.name(of: button))
        case .leftShoulder, .rightShoulder, .paddle1, .paddle2, .paddle3, .paddle4:
            return .capsule(type.name(of: button))
        case .touchpad: return .capsule("TOUCHPAD")
        case .start:
            switch type {
            case .xbox: return .symbol(.menu)
            case .nintendo: return .symbol(.plus)
            case .playStation, .generic: return .capsule(type.name(of: button).uppercased())
            }
        case .back:
            switch type {
            case .xbox: return .symbol(.view)
            case .nintendo: return .symbol(.minus)
            case .playStation, .generic: return .capsule(type.name(of: button).uppercased())
            }
        case .guide:
            switch type {
            case .xbox: return .symbol(.ring)
            case .playStation: return .disc("PS")
            case .nintendo, .generic: return .symbol(.home)
            }
        case .misc1:
            return type == .nintendo ? .symbol(.capture) : .capsule(type.name(of: button).uppercased())
        }
    }

    /// The font of a capsule's or disc's name, for a glyph `d` points high.
    static func nameFont(_ text: String, height d: CGFloat) -> UIFont {
        .systemFont(ofSize: max(1, (text.count <= 2 ? 0.44 : 0.36) * d), weight: .bold)
    }

    /// The font of a face button's letter.
    static func letterFont(height d: CGFloat) -> UIFont {
        .systemFont(ofSize: max(1, 0.6 * d), weight: .bold)
    }

    /// The glyph's width for a height of `d` points.
    static func width(of button: UIGameControllerInput.Button, on type: UIGameControllerType, height d: CGFloat,
                      measurer: TextMeasuring) -> CGFloat {
        switch shape(of: button, on: type) {
        case .face, .disc, .dpad, .symbol: return d
        case .capsule(let name):
            let text = measurer.size(of: name, font: nameFont(name, height: d)).width
            return max(d * 1.3, (text + d * 0.7).rounded(.up))
        }
    }

    /// The colour printed on a face button (its letter or symbol).
    static func faceColor(_ button: UIGameControllerInput.Button, on type: UIGameControllerType) -> UIColor {
        let k = faceIndex(button)
        switch type {
        case .xbox:
            return [UIColor(red: 0.42, green: 0.78, blue: 0.24, alpha: 1), UIColor(red: 0.93, green: 0.27, blue: 0.25, alpha: 1),
                    UIColor(red: 0.26, green: 0.58, blue: 0.95, alpha: 1), UIColor(red: 1.0, green: 0.78, blue: 0.15, alpha: 1)][k]
        case .playStation:
            return [UIColor(red: 0.55, green: 0.68, blue: 0.95, alpha: 1), UIColor(red: 1.0, green: 0.42, blue: 0.45, alpha: 1),
                    UIColor(red: 0.93, green: 0.58, blue: 0.86, alpha: 1), UIColor(red: 0.27, green: 0.85, blue: 0.68, alpha: 1)][k]
        case .nintendo, .generic:
            return .white
        }
    }

    /// 0 south, 1 east, 2 west, 3 north.
    static func faceIndex(_ button: UIGameControllerInput.Button) -> Int {
        switch button {
        case .south: 0
        case .east: 1
        case .west: 2
        default: 3
        }
    }

    /// The dark body every glyph is drawn on (as the buttons are: dark plastic), with a light
    /// rim in dark mode so it reads on a dark screen.
    static let body = UIColor(white: 0.14, alpha: 1)
    static let rim = UIColor(white: 1, alpha: 0.45)
    static let mark = UIColor(white: 0.96, alpha: 1)
    static let unlit = UIColor(white: 1, alpha: 0.38)

    /// Draws `button` as printed on a `type` controller in `rect` (its height is `d`).
    static func draw(_ button: UIGameControllerInput.Button, on type: UIGameControllerType, in rect: CGRect, context ctx: DrawContext) {
        let d = rect.height
        guard d > 0, rect.width > 0 else { return }
        let c = CGPoint(x: rect.midX, y: rect.midY)
        let rimmed = ctx.style == .dark
        func disc() {
            let r = CGRect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d)
            ctx.fillEllipse(in: r, color: body)
            if rimmed { ctx.strokeEllipse(in: r, width: 1, color: rim) }
        }
        func centredText(_ text: String, font: UIFont, color: UIColor) {
            ctx.drawText(text, font: font, color: color, centredIn: CGRect(x: c.x, y: c.y, width: 0, height: 0))
        }
        switch shape(of: button, on: type) {
        case .face:
            disc()
            drawFace(button, on: type, centre: c, size: d, context: ctx)
        case .disc(let name):
            disc()
            ctx.strokeEllipse(in: CGRect(x: c.x - d * 0.39, y: c.y - d * 0.39, width: d * 0.78, height: d * 0.78), width: max(1, d * 0.04), color: unlit)
            centredText(name, font: .systemFont(ofSize: max(1, 0.34 * d), weight: .bold), color: mark)
        case .capsule(let name):
            let h = (d * 0.78).rounded()
            let r = CGRect(x: rect.minX, y: c.y - h / 2, width: rect.width, height: h)
            ctx.fillRoundedRect(r, radius: h * 0.32, color: body)
            if rimmed { ctx.strokeRoundedRect(r, radius: h * 0.32, width: 1, color: rim) }
            centredText(name, font: nameFont(name, height: d), color: mark)
        case .dpad:
            drawDPad(lit: button, centre: c, size: d, rimmed: rimmed, context: ctx)
        case .symbol(let symbol):
            disc()
            drawSymbol(symbol, centre: c, size: d, context: ctx)
        }
    }

    private static func drawFace(_ button: UIGameControllerInput.Button, on type: UIGameControllerType, centre c: CGPoint, size d: CGFloat,
                                 context ctx: DrawContext) {
        let color = faceColor(button, on: type)
        let line = max(1, (d * 0.09).rounded())
        switch type {
        case .xbox, .nintendo:
            ctx.drawText(type.name(of: button), font: letterFont(height: d), color: color,
                         centredIn: CGRect(x: c.x, y: c.y, width: 0, height: 0))
        case .playStation:
            let s = d * 0.25   // half the symbol's extent
            switch faceIndex(button) {
            case 0:
                ctx.strokeLine(from: CGPoint(x: c.x - s, y: c.y - s), to: CGPoint(x: c.x + s, y: c.y + s), width: line, color: color)
                ctx.strokeLine(from: CGPoint(x: c.x - s, y: c.y + s), to: CGPoint(x: c.x + s, y: c.y - s), width: line, color: color)
            case 1:
                ctx.strokeEllipse(in: CGRect(x: c.x - s * 1.1, y: c.y - s * 1.1, width: s * 2.2, height: s * 2.2), width: line, color: color)
            case 2:
                ctx.strokeRoundedRect(CGRect(x: c.x - s, y: c.y - s, width: s * 2, height: s * 2), radius: line / 2, width: line, color: color)
            default:
                let t = s * 1.15
                ctx.strokePolygon([CGPoint(x: c.x, y: c.y - t), CGPoint(x: c.x + t * 1.05, y: c.y + t * 0.75),
                                   CGPoint(x: c.x - t * 1.05, y: c.y + t * 0.75)], width: line, color: color)
            }
        case .generic:
            // Four dots in a diamond; the button's own place filled.
            let r = d * 0.1, o = d * 0.24
            let places = [CGPoint(x: c.x, y: c.y + o), CGPoint(x: c.x + o, y: c.y), CGPoint(x: c.x - o, y: c.y), CGPoint(x: c.x, y: c.y - o)]
            for (k, p) in places.enumerated() {
                let dot = CGRect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)
                if k == faceIndex(button) { ctx.fillEllipse(in: dot, color: mark) } else { ctx.fillEllipse(in: dot, color: unlit) }
            }
        }
    }

    private static func drawDPad(lit button: UIGameControllerInput.Button, centre c: CGPoint, size d: CGFloat, rimmed: Bool,
                                 context ctx: DrawContext) {
        let a = (d * 0.36).rounded(), h = d / 2
        let vertical = CGRect(x: c.x - a / 2, y: c.y - h, width: a, height: d)
        let horizontal = CGRect(x: c.x - h, y: c.y - a / 2, width: d, height: a)
        if rimmed {
            ctx.fillRoundedRect(vertical.insetBy(dx: -1, dy: -1), radius: a * 0.2 + 1, color: rim)
            ctx.fillRoundedRect(horizontal.insetBy(dx: -1, dy: -1), radius: a * 0.2 + 1, color: rim)
        }
        ctx.fillRoundedRect(vertical, radius: a * 0.2, color: body)
        ctx.fillRoundedRect(horizontal, radius: a * 0.2, color: body)
        let inset = a * 0.22, arm = h - a / 2
        let lit: CGRect = switch button {
        case .dpadUp: CGRect(x: vertical.minX + inset, y: vertical.minY + inset, width: a - 2 * inset, height: arm - inset)
        case .dpadDown: CGRect(x: vertical.minX + inset, y: c.y + a / 2, width: a - 2 * inset, height: arm - inset)
        case .dpadLeft: CGRect(x: horizontal.minX + inset, y: horizontal.minY + inset, width: arm - inset, height: a - 2 * inset)
        default: CGRect(x: c.x + a / 2, y: horizontal.minY + inset, width: arm - inset, height: a - 2 * inset)
        }
        ctx.fillRoundedRect(lit, radius: inset / 2, color: mark)
    }

    private static func drawSymbol(_ symbol: Symbol, centre c: CGPoint, size d: CGFloat, context ctx: DrawContext) {
        let line = max(1, (d * 0.08).rounded())
        let s = d * 0.22
        switch symbol {
        case .menu:
            for k in -1...1 {
                let y = c.y + CGFloat(k) * s * 0.8
                ctx.strokeLine(from: CGPoint(x: c.x - s, y: y), to: CGPoint(x: c.x + s, y: y), width: line, color: mark)
            }
        case .view:
            ctx.strokeRoundedRect(CGRect(x: c.x - s, y: c.y - s, width: s * 1.3, height: s * 1.3), radius: line, width: line, color: mark)
            ctx.strokeRoundedRect(CGRect(x: c.x - s * 0.3, y: c.y - s * 0.3, width: s * 1.3, height: s * 1.3), radius: line, width: line, color: mark)
        case .plus:
            ctx.strokeLine(from: CGPoint(x: c.x - s, y: c.y), to: CGPoint(x: c.x + s, y: c.y), width: line * 1.3, color: mark)
            ctx.strokeLine(from: CGPoint(x: c.x, y: c.y - s), to: CGPoint(x: c.x, y: c.y + s), width: line * 1.3, color: mark)
        case .minus:
            ctx.strokeLine(from: CGPoint(x: c.x - s, y: c.y), to: CGPoint(x: c.x + s, y: c.y), width: line * 1.3, color: mark)
        case .home:
            ctx.fillConvexPolygon([CGPoint(x: c.x, y: c.y - s * 1.1), CGPoint(x: c.x + s * 1.05, y: c.y - s * 0.1),
                                   CGPoint(x: c.x - s * 1.05, y: c.y - s * 0.1)], color: mark)
            ctx.fill(CGRect(x: c.x - s * 0.7, y: c.y - s * 0.15, width: s * 1.4, height: s * 1.05), color: mark)
        case .ring:
            ctx.strokeEllipse(in: CGRect(x: c.x - s * 1.3, y: c.y - s * 1.3, width: s * 2.6, height: s * 2.6), width: line, color: mark)
            ctx.fillEllipse(in: CGRect(x: c.x - s * 0.45, y: c.y - s * 0.45, width: s * 0.9, height: s * 0.9), color: mark)
        case .capture:
            ctx.strokeRoundedRect(CGRect(x: c.x - s, y: c.y - s, width: s * 2, height: s * 2), radius: line, width: line, color: mark)
            ctx.fillEllipse(in: CGRect(x: c.x - s * 0.45, y: c.y - s * 0.45, width: s * 0.9, height: s * 0.9), color: mark)
        }
    }
}
