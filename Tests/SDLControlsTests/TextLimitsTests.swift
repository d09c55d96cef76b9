import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Hostile text through real SDL_ttf: huge strings, NUL, ZWJ emoji, piles of combining marks,
/// a 10 MB paste; and the measurement cache bounded in bytes. (Frame times are reported by
/// `controls-fuzz --text`, not asserted here.)
@MainActor
struct TextLimitsTests {
    @Test func theMeasurementCacheIsBoundedInBytes() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let font = UIFont.systemFont(ofSize: 13)
        let base = String(repeating: "abcdefghij", count: 10_000)   // 100,000 characters
        for i in 0..<60 {
            _ = host.backend.size(of: "\(i) " + base, font: font)
            #expect(host.backend.measureCacheBytes <= SDLRenderBackend.measureCacheByteLimit)
        }
        // Before: capped at 20,000 entries, so 60 such strings kept 6 MB (and 280 MB in the wild).
        let a = host.backend.size(of: "x" + base, font: font)
        #expect(a == host.backend.size(of: "x" + base, font: font), "a cached answer is the same")
    }

    @Test func nulIsMeasuredAsNothingNotAsTheEndOfTheText() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let font = UIFont.systemFont(ofSize: 15)
        let plain = host.backend.size(of: "abcdef", font: font).width
        #expect(host.backend.size(of: "abc\u{0}def", font: font).width == plain)
        #expect(host.backend.size(of: "\u{0}", font: font).width == 0)
    }

    /// A control character right before a combining mark, a variation selector or an emoji
    /// modifier is one `Character` with it, so removing NUL by characters never matched it and
    /// measuring recursed until the stack overflowed. Run in a child process: a regression
    /// crashes that process, not the suite.
    /// (The texts as scalar values, so the test's name prints no control characters.)
    @Test(arguments: [[0, 0x301], [0x78, 0, 0xFE0F], [0, 0x1F3FB], [0x61, 1, 0x301, 0x7F, 0x200D, 0x62]] as [[UInt32]])
    func aControlCharacterBeforeAMarkIsMeasuredAndDrawnAsNothingThroughEveryTextAPI(_ scalars: [UInt32]) async {
        await #expect(processExitsWith: .success) { [scalars] in
            let text = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
            await MainActor.run {
                guard let host = try? makeHeadlessHost(size: CGSize(width: 400, height: 300)) else { exit(3) }
                defer { host.shutdown() }
                let hostile = [text]
                let font = UIFont.systemFont(ofSize: 17)
                for t in hostile {
                    let clean = String(String.UnicodeScalarView(t.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
                    guard host.backend.size(of: t, font: font) == host.backend.size(of: clean, font: font) else { exit(4) }
                }
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 30))
                let button = UIButton(type: .system)
                button.frame = CGRect(x: 0, y: 40, width: 300, height: 44)
                let field = UITextField(frame: CGRect(x: 0, y: 90, width: 300, height: 34))
                let segments = UISegmentedControl(items: ["A", "B"])
                segments.frame = CGRect(x: 0, y: 130, width: 300, height: 32)
                for v in [label, button, field, segments] as [UIView] { host.window.addSubview(v) }
                for t in hostile {
                    label.text = t
                    button.setTitle(t, for: .normal)
                    field.text = nil
                    field.placeholder = t
                    segments.setTitle(t, forSegmentAt: 0)
                    segments.insertSegment(withTitle: t, at: 1, animated: false)
                    label.accessibilityLabel = t
                    _ = label.intrinsicContentSize
                    _ = button.intrinsicContentSize
                    host.update()
                    host.renderFrame()
                    field.text = t
                    host.update()
                    host.renderFrame()
                }
            }
        }
    }

    @Test func hostileStringsDrawWithoutCrashing() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 640, height: 480))
        defer { host.shutdown() }
        let strings = [
            "a\u{0}b\u{0}\u{0}c",
            String(repeating: "👩‍👩‍👧‍👦🏳️‍🌈", count: 500),
            "Z" + String(repeating: "\u{301}\u{316}\u{35C}", count: 2_000),
            String(repeating: "مرحبا بالعالم ", count: 2_000),
            String(repeating: "😀", count: 32_000),
            (0..<20_000).map { "w\($0 % 97)" }.joined(separator: " "),
        ]
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 600, height: 200))
        label.numberOfLines = 0
        let single = UILabel(frame: CGRect(x: 0, y: 210, width: 600, height: 30))
        let segments = UISegmentedControl(items: ["A", "B"])
        segments.frame = CGRect(x: 0, y: 250, width: 600, height: 32)
        let field = UITextField(frame: CGRect(x: 0, y: 300, width: 600, height: 34))
        for v in [label, single, segments, field] as [UIView] { host.window.addSubview(v) }
        for s in strings {
            label.text = s
            single.text = s
            segments.setTitle(s, forSegmentAt: 0)
            field.text = s
            host.update()
            host.renderFrame()
        }
        #expect(host.counters.geometrySubmissions >= 1)
    }

    @Test func aTenMegabytePasteIsCutToTheFieldsLimit() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 300, height: 34))
        host.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        var stored = ""
        UIPasteboard.general.backend = UIPasteboard.Backend(read: { stored }, write: { stored = $0 })
        UIPasteboard.general.string = String(repeating: "0123456789", count: 1_000_000)
        field.paste(nil)
        host.update()
        host.renderFrame()
        #expect(field.text?.utf16.count == UITextField.maximumTextLength)
        host.update()
        host.renderFrame()
    }
}
