import Testing
import Foundation
@testable import SDLControlsCore

/// The form text takes on its way to a font: control characters dealt with scalar by scalar.
struct DisplayTextTests {
    @Test func controlCharactersAreRemovedScalarByScalarEvenInsideACharacter() {
        // Each of these is a single Character whose first scalar is a control: a search by
        // Character for "\0" does not find them.
        #expect("\u{0}\u{301}".displayText == "\u{301}")
        #expect("x\u{0}\u{FE0F}".displayText == "x\u{FE0F}")
        #expect("\u{0}\u{1F3FB}".displayText == "\u{1F3FB}")
        #expect("a\u{1}b\u{1F}c\u{7F}d\n\re".displayText == "abcde")
    }

    @Test func aTabIsOneSpace() {
        #expect("a\tb".displayText == "a b")
    }

    @Test func textWithoutControlsIsUnchanged() {
        for t in ["", "Resume", "é\u{301}", "👩‍👩‍👧", "مرحبا", "\u{85}next-line stays", "a\u{200D}b"] {
            #expect(t.displayText == t)
        }
    }

    @Test func onlyControlsLeaveNothing() {
        #expect(String(repeating: "\u{0}", count: 10_000).displayText.isEmpty)
    }

    @MainActor @Test func theApproximateMeasurerMeasuresTheDisplayedText() {
        let m = ApproximateTextMeasurer()
        let font = UIFont.systemFont(ofSize: 20)
        #expect(m.size(of: "ab\u{0}\u{0}", font: font) == m.size(of: "ab", font: font))
    }
}
