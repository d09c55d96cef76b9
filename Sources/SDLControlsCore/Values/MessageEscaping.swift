import Foundation

/// Quoting input in messages (script errors, file, font and image reasons, logs).
///
/// A message that echoes what a file or a caller gave must not let that text act on the
/// terminal or the log reading it: an `ESC ] 0 ;` sequence would retitle the terminal, a BEL
/// ring, a NUL cut a C reader's line, a bidi override reorder the rest of the line. So every
/// message that quotes input goes through these two functions, which show such characters
/// as visible escapes, the way the script format writes them (`\u{1B}`), and bytes that are
/// not UTF-8 as `\xFF`.
extension String {
    /// This text with every control or reordering character shown as `\u{HEX}`: C0 controls,
    /// DEL, C1 controls, the line and paragraph separators, and the bidirectional marks,
    /// embeddings, overrides and isolates (U+200E, U+200F, U+202A…U+202E, U+2066…U+2069).
    /// Text without any is returned as it is, without copying.
    package var escapedForMessage: String {
        guard unicodeScalars.contains(where: String.needsEscape) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if String.needsEscape(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `bytes` as UTF-8 text for a message: well-formed sequences as their characters (escaped
    /// as ``escapedForMessage``), every byte that is not part of one as `\xHH`.
    package static func escapedForMessage<Bytes: Collection>(bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let b = Array(bytes)
        var out = ""
        var i = 0
        while i < b.count {
            let length = String.sequenceLength(b, at: i)
            if length > 0 {
                out += String(decoding: b[i..<(i + length)], as: UTF8.self).escapedForMessage
                i += length
            } else {
                out += "\\x" + (b[i] < 0x10 ? "0" : "") + String(b[i], radix: 16, uppercase: true)
                i += 1
            }
        }
        return out
    }

    /// The length of the well-formed UTF-8 sequence starting at `i`, or 0 when there is none
    /// (the rules of Unicode's table 3-7: no overlongs, no surrogates, nothing past U+10FFFF).
    private static func sequenceLength(_ b: [UInt8], at i: Int) -> Int {
        let b0 = b[i]
        func cont(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool { i + k < b.count && range.contains(b[i + k]) }
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0...0xBF) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80...0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90...0xBF) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80...0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    private static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
