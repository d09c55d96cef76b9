import Foundation

/// The one boundary text crosses on its way to a font.
///
/// Labels, titles, text fields, segments, placeholders and every other view's text are stored
/// as given (as UIKit stores them) and pass through `displayText` where a text
/// measurer or renderer takes a line: there control characters are dealt with scalar by
/// scalar, before any font fallback, shaping or measurement sees the text.
///
/// - NUL, the other C0 controls (U+0001…U+001F) and DEL are measured and drawn as nothing
///   (they have no glyph; a NUL would also end a C string early). A line break reaching a
///   line's measurement is such a control: lines are split before.
/// - A tab is drawn as one space (a text field turns it into one when it is typed or set).
/// - Everything else, combining marks and variation selectors after a removed control
///   included, passes unchanged.
///
/// The work is one pass over the UTF-8 bytes for text without such characters (nearly all
/// text), and one bounded loop over the scalars for the rest: no recursion, no search by
/// `Character` (a NUL followed by a combining mark is one `Character`, which a search for
/// `"\0"` does not match).
extension String {
    /// This line as a font measures and draws it: C0 controls and DEL removed, a tab as a
    /// space (see the overview above).
    package var displayText: String {
        guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09: out.append(" ")
            case 0x00..<0x20, 0x7F: continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
