import Foundation
import Testing
@testable import SDLControls
@testable import SDLControlsCore

/// The gallery's state columns (Normal, Highlighted, Disabled, Selected, Focused; see
/// `GallerySample`) for every control it shows, drawn headless at 1x and 2x, light and dark,
/// and compared pixel by pixel: looks UIKit tells apart must differ, looks UIKit draws alike
/// must be identical (rule A2: the state flags; C9: a disabled control is never highlighted).
///
/// - Pressed is a real mouse button held on the control (SDL events), as iOS shows a press;
///   the gallery's Highlighted column (`isHighlighted = true`) must look the same where a
///   press has one look for the whole control (buttons, switches).
/// - Disabled is grey (a button's title and plate) or dimmed as one layer (less contrast
///   than normal), never a paler tint that reads as pressed.
/// - Selected changes the look only where UIKit draws it: a system button and plain, grey
///   and tinted configurations (the toggle look). A filled button is filled either way
///   (project choice), and a switch, slider, stepper, segmented control, page control, text
///   field or date picker ignores `isSelected`, as in UIKit.
/// - Focused adds the focus ring and nothing else: the control's own pixels are those of
///   the normal look.
@MainActor
struct StateLookTests {
    enum Kind: String, CaseIterable {
        case filled, tinted, gray, plain, system, switchOff, switchOn, segmented, slider, stepper, pageControl
        case textField, datePicker
    }

    enum Look: String, CaseIterable {
        case normal, pressed, highlighted, disabled, selected, focused
    }

    /// Where controls are placed in the window, in points (room for the ring around them).
    static let origin = CGPoint(x: 24, y: 24)
    static let windowSize = CGSize(width: 400, height: 500)

    /// Builds a control of a kind as the gallery does.
    static func make(_ kind: Kind) -> UIControl {
        func button(_ conf: UIButton.Configuration?, _ title: String) -> UIButton {
            let b = UIButton(type: .system)
            b.configuration = conf
            b.setTitle(title, for: .normal)
            return b
        }
        switch kind {
        case .filled: return button(.filled(), "Play")
        case .tinted: return button(.tinted(), "Options")
        case .gray: return button(.gray(), "Cancel")
        case .plain: return button(.plain(), "Plain")
        case .system: return button(nil, "Learn more")
        case .switchOff, .switchOn:
            let w = UISwitch()
            w.isOn = kind == .switchOn
            return w
        case .segmented:
            let c = UISegmentedControl(items: ["Easy", "Hard"])
            c.selectedSegmentIndex = 0
            return c
        case .slider:
            let s = UISlider()
            s.value = 0.6
            return s
        case .stepper:
            let s = UIStepper()
            s.value = 5
            return s
        case .pageControl:
            let p = UIPageControl()
            p.numberOfPages = 5
            p.currentPage = 2
            return p
        case .textField:
            let f = UITextField()
            f.borderStyle = .roundedRect
            f.placeholder = "Name"
            f.text = "Ada"
            return f
        case .datePicker:
            let picker = UIDatePicker()
            picker.datePickerMode = .dateAndTime
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            picker.timeZone = utc.timeZone
            picker.locale = Locale(identifier: "en_US_POSIX")
            picker.calendar = utc
            picker.date = utc.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: 9, minute: 30))!
            picker.nowOverride = utc.date(from: DateComponents(year: 2026, month: 11, day: 3))!
            return picker
        }
    }

    /// The frame a control gets: its natural size, with the gallery's minimums and widths.
    static func frame(of control: UIControl, _ kind: Kind) -> CGRect {
        let fit = control.sizeThatFits(CGSize(width: 134, height: 46))
        let size: CGSize
        switch kind {
        case .textField: size = CGSize(width: 154, height: 34)
        case .slider: size = CGSize(width: 134, height: max(fit.height, 28))
        case .datePicker: size = fit
        default: size = CGSize(width: max(fit.width, 40), height: max(fit.height, 28))
        }
        return CGRect(origin: origin, size: size)
    }

    /// Where a press goes, in the control's coordinates: the thumb of a slider, the second
    /// segment or the right half of a segmented control, stepper or page control, else the centre.
    static func pressPoint(_ control: UIControl, _ kind: Kind) -> CGPoint? {
        let b = control.bounds
        switch kind {
        case .slider:
            let s = control as! UISlider
            let thumb = s.thumbRect(forBounds: b, trackRect: s.trackRect(forBounds: b), value: s.value)
            return CGPoint(x: thumb.midX, y: thumb.midY)
        case .segmented, .stepper, .pageControl: return CGPoint(x: b.minX + b.width * 0.75, y: b.midY)
        case .textField, .datePicker: return nil   // a press edits or picks: no press look of its own
        default: return CGPoint(x: b.midX, y: b.midY)
        }
    }

    /// One rendering of a control in a look: the pixels of its frame grown by `margin` points.
    struct Shot: Equatable {
        var width: Int
        var height: Int
        var pixels: [UInt32]
        /// The frame, in the shot's pixels.
        var inner: (x0: Int, y0: Int, x1: Int, y1: Int)
        /// Two points, in the shot's pixels.
        var edge: Int

        static func == (a: Shot, b: Shot) -> Bool { a.width == b.width && a.height == b.height && a.pixels == b.pixels }

        /// Whether two shots are identical, as a plain Bool (so a failed expectation prints
        /// its message, not a million pixels).
        func same(_ other: Shot) -> Bool { self == other }

        func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

        /// The first pixel of the frame, less its outer ``edge``, where `other` draws the
        /// control (clearly not the background) that differs here (nil: none). A ring
        /// around a rounded control may cover the corners of its frame, which the control
        /// leaves empty, and a shadow that reaches the frame's last rows.
        func firstDifferenceOnTheControl(of other: Shot) -> (x: Int, y: Int, mine: UInt32, theirs: UInt32)? {
            let bg = other.pixel(0, 0)
            func distance(_ a: UInt32, _ b: UInt32) -> Int {
                [16, 8, 0].reduce(0) { $0 + abs(Int((a >> UInt32($1)) & 0xFF) - Int((b >> UInt32($1)) & 0xFF)) }
            }
            let e = edge
            for y in (inner.y0 + e)..<(inner.y1 - e) {
                for x in (inner.x0 + e)..<(inner.x1 - e) where distance(other.pixel(x, y), bg) > 24 && pixel(x, y) != other.pixel(x, y) {
                    return (x, y, pixel(x, y), other.pixel(x, y))
                }
            }
            return nil
        }

        /// Sum over the frame's pixels of their distance from the background (the shot's corner).
        var contrast: Int {
            let bg = pixel(0, 0)
            var sum = 0
            for y in inner.y0..<inner.y1 {
                for x in inner.x0..<inner.x1 {
                    let p = pixel(x, y)
                    for shift in [16, 8, 0] as [UInt32] {
                        sum += abs(Int((p >> shift) & 0xFF) - Int((bg >> shift) & 0xFF))
                    }
                }
            }
            return sum
        }

        /// The largest colourfulness (max − min channel) of pixels that differ from the background.
        var maximumChroma: Int {
            let bg = pixel(0, 0)
            var best = 0
            for p in pixels where p != bg {
                let r = Int((p >> 16) & 0xFF), g = Int((p >> 8) & 0xFF), b = Int(p & 0xFF)
                best = max(best, max(r, g, b) - min(r, g, b))
            }
            return best
        }
    }

    static let margin: CGFloat = 12

    /// Draws `kind` in `look` on a host's window over the system background and reads it back.
    static func shoot(_ host: SDLHost, _ kind: Kind, _ look: Look) -> Shot {
        for v in host.window.subviews { v.removeFromSuperview() }
        let page = UIView(frame: host.window.bounds)
        page.backgroundColor = .systemBackground   // the gallery's page: the backdrop disabled controls fade into
        host.window.addSubview(page)
        let control = make(kind)
        control.frame = frame(of: control, kind)
        page.addSubview(control)
        host.update()
        var held: CGPoint?
        switch look {
        case .normal: break
        case .pressed:
            if let p = pressPoint(control, kind) {
                let w = host.windowCoordinates(of: control.convert(p, to: nil))
                push(host, SDLEvents.mouseButton(host, down: true, x: w.x, y: w.y))
                held = CGPoint(x: CGFloat(w.x), y: CGFloat(w.y))
            }
        case .highlighted: control.isHighlighted = true
        case .disabled: control.isEnabled = false
        case .selected: control.isSelected = true
        case .focused: control.isFocused = true
        }
        host.update()
        host.renderFrame()
        let (w, _, pixels) = host.readPixels()
        if let held {
            push(host, SDLEvents.mouseButton(host, down: false, x: Int32(held.x), y: Int32(held.y)))
            push(host, SDLEvents.window(host, SDL_WINDOWEVENT_LEAVE))   // no hover look on the next shots
            host.update()
        }
        let s = host.pixelScale
        let outer = control.frame.insetBy(dx: -margin, dy: -margin)
        let x0 = Int((outer.minX * s).rounded()), y0 = Int((outer.minY * s).rounded())
        let x1 = Int((outer.maxX * s).rounded()), y1 = Int((outer.maxY * s).rounded())
        var out: [UInt32] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { out.append(contentsOf: pixels[(y * w + x0)..<(y * w + x1)]) }
        let m = Int((margin * s).rounded())
        return Shot(width: x1 - x0, height: y1 - y0, pixels: out,
                    inner: (m, m, x1 - x0 - m, y1 - y0 - m), edge: Int((2 * s).rounded()))
    }

    /// Every kind in every look for one scale and style.
    static func shots(scale: CGFloat, style: UIUserInterfaceStyle) throws -> [Kind: [Look: Shot]] {
        let host = try makeGoldenHost(size: windowSize, scale: scale)
        defer { host.shutdown() }
        host.window.overrideUserInterfaceStyle = style
        var all: [Kind: [Look: Shot]] = [:]
        for kind in Kind.allCases {
            for look in Look.allCases { all[kind, default: [:]][look] = shoot(host, kind, look) }
        }
        return all
    }

    static let variants: [(CGFloat, UIUserInterfaceStyle)] = [(1, .light), (1, .dark), (2, .light), (2, .dark)]

    @Test(arguments: [0, 1, 2, 3])
    func a2_statesLookAsUIKitDrawsThem(variant: Int) throws {
        let (scale, style) = Self.variants[variant]
        let all = try Self.shots(scale: scale, style: style)
        let where_ = "\(Int(scale))x \(style == .dark ? "dark" : "light")"
        for kind in Kind.allCases {
            let s = all[kind]!
            let normal = s[.normal]!
            // Pressed: as iOS shows a press; UIKit's slider shows none (the thumb follows the finger).
            if kind != .textField && kind != .datePicker {
                let pressed = s[.pressed]!
                if kind == .slider {
                    #expect(pressed.same(normal), "\(kind) \(where_): a pressed slider looks like a normal one, as in UIKit")
                } else {
                    #expect(!pressed.same(normal), "\(kind) \(where_): a press shows")
                }
            }
            switch kind {
            case .filled, .tinted, .gray, .plain, .system, .switchOff, .switchOn:
                #expect(s[.highlighted]!.same(s[.pressed]!), "\(kind) \(where_): the gallery's Highlighted column shows a press")
            default: break
            }
            // Disabled: grey (buttons: a grey title on a grey plate, never a paler tint that
            // reads as pressed) or dimmed as one layer (less contrast than normal).
            let disabled = s[.disabled]!
            #expect(!disabled.same(normal), "\(kind) \(where_): disabled differs from normal")
            #expect(!disabled.same(s[.highlighted]!), "\(kind) \(where_): disabled does not look highlighted")
            switch kind {
            case .filled, .tinted, .gray, .plain, .system:
                #expect(normal.maximumChroma > 100, "\(kind) \(where_): the normal button shows the tint")
                #expect(disabled.maximumChroma < 16, "\(kind) \(where_): a disabled button is grey")
            case .textField:
                break   // its disabled look is a grey well whose text fades: more fill, less ink
            default:
                #expect(disabled.contrast < normal.contrast, "\(kind) \(where_): disabled is dimmed")
            }
            // Selected: only where UIKit draws it.
            switch kind {
            case .tinted, .gray, .plain, .system:
                #expect(!s[.selected]!.same(normal), "\(kind) \(where_): UIKit draws a selected button")
            case .filled:
                #expect(s[.selected]!.same(normal), "\(kind) \(where_): a filled button is filled either way (project choice)")
            default:
                #expect(s[.selected]!.same(normal), "\(kind) \(where_): selected looks like normal, as in UIKit")
            }
            // Focused: the ring, nothing else.
            let focused = s[.focused]!
            let inside = focused.firstDifferenceOnTheControl(of: normal)
            #expect(inside == nil, "\(kind) \(where_): focus changes nothing inside the control (\(String(describing: inside)))")
            #expect(!focused.same(normal), "\(kind) \(where_): focus draws the ring")
        }
    }

    /// D1: a button with `changesSelectionAsPrimaryAction`, tapped with the mouse, shows the
    /// selected look, and a second tap the normal one.
    @Test func d1_aToggleButtonTappedShowsTheSelectedLook() throws {
        let host = try makeGoldenHost(size: Self.windowSize, scale: 1)
        defer { host.shutdown() }
        let selected = Self.shoot(host, .tinted, .selected)
        let normal = Self.shoot(host, .tinted, .normal)
        let toggle = host.window.subviews[0].subviews[0] as! UIButton
        toggle.changesSelectionAsPrimaryAction = true
        let c = toggle.convert(CGPoint(x: toggle.bounds.midX, y: toggle.bounds.midY), to: nil)
        func tap() {
            push(host, SDLEvents.mouseButton(host, down: true, x: Int32(c.x), y: Int32(c.y)))
            push(host, SDLEvents.mouseButton(host, down: false, x: Int32(c.x), y: Int32(c.y)))
            push(host, SDLEvents.window(host, SDL_WINDOWEVENT_LEAVE))   // the pointer goes: no hover look
            host.update()
        }
        func current() -> [UInt32] {
            host.update()
            host.renderFrame()
            let (w, _, pixels) = host.readPixels()
            let outer = toggle.frame.insetBy(dx: -Self.margin, dy: -Self.margin)
            var out: [UInt32] = []
            for y in Int(outer.minY)..<Int(outer.maxY) { out.append(contentsOf: pixels[(y * w + Int(outer.minX))..<(y * w + Int(outer.maxX))]) }
            return out
        }
        tap()
        #expect(toggle.isSelected)
        let nowSelected = current() == selected.pixels
        #expect(nowSelected, "the tapped toggle shows the selected look")
        tap()
        #expect(!toggle.isSelected)
        let nowNormal = current() == normal.pixels
        #expect(nowNormal, "tapped again, the normal look")
    }

    /// A grey button's plate is a translucent fill (UIKit's `secondarySystemFill`), so it
    /// reads on a grouped background (`secondarySystemBackground`) as well as on the plain
    /// one: its plate differs from the card behind it by at least 16 levels, light and dark.
    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func aGrayButtonReadsOnSecondarySystemBackground(style: UIUserInterfaceStyle) throws {
        let host = try makeGoldenHost(size: CGSize(width: 200, height: 80), scale: 1)
        defer { host.shutdown() }
        host.window.overrideUserInterfaceStyle = style
        let card = UIView(frame: host.window.bounds)
        card.backgroundColor = .secondarySystemBackground
        host.window.addSubview(card)
        let button = UIButton(configuration: .gray())
        button.setTitle("Cancel", for: .normal)
        button.frame = CGRect(x: 20, y: 20, width: 120, height: 40)
        card.addSubview(button)
        host.update()
        host.renderFrame()
        let (w, _, pixels) = host.readPixels()
        let plate = pixels[24 * w + 30], behind = pixels[8 * w + 8]   // inside the plate, clear of the title; the card
        var difference = 0
        for shift in [16, 8, 0] as [UInt32] {
            let a = Int((plate >> shift) & 0xFF), b = Int((behind >> shift) & 0xFF)
            difference = max(difference, abs(a - b))
        }
        #expect(difference >= 16, "the plate stands out from the card (\(difference) levels)")
    }
}
