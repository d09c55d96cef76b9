import Testing
import Foundation
@testable import SDLControlsCore

/// Messages that quote input show control and reordering characters as escapes, so the text
/// quoted can't act on the terminal or log that prints it.
struct MessageEscapingTests {
    @Test func controlCharactersAreShownAsEscapes() {
        #expect("\u{1B}]0;pwned\u{7}".escapedForMessage == "\\u{1B}]0;pwned\\u{7}")
        #expect("a\u{0}b\u{7F}c\u{85}d".escapedForMessage == "a\\u{0}b\\u{7F}c\\u{85}d")
        #expect("line\nbreak\r\u{2028}".escapedForMessage == "line\\u{A}break\\u{D}\\u{2028}")
    }

    @Test func bidiControlsAreShownAsEscapes() {
        #expect("abc\u{202E}fed".escapedForMessage == "abc\\u{202E}fed")
        #expect("\u{2066}x\u{2069}\u{200F}".escapedForMessage == "\\u{2066}x\\u{2069}\\u{200F}")
    }

    @Test func ordinaryTextIsUnchanged() {
        for t in ["", "Samples/Scripts/form.script", "héllo wörld", "にほんご", "👩‍👩‍👧", "e\u{301}", "tab-free \\ backslash"] {
            #expect(t.escapedForMessage == t)
        }
    }

    @Test func invalidBytesAreShownAsHexAndValidOnesAsText() {
        #expect(String.escapedForMessage(bytes: [0x61, 0xFF, 0x62]) == "a\\xFFb")
        #expect(String.escapedForMessage(bytes: [0x00, 0x1B]) == "\\u{0}\\u{1B}")
        #expect(String.escapedForMessage(bytes: Array("é😀".utf8)) == "é😀")
        // Overlong, surrogate and truncated sequences are not UTF-8: each byte shown.
        #expect(String.escapedForMessage(bytes: [0xC0, 0x80]) == "\\xC0\\x80")
        #expect(String.escapedForMessage(bytes: [0xED, 0xA0, 0x80]) == "\\xED\\xA0\\x80")
        #expect(String.escapedForMessage(bytes: [0xE2, 0x82]) == "\\xE2\\x82")
        #expect(String.escapedForMessage(bytes: [0xF4, 0x90, 0x80, 0x80]) == "\\xF4\\x90\\x80\\x80")
    }
}
