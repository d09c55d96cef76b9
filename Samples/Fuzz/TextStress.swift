import Foundation
import SDLControls

/// Frame times with hostile text on a headless host (release build for real figures): the
/// first frame of each case (layout and rasterization from nothing), then the slowest of the
/// frames after it, in which the hostile view is redrawn every frame. The target: no frame
/// after the first over 100 ms.
@MainActor
enum TextStress {
    struct Case {
        let name: String
        let build: @MainActor (UIWindow) -> (UIView, @MainActor (Int) -> Void)
    }

    static let cases: [Case] = [
        Case(name: "UILabel, 100,000 characters, multi-line") { window in
            let l = UILabel(frame: CGRect(x: 10, y: 10, width: 600, height: 400))
            l.numberOfLines = 0
            l.text = (0..<20_000).map { "w\($0 % 97)" }.joined(separator: " ")
            window.addSubview(l)
            return (l, { f in l.textColor = f % 2 == 0 ? .label : .secondaryLabel })
        },
        Case(name: "UILabel, 100,000 characters, sizeToFit each frame") { window in
            let l = UILabel(frame: CGRect(x: 10, y: 10, width: 600, height: 400))
            l.numberOfLines = 0
            l.text = (0..<20_000).map { "w\($0 % 97)" }.joined(separator: " ")
            window.addSubview(l)
            return (l, { f in l.frame.size = l.sizeThatFits(CGSize(width: 600 - CGFloat(f % 2), height: 0)) })
        },
        Case(name: "UILabel, 32,000 emoji, multi-line") { window in
            let l = UILabel(frame: CGRect(x: 10, y: 10, width: 600, height: 400))
            l.numberOfLines = 0
            l.text = String(repeating: "😀", count: 32_000)
            window.addSubview(l)
            return (l, { f in l.alpha = f % 2 == 0 ? 1 : 0.9 })
        },
        Case(name: "UILabel, 100,000 characters, one line, text changing") { window in
            let l = UILabel(frame: CGRect(x: 10, y: 10, width: 600, height: 30))
            let base = String(repeating: "abcdefghij", count: 10_000)
            l.text = base
            window.addSubview(l)
            return (l, { f in l.text = "\(f) " + base })
        },
        Case(name: "UISegmentedControl, 12,000-character title") { window in
            let s = UISegmentedControl(items: [String(repeating: "segment ", count: 1_500), "B"])
            s.frame = CGRect(x: 10, y: 10, width: 500, height: 32)
            window.addSubview(s)
            return (s, { f in s.selectedSegmentIndex = f % 2 })
        },
        Case(name: "UISegmentedControl, 100,000-character title") { window in
            let s = UISegmentedControl(items: [String(repeating: "abcdefghij", count: 10_000), "B"])
            s.frame = CGRect(x: 10, y: 10, width: 500, height: 32)
            window.addSubview(s)
            return (s, { f in s.selectedSegmentIndex = f % 2 })
        },
        Case(name: "UITextField, 10 MB paste, then typing") { window in
            let field = UITextField(frame: CGRect(x: 10, y: 10, width: 500, height: 34))
            field.borderStyle = .roundedRect
            window.addSubview(field)
            _ = field.becomeFirstResponder()
            var pasted = ""
            UIPasteboard.general.backend = UIPasteboard.Backend(read: { pasted }, write: { pasted = $0 })
            UIPasteboard.general.string = String(repeating: "0123456789", count: 1_000_000)
            field.paste(nil)
            return (field, { f in field.insertText(f % 2 == 0 ? "x" : "👍") })
        },
        Case(name: "NUL, ZWJ sequences, combining marks") { window in
            let l = UILabel(frame: CGRect(x: 10, y: 10, width: 600, height: 300))
            l.numberOfLines = 0
            l.text = "a\u{0}b " + String(repeating: "👩‍👩‍👧‍👦🏳️‍🌈 ", count: 300) + "Z" + String(repeating: "\u{301}\u{316}", count: 2_000)
            window.addSubview(l)
            return (l, { f in l.textColor = f % 2 == 0 ? .label : .systemRed })
        },
    ]

    /// Runs every case; returns lines to print and whether every case met the 100 ms target.
    static func run(frames: Int = 30) throws -> (lines: [String], met: Bool) {
        var lines: [String] = []
        var met = true
        for c in cases {
            let host = try SDLHost.headless(size: CGSize(width: 640, height: 480))
            host.log = { _ in }
            var t = 0.0
            host.clock = { t }
            let (_, change) = c.build(host.window)
            func frame() -> Double {
                let start = DispatchTime.now().uptimeNanoseconds
                host.update()
                host.renderFrame()
                t += 1.0 / 60
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }
            let first = frame()
            var worst = 0.0
            for f in 0..<frames {
                change(f)
                worst = max(worst, frame())
            }
            met = met && worst <= 100
            let name = c.name.padding(toLength: 56, withPad: " ", startingAt: 0)
            lines.append(name + String(format: "first frame %7.1f ms, slowest of the next %d: %6.1f ms", first, frames, worst)
                         + (worst <= 100 ? "" : "  (over 100 ms)"))
            UIPasteboard.general.backend = nil
            host.shutdown()
        }
        return (lines, met)
    }
}
