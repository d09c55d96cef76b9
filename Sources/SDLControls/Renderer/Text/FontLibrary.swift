import SDLControlsSDL2
import Foundation

/// Finds font files and opens SDL_ttf fonts at pixel sizes, with a fallback chain for
/// characters the main font lacks (for example a CJK font when one is installed).
///
/// The main font is, in order: files passed in ``FontConfiguration/fontFiles``, the
/// `SDLCONTROLS_FONT` environment variable, then well-known system paths (DejaVu Sans,
/// Liberation Sans, Noto Sans, FreeSans; ``FontConfiguration/inter`` names Inter, whose
/// proportions are close to Apple's system font's). Its family's other faces are found beside it by name
/// (`Inter-SemiBold.otf`, `Inter-BoldItalic.otf`, `DejaVuSans-Bold.ttf`, ...): a weight draws in
/// the nearest face the family has, italic in an italic face when there is one (upright
/// otherwise). Monospaced system fonts use DejaVu Sans Mono (or Liberation Mono, Noto Sans
/// Mono) the same way, or the main family when none is installed. When none exists, ``SDLControlsError/fontNotFound(searched:)``
/// names everything that was tried; when the only ones that exist can't be read,
/// ``SDLControlsError/fontUnreadable(path:reason:)`` names the first and why.
///
/// Files that exist but can't be opened are reported once each (``notices``, then ``report``):
/// a corrupt candidate is skipped for the next one; a corrupt bold face leaves bold text in the
/// regular face; a corrupt custom font file (`UIFont(name:)` with a path) draws in the main
/// font; a corrupt fallback font is skipped.
@MainActor
final class FontLibrary {
    /// A family's faces: a file for each of UIKit's named weights it has (see
    /// ``UIFont/Weight/named``), upright and italic.
    struct Family {
        var regular: String
        /// Indexed like ``UIFont/Weight/named``; nil where the family has no such face.
        var upright: [String?]
        var italic: [String?]

        /// Face names of each named weight as font files spell them (Inter's, then others').
        static let weightNames: [[String]] = [
            ["Thin", "Hairline"], ["ExtraLight", "UltraLight"], ["Light"], ["Regular"], ["Medium"],
            ["SemiBold", "DemiBold"], ["Bold"], ["ExtraBold", "Heavy", "UltraBold"], ["Black"],
        ]

        /// The family of `regular`, its other faces found beside it by name:
        /// `Name-Regular.ext` has `Name-Bold.ext`, `Name-BoldItalic.ext`, `Name-Italic.ext`;
        /// `Name.ext` has `Name-Bold.ext`, `Name-Oblique.ext`, `Name-BoldOblique.ext`.
        init(regular: String) {
            self.regular = regular
            upright = [String?](repeating: nil, count: UIFont.Weight.named.count)
            italic = upright
            upright[3] = regular
            let url = URL(fileURLWithPath: regular)
            let ext = url.pathExtension, dir = url.deletingLastPathComponent().path
            var stem = url.deletingPathExtension().lastPathComponent
            if stem.hasSuffix("-Regular") { stem.removeLast("-Regular".count) }
            guard !ext.isEmpty, !stem.isEmpty else { return }
            for (i, names) in Family.weightNames.enumerated() {
                // Regular's italic is plain `Name-Italic`; the others are `Name-BoldItalic`.
                for name in i == 3 ? [""] : names {
                    if i != 3, upright[i] == nil {
                        let p = "\(dir)/\(stem)-\(name).\(ext)"
                        if RegularFile.isReadable(p) { upright[i] = p }
                    }
                    for slant in ["Italic", "Oblique"] where italic[i] == nil {
                        let p = "\(dir)/\(stem)-\(name)\(slant).\(ext)"
                        if RegularFile.isReadable(p) { italic[i] = p }
                    }
                }
            }
        }

        /// The file for a weight (index in ``UIFont/Weight/named``): the nearest face the
        /// family has, a tie going away from regular (semibold to bold, thin to ultra light).
        /// Italic when asked and the family has an italic face within one step of the weight;
        /// otherwise the weight matters more, and the upright face is used.
        func path(weight w: Int, italic wantsItalic: Bool) -> String {
            if wantsItalic, let found = Family.nearest(w, in: italic), abs(found.index - w) <= 1 { return found.path }
            return Family.nearest(w, in: upright)?.path ?? regular
        }

        private static func nearest(_ w: Int, in faces: [String?]) -> (index: Int, path: String)? {
            for distance in 0..<faces.count {
                let away = w >= 3 ? w + distance : w - distance
                let toward = w >= 3 ? w - distance : w + distance
                if faces.indices.contains(away), let p = faces[away] { return (away, p) }
                if faces.indices.contains(toward), let p = faces[toward] { return (toward, p) }
            }
            return nil
        }
    }

    let main: Family
    /// The monospaced system font's family; nil when none is installed (the main family then).
    let monospaced: Family?
    let fallbacks: [String]
    private var open: [FontKey: OpaquePointer] = [:]
    /// Files that failed to open; not tried again.
    private var unusable: Set<String> = []
    /// Files that opened at some size: a later failure (no file descriptor left, no memory)
    /// is not the file's fault, so it is tried again next time instead of given up for good.
    private var opened: Set<String> = []
    /// Files whose passing failure was reported (once each).
    private var reportedTransient: Set<String> = []
    /// Problems found while choosing fonts, for the host to log on its first frame.
    private(set) var notices: [String] = []
    /// Where problems found later (a file that fails when first used) are reported, once each.
    var report: ((String) -> Void)?

    struct FontKey: Hashable {
        var path: String
        var pixelSize: Int
    }

    static let regularCandidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
        "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/Library/Fonts/Arial.ttf",
        "/System/Library/Fonts/Supplemental/Arial.ttf",
    ]

    static let monospacedCandidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf",
        "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
    ]

    static let fallbackCandidates = [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    ]

    init(configuration: FontConfiguration) throws {
        var searched: [String] = []
        var chosen: String?
        var candidates = configuration.fontFiles
        if let env = ProcessInfo.processInfo.environment["SDLCONTROLS_FONT"], !env.isEmpty { candidates.append(env) }
        // Files the app or the user named are reported when missing; the system's are only tried.
        let named = Set(candidates)
        if configuration.searchSystemFonts { candidates += FontLibrary.regularCandidates }
        var unreadable: (path: String, reason: String)?
        var notices: [String] = []
        for path in candidates {
            searched.append(path)
            guard RegularFile.isReadable(path) else {
                if named.contains(path) { notices.append("font \(path) is missing or not a readable file; trying the next font") }
                continue
            }
            // Reject files SDL_ttf can't open (corrupt or not a font) and keep looking.
            if let f = TTF_OpenFont(path, 12) {
                TTF_CloseFont(f)
                chosen = path
                break
            }
            let reason = FontLibrary.reason()
            if unreadable == nil { unreadable = (path, reason) }
            notices.append("font \(path) could not be opened (\(reason)); trying the next font")
        }
        guard let regular = chosen else {
            if let unreadable { throw SDLControlsError.fontUnreadable(path: unreadable.path, reason: unreadable.reason) }
            throw SDLControlsError.fontNotFound(searched: searched)
        }
        var family = Family(regular: regular)
        if let given = configuration.boldFontFile {
            if RegularFile.isReadable(given) {
                family.upright[6] = given
            } else {
                notices.append("bold font \(given) is missing or unreadable; bold text uses the regular face \(regular)")
                family.upright[6] = nil
            }
        }
        if let b = family.upright[6] {
            if let f = TTF_OpenFont(b, 12) {
                TTF_CloseFont(f)
            } else {
                // A corrupt bold face would make all bold text invisible: use the regular one.
                // (Other faces are opened when first used; one that fails is reported then and
                // its text drawn in the regular face.)
                notices.append("bold font \(b) could not be opened (\(FontLibrary.reason())); bold text uses the regular face \(regular)")
                family.upright[6] = nil
            }
        }
        self.notices = notices
        opened = [regular]
        if let bold = family.upright[6] { opened.insert(bold) }
        main = family
        monospaced = configuration.searchSystemFonts
            ? FontLibrary.monospacedCandidates.first(where: RegularFile.isReadable).map { Family(regular: $0) } : nil
        fallbacks = (configuration.fallbackFontFiles + (configuration.searchSystemFonts ? FontLibrary.fallbackCandidates : []))
            .filter { $0 != regular && RegularFile.isReadable($0) }
    }

    /// The font file for a font: a file named by path, else the face of the main (or
    /// monospaced) family nearest its weight, italic when asked and there is one.
    func path(for font: UIFont) -> String {
        if !font.isSystemFont, font.fontName.hasPrefix("/"), RegularFile.isReadable(font.fontName) {
            return font.fontName
        }
        let family = font.traits.contains(.monospaced) ? (monospaced ?? main) : main
        return family.path(weight: font.weight.nearestNamedIndex, italic: font.traits.contains(.italic))
    }

    /// An open font at a pixel size. A file that can't be opened is reported once and the
    /// main regular font used in its place (nil only when that fails too, or for a fallback).
    func font(path: String, pixelSize: Int) -> OpaquePointer? {
        // After closeAll (the host shut down, SDL_ttf maybe quit) nothing is opened again: a
        // font opened then would never be closed, or opened through a library already gone.
        // Measuring then falls back to the estimate.
        guard !isClosed else { return nil }
        let key = FontKey(path: path, pixelSize: FontLibrary.clampedPixelSize(pixelSize))
        if let f = open[key] { return f }
        if unusable.contains(path) { return substitute(for: path, pixelSize: key.pixelSize) }
        guard let f = TTF_OpenFont(path, Int32(key.pixelSize)) else {
            let reason = FontLibrary.reason()
            if opened.contains(path) {
                // The file is good (it opened before): out of descriptors or memory for now.
                if reportedTransient.insert(path).inserted {
                    report?("font \(path) could not be opened at \(key.pixelSize) px (\(reason)); tried again when next needed")
                }
                return substitute(for: path, pixelSize: key.pixelSize)
            }
            unusable.insert(path)
            if fallbacks.contains(path) {
                report?("fallback font \(path) could not be opened (\(reason)); skipped")
            } else if path != main.regular {
                report?("font \(path) could not be opened (\(reason)); its text uses \(main.regular)")
            } else {
                report?("font \(path) could not be opened (\(reason)); text is not drawn")
            }
            return substitute(for: path, pixelSize: key.pixelSize)
        }
        // HarfBuzz shaping and kerning where SDL_ttf was built with them.
        TTF_SetFontKerning(f, 1)
        TTF_SetFontHinting(f, Int32(TTF_HINTING_LIGHT))
        open[key] = f
        opened.insert(path)
        return f
    }

    /// The pixel size fonts are opened at: 1...2000 (SDL_ttf's sizes are positive; past 2000
    /// a glyph outgrows any atlas).
    nonisolated static func clampedPixelSize(_ size: Int) -> Int { max(1, min(size, 2000)) }

    /// Whether any font is open at `pixelSize` (clamped). Asked only when a new size is
    /// wanted, over a few dozen open fonts at most.
    func isOpen(pixelSize: Int) -> Bool { open.keys.contains { $0.pixelSize == pixelSize } }

    /// Closes every font open at `pixelSize` (the glyph cache let go of that size).
    func close(pixelSize: Int) {
        for (key, f) in open where key.pixelSize == pixelSize {
            TTF_CloseFont(f)
            open[key] = nil
        }
    }

    /// What draws instead of an unusable file: the main regular font (nothing for a fallback,
    /// or when the main font itself fails).
    private func substitute(for path: String, pixelSize: Int) -> OpaquePointer? {
        guard path != main.regular, !fallbacks.contains(path), !unusable.contains(main.regular) else { return nil }
        return font(path: main.regular, pixelSize: pixelSize)
    }

    /// SDL_ttf's message for the last failure.
    private static func reason() -> String {
        let m = sdlError()
        return m.isEmpty ? "unknown error" : m
    }

    /// Splits `text` into runs, each with the first font of the chain that has its glyphs.
    /// Every line SDL_ttf measures or draws comes through here, so this is where text takes
    /// its drawn form (`String.displayText`): no control character,
    /// and so no NUL to end SDL_ttf's C string early.
    func segments(of text: String, mainPath: String, pixelSize: Int) -> [(text: String, font: OpaquePointer)] {
        guard let mainFont = font(path: mainPath, pixelSize: pixelSize) else { return [] }
        let text = text.displayText
        guard !text.isEmpty else { return [] }
        if fallbacks.isEmpty || text.unicodeScalars.allSatisfy({ $0.value < 0x250 }) {
            return [(text, mainFont)]   // fast path: Latin text
        }
        var result: [(String, OpaquePointer)] = []
        var current = ""
        var currentFont = mainFont
        for scalar in text.unicodeScalars {
            var chosen = mainFont
            if TTF_GlyphIsProvided32(mainFont, scalar.value) == 0 && !Self.isJoiner(scalar) {
                for path in fallbacks {
                    if let f = font(path: path, pixelSize: pixelSize), TTF_GlyphIsProvided32(f, scalar.value) != 0 {
                        chosen = f
                        break
                    }
                }
            } else if Self.isJoiner(scalar) {
                chosen = currentFont   // combining marks stay with their base character
            }
            if chosen != currentFont, !current.isEmpty {
                result.append((current, currentFont))
                current = ""
            }
            currentFont = chosen
            current.unicodeScalars.append(scalar)
        }
        if !current.isEmpty { result.append((current, currentFont)) }
        return result
    }

    private static func isJoiner(_ s: Unicode.Scalar) -> Bool {
        s.properties.generalCategory == .nonspacingMark || s.properties.generalCategory == .enclosingMark
            || s.value == 0x200D || (0xFE00...0xFE0F).contains(s.value)
    }

    func closeAll() {
        isClosed = true
        for f in open.values { TTF_CloseFont(f) }
        open.removeAll()
    }

    /// Whether ``closeAll()`` ran: the library opens nothing more.
    private(set) var isClosed = false

    /// Fonts open now.
    var openCount: Int { open.count }
}

/// Which fonts the host uses.
public struct FontConfiguration: Sendable {
    /// Font files to try first for the main UI font, in order.
    public var fontFiles: [String]
    /// A bold face for the main font; guessed from the regular file's name when nil.
    public var boldFontFile: String?
    /// Fonts tried, in order, for characters the main font lacks.
    public var fallbackFontFiles: [String]
    /// Whether well-known system font paths are searched after the files given here.
    public var searchSystemFonts: Bool

    /// Inter's regular face where Debian installs it (`fonts-inter`, which `make` installs):
    /// `FontConfiguration(fontFiles: [FontConfiguration.inter])` makes it the UI font, in all
    /// nine of UIKit's weights and their italics. Not the default yet: its digits are
    /// proportional, so text whose numbers change every frame changes width and lays out
    /// again, which costs more than the default font's (DejaVu's digits are all one width);
    /// use `UIFont.monospacedDigitSystemFont(ofSize:weight:)` for such text.
    public static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"

    /// Creates a configuration; the default uses the system's fonts.
    public init(fontFiles: [String] = [], boldFontFile: String? = nil, fallbackFontFiles: [String] = [],
                searchSystemFonts: Bool = true) {
        self.fontFiles = fontFiles
        self.boldFontFile = boldFontFile
        self.fallbackFontFiles = fallbackFontFiles
        self.searchSystemFonts = searchSystemFonts
    }
}
