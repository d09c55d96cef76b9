import Testing
import Foundation
@testable import SDLControlsCore

/// Line breaking and truncation (`TextLayout`, `UILabel`, the segmented control's titles):
/// what they produce, and that their cost is near-linear in the text (counted in characters
/// measured, which is stable, instead of timed).
@MainActor
struct TextLayoutTests {
    /// 10 points per grapheme, 20 high; counts what it was asked to measure.
    final class CountingMeasurer: TextMeasuring {
        var calls = 0
        var characters = 0
        func size(of text: String, font: UIFont) -> CGSize {
            calls += 1
            let n = text.count
            characters += n
            return CGSize(width: CGFloat(n) * 10, height: 20)
        }
        func metrics(of font: UIFont) -> FontMetrics { FontMetrics(ascender: 16, descender: 4, lineHeight: 20) }
    }

    let font = UIFont.systemFont(ofSize: 17)

    private func lines(_ text: String, width: CGFloat, maxLines: Int = 0, mode: NSLineBreakMode = .byWordWrapping,
                       _ m: CountingMeasurer = CountingMeasurer()) -> [String] {
        TextLayout.lines(text, font: font, width: width, maxLines: maxLines, mode: mode, measurer: m)
    }

    // MARK: What it produces

    @Test func wrapsAtSpacesAndBreaksLongWords() {
        #expect(lines("aaa bbb ccc", width: 75) == ["aaa bbb", "ccc"])
        #expect(lines("aaaaaaaaaa", width: 40) == ["aaaa", "aaaa", "aa"])
        #expect(lines("aaa bbb ccc", width: 75, mode: .byCharWrapping) == ["aaa bbb", "ccc"])
        #expect(lines("abcdefgh", width: 30, mode: .byCharWrapping) == ["abc", "def", "gh"])
        #expect(lines("one two", width: 1000) == ["one two"])
        let first = TextLayout.longestFittingPrefix("xy", guess: 8) { $0.count * 10 <= 5 }
        #expect(first.count == 1 && !first.whole, "at least one grapheme per line, even when it is too wide")
    }

    @Test func everyNewlineKindBreaks() {
        #expect(lines("a\nb\r\nc\rd\u{2028}e", width: 100) == ["a", "b", "c", "d", "e"])
        #expect(lines("a\n\nb\n", width: 100) == ["a", "", "b", ""])
    }

    @Test func maxLinesTruncatesTheLastShownLine() {
        #expect(lines("aaa bbb ccc ddd", width: 75, maxLines: 1, mode: .byTruncatingTail) == ["aaa bb…"])
        #expect(lines("aaa bbb ccc ddd", width: 75, maxLines: 2, mode: .byTruncatingTail) == ["aaa bbb", "ccc ddd"])
        #expect(lines("aaa bbb ccc ddd eee", width: 75, maxLines: 2, mode: .byTruncatingTail) == ["aaa bbb", "ccc dd…"])
        #expect(lines("aaaa\nbbbb\ncccc", width: 100, maxLines: 2, mode: .byTruncatingTail) == ["aaaa", "bbbb…"])
        #expect(lines("abcdefghij", width: 50, maxLines: 1, mode: .byTruncatingHead) == ["…ghij"])
        #expect(lines("abcdefghij", width: 50, maxLines: 1, mode: .byTruncatingMiddle) == ["ab…ij"])
        #expect(lines("abcdefghij", width: 50, maxLines: 1, mode: .byClipping) == ["abcdefghij"])
    }

    @Test func graphemesStayWhole() {
        let family = "👩‍👩‍👧‍👦", accented = "e\u{301}"
        let text = String(repeating: family + accented, count: 20)
        for line in lines(text, width: 45) {
            #expect(line.count <= 4)
            #expect(line.unicodeScalars.first != "\u{200D}" && line.unicodeScalars.first != "\u{301}")
        }
        let cut = TextLayout.truncate(text, more: false, mode: .byTruncatingTail) { $0.count * 10 <= 55 }
        #expect(cut == family + accented + family + accented + "…")
        #expect(lines("a\u{0}b\u{0}", width: 100) == ["a\u{0}b\u{0}"], "NUL is just a character here")
    }

    @Test func truncationOfAnythingAlwaysReturnsSomethingThatFitsOrTheEllipsis() {
        #expect(TextLayout.truncate("abc", more: false, mode: .byTruncatingTail) { _ in false } == "…")
        #expect(TextLayout.truncate("", more: true, mode: .byTruncatingTail) { _ in true } == "…")
        #expect(TextLayout.truncate("abc", more: true, mode: .byTruncatingHead) { $0.count <= 3 } == "…bc")
    }

    @Test func truncationTrimsSpacesBeforeTheEllipsisAndKeepsGraphemesWhole() {
        let fourChars: (String) -> Bool = { $0.count <= 4 }
        // Spaces and tabs at the cut go (and at the start, as before); other text stays.
        #expect(TextLayout.truncate("ab   cdefgh", more: false, mode: .byTruncatingTail, fits: fourChars) == "ab…")
        #expect(TextLayout.truncate(" \tab cdefgh", more: false, mode: .byTruncatingTail, fits: fourChars) == "ab…")
        #expect(TextLayout.truncate("ab\u{00A0}\u{00A0}cdefgh", more: false, mode: .byTruncatingTail, fits: fourChars) == "ab…",
                "a no-break space is a space separator")
        // A space carrying a combining mark is not a space: it stays, whole.
        let marked = "ab \u{301}cdefgh"
        #expect(TextLayout.truncate(marked, more: false, mode: .byTruncatingTail, fits: { $0.count <= 4 }) == "ab \u{301}…")
        #expect(TextLayout.truncate("abcdefgh", more: false, mode: .byTruncatingMiddle, fits: { $0.count <= 5 }) == "ab…gh")
        #expect(TextLayout.truncate("abcdefgh", more: false, mode: .byTruncatingHead, fits: { $0.count <= 5 }) == "…efgh")
        #expect(TextLayout.truncate("    ", more: true, mode: .byTruncatingTail, fits: { _ in true }) == "…", "only spaces: the ellipsis")
        #expect(String(TextLayout.trimmingSpaces(" \t x y \t ")) == "x y")
        #expect(TextLayout.trimmingSpaces("   ").isEmpty)
        #expect(TextLayout.trimmingSpaces("").isEmpty)
    }

    // MARK: Cost: near-linear, never the whole text over and over

    @Test func aHundredThousandCharacterParagraphWrapsInNearLinearWork() {
        let words = (0..<20_000).map { "w\($0 % 97)" }.joined(separator: " ")   // about 100,000 characters
        let n = words.count
        let m = CountingMeasurer()
        let result = lines(words, width: 600, m)
        #expect(result.count > 1_000)
        #expect(result.joined(separator: " ").count == n, "nothing lost")
        // Before: each line measured the whole rest (about n² / 120 characters, 80 million here).
        #expect(m.characters < 25 * n, "\(m.characters) characters measured for \(n)")
    }

    @Test func fortyThousandEmojiWrapInNearLinearWork() {
        let text = String(repeating: "😀", count: 40_000)
        let m = CountingMeasurer()
        let result = lines(text, width: 300, m)
        #expect(result.count == (40_000 + 29) / 30)
        #expect(m.characters < 25 * 40_000)
    }

    @Test func truncatingAHugeLineMeasuresOnlyNearTheAnswer() {
        let text = String(repeating: "x", count: 100_000)
        let m = CountingMeasurer()
        #expect(lines(text, width: 200, maxLines: 1, mode: .byTruncatingTail, m) == [String(repeating: "x", count: 19) + "…"])
        #expect(m.characters < 100_000 + 2_000, "the line once (does it fit?), then a few short candidates")
        let head = CountingMeasurer()
        _ = lines(text, width: 200, maxLines: 1, mode: .byTruncatingMiddle, head)
        #expect(head.characters < 100_000 + 2_000)
    }

    @Test func aLabelLaysOutOnlyTheLinesItsHeightShows() {
        let m = CountingMeasurer()
        let window = makeTestWindow()
        window.hostTextMeasurer = m
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
        label.numberOfLines = 0
        label.text = String(repeating: "word ", count: 20_000)
        window.addSubview(label)
        #expect(label.displayedLines.count == 5, "100 points of 20-point lines")
        #expect(label.displayedLines.last?.hasSuffix("…") == true, "the last shown line is truncated, as in UIKit")
        #expect(m.characters < 20_000, "\(m.characters): only about five lines were laid out")
        label.frame.size.height = 10
        #expect(label.displayedLines.count == 1, "at least one line")
        // sizeThatFits still lays out everything, in near-linear work.
        let before = m.characters
        let size = label.sizeThatFits(CGSize(width: 400, height: 0))
        #expect(size.height == 20 * CGFloat(label.layoutLines(width: 400, maxLines: 0).count))
        #expect(m.characters - before < 25 * 100_000)
    }

    /// A button and a stack that count their layouts.
    final class CountingButton: UIButton {
        var layouts = 0
        override func layoutSubviews() { layouts += 1; super.layoutSubviews() }
    }
    final class CountingStack: UIStackView {
        var layouts = 0
        override func layoutSubviews() { layouts += 1; super.layoutSubviews() }
    }

    /// A button titled "Go 0" in a horizontal stack in a window measuring with `m`, laid out.
    private func buttonInStack(measuredBy m: CountingMeasurer) -> (window: UIWindow, stack: CountingStack, button: CountingButton) {
        let window = makeTestWindow()
        window.hostTextMeasurer = m
        let stack = CountingStack(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        stack.axis = .horizontal
        let button = CountingButton(type: .system)
        button.setTitle("Go 0", for: .normal)
        stack.addArrangedSubview(button)
        window.addSubview(stack)
        window.layoutIfNeeded()
        return (window, stack, button)
    }

    @Test func aNewButtonTitleInAStackIsMeasuredOnce() {
        let m = CountingMeasurer()
        let (window, stack, button) = buttonInStack(measuredBy: m)
        let width = button.intrinsicSizeForLayout.width
        m.calls = 0
        button.setTitle("Go 10", for: .normal)
        _ = stack.intrinsicSizeForLayout   // what a stack asks when its content changed
        #expect(m.calls == 1, "\(m.calls) measurements of the new title")
        window.layoutIfNeeded()
        #expect(m.calls == 1, "layout places the title with the size already measured (\(m.calls))")
        #expect(button.intrinsicSizeForLayout.width == width + 10, "the new title's width (10 per character here)")
        // A title for another state leaves the shown one, and the size, alone.
        m.calls = 0
        button.setTitle("Pressed", for: .highlighted)
        window.layoutIfNeeded()
        #expect(m.calls == 0 && button.intrinsicSizeForLayout.width == width + 10)
    }

    /// A button renamed to a title of the same natural size ("Go 0" → "Go 1", as a counter
    /// on a button does) is not laid out again and doesn't make the stack around it lay out:
    /// only the label redraws. A title of another size does both.
    @Test func aSameSizeTitleLaysOutNothing() {
        let m = CountingMeasurer()
        let (window, stack, button) = buttonInStack(measuredBy: m)
        let frame = button.titleLabel.frame, size = button.intrinsicSizeForLayout
        button.layouts = 0
        stack.layouts = 0
        button.setTitle("Go 1", for: .normal)
        window.layoutIfNeeded()
        #expect(button.layouts == 0 && stack.layouts == 0, "button \(button.layouts), stack \(stack.layouts) layouts")
        #expect(button.titleLabel.text == "Go 1" && button.titleLabel.frame == frame && button.intrinsicSizeForLayout == size)
        #expect(m.calls >= 1, "the new title was measured to know its size")
        button.setTitle("Go 10", for: .normal)
        window.layoutIfNeeded()
        #expect(button.layouts == 1 && stack.layouts == 1, "a wider title lays both out")
        #expect(button.titleLabel.frame.width == frame.width + 10 && button.intrinsicSizeForLayout.width == size.width + 10)
        // Wider, then back to the laid-out width before any layout ran: the second change
        // asks for nothing, and the layout the first one asked for still places the title.
        button.setTitle("Go 100", for: .normal)
        button.setTitle("Go 11", for: .normal)
        window.layoutIfNeeded()
        #expect(button.layouts == 2 && button.titleLabel.text == "Go 11")
        #expect(button.titleLabel.frame.width == frame.width + 10 && button.intrinsicSizeForLayout.width == size.width + 10)
    }

    @Test func aSegmentTitleOfTwelveThousandCharactersIsTruncatedInFewMeasurements() {
        let m = CountingMeasurer()
        let window = makeTestWindow()
        window.hostTextMeasurer = m
        // Drawing without a host measures with the application's measurer.
        UIApplication.shared.textMeasurer = m
        defer { UIApplication.shared.chosenTextMeasurer = nil }
        let control = UISegmentedControl(items: [String(repeating: "segment ", count: 1_500), "B"])
        control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
        window.addSubview(control)
        let list = DrawList()
        m.characters = 0
        window.buildDrawList(into: list, scale: 1, resources: nil)
        // Before: one measurement of up to 12,000 characters per character removed (about 72 million).
        #expect(m.characters < 200_000, "\(m.characters)")
    }
}
