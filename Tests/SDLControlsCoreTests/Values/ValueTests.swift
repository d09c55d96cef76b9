import Testing
import Foundation
@testable import SDLControlsCore

/// Value types: colours, fonts, insets and images (nested suites).
@Suite struct ValueTests {}

// MARK: - UIColor

extension ValueTests {
    struct Colors {
        @Test func componentsAreClampedAndNaNBecomesZero() {
            let c = UIColor(red: 1.5, green: -0.5, blue: .nan, alpha: 2)
            #expect(c.red == 1)
            #expect(c.green == 0)
            #expect(c.blue == 0)
            #expect(c.alpha == 1)
            let inf = UIColor(red: .infinity, green: -.infinity, blue: 0.25, alpha: .nan)
            #expect(inf.red == 1)
            #expect(inf.green == 0)
            #expect(inf.blue == 0.25)
            #expect(inf.alpha == 0)
        }

        @Test func convenienceInitialisers() {
            let grey = UIColor(white: 0.5, alpha: 0.25)
            #expect(grey.red == 0.5 && grey.green == 0.5 && grey.blue == 0.5)
            #expect(grey.alpha == 0.25)
            let orange = UIColor(rgb: 0xFF8000)
            #expect(orange.red == 1)
            // (A typed constant: inside #expect the literal quotient is not computed as CGFloat.)
            let expectedGreen: CGFloat = 128.0 / 255.0
            #expect(orange.green == expectedGreen)
            #expect(orange.blue == 0)
            #expect(orange.alpha == 1)
            #expect(UIColor(rgb: 0x123456, alpha: 0.5).alpha == 0.5)
            #expect(UIColor(white: 3, alpha: -1) == UIColor(white: 1, alpha: 0))
        }

        @Test func rgba8RoundsComponents() {
            let c = UIColor(red: 1, green: 0.5, blue: 0, alpha: 0.2)
            let px = c.rgba8
            #expect(px.r == 255)
            #expect(px.g == 128)
            #expect(px.b == 0)
            #expect(px.a == 51)
            let bad = UIColor(red: .nan, green: 9, blue: -9, alpha: .infinity).rgba8
            #expect(bad.r == 0 && bad.g == 255 && bad.b == 0 && bad.a == 255, "clamping keeps the packing in range")
        }

        @Test func dynamicColorsResolvePerStyle() {
            let light = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
            let dark = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9)
            let dynamic = UIColor(light: light, dark: dark)
            #expect(dynamic.resolvedColor(with: .dark) == dark)
            #expect(dynamic.resolvedColor(with: .light) == light)
            #expect(dynamic.resolvedColor(with: .unspecified) == light, "unspecified resolves as light")
            #expect(dynamic.red == 1, "the components of a dynamic colour are its light ones")
            // A resolved colour is static: resolving again does not flip it.
            #expect(dynamic.resolvedColor(with: .light).resolvedColor(with: .dark) == light)
        }

        @Test func staticColorsResolveToThemselves() {
            let c = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
            #expect(c.resolvedColor(with: .dark) === c)
            #expect(c.resolvedColor(with: .light) === c)
            #expect(UIColor.red.resolvedColor(with: .dark) == UIColor.red)
        }

        @Test func systemColorsDifferInDarkMode() {
            for c in [UIColor.systemBlue, .label, .systemBackground, .systemGray6] {
                #expect(c.resolvedColor(with: .light) != c.resolvedColor(with: .dark))
            }
            #expect(UIColor.label.resolvedColor(with: .dark) == UIColor.white)
            #expect(UIColor.label.resolvedColor(with: .light) == UIColor.black)
        }

        @Test func resolvedComponentsMatchResolvedColor() {
            let colors = [UIColor.systemBlue, .label, .red, UIColor(light: .white, dark: UIColor(white: 0.2, alpha: 0.5))]
            for c in colors {
                for style in [UIUserInterfaceStyle.unspecified, .light, .dark] {
                    let parts = c.resolvedComponents(with: style)
                    let resolved = c.resolvedColor(with: style)
                    #expect(parts.red == resolved.red && parts.green == resolved.green, "\(c) \(style)")
                    #expect(parts.blue == resolved.blue && parts.alpha == resolved.alpha, "\(c) \(style)")
                }
            }
        }

        @Test func withAlphaComponentChangesOnlyAlpha() {
            let c = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
            let half = c.withAlphaComponent(0.5)
            #expect(half == UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
            #expect(c.alpha == 1, "the original is unchanged")
            #expect(c.withAlphaComponent(7).alpha == 1)
            #expect(c.withAlphaComponent(.nan).alpha == 0)
        }

        @Test func withAlphaComponentKeepsBothVariantsOfADynamicColor() {
            let dynamic = UIColor(light: .white, dark: .black)
            let faded = dynamic.withAlphaComponent(0.25)
            #expect(faded.resolvedColor(with: .light) == UIColor(white: 1, alpha: 0.25))
            #expect(faded.resolvedColor(with: .dark) == UIColor(white: 0, alpha: 0.25))
        }

        @Test func equalityAndHashing() {
            let a = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
            let b = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
            #expect(a == b)
            #expect(a.hashValue == b.hashValue)
            #expect(a != UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5))
            #expect(Set([a, b, UIColor.red]).count == 2)
            // Clamped values compare equal to their clamped form.
            #expect(UIColor(red: 5, green: -5, blue: 0, alpha: 1) == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
            #expect(UIColor(red: 5, green: -5, blue: 0, alpha: 1).hashValue == UIColor.red.hashValue)
            // A dynamic colour is not equal to its light variant alone.
            let dynamic = UIColor(light: .white, dark: .black)
            #expect(dynamic != UIColor.white)
            #expect(dynamic == UIColor(light: .white, dark: .black))
            #expect(dynamic != UIColor(light: .white, dark: .gray))
            #expect(dynamic.hashValue == UIColor(light: .white, dark: .black).hashValue)
        }

        @Test func negativeZeroEqualsZero() {
            let a = UIColor(red: -0.0, green: 0, blue: 0, alpha: 1)
            #expect(a == UIColor.black)
            #expect(a.hashValue == UIColor.black.hashValue)
        }
    }
}

// MARK: - UIFont

extension ValueTests {
    struct Fonts {
        @Test func sizesAreClampedToSomethingUsable() {
            for size: CGFloat in [.nan, .infinity, -.infinity, 0, -12, 1e9, .greatestFiniteMagnitude] {
                let f = UIFont.systemFont(ofSize: size)
                #expect(f.pointSize.isFinite, "size \(size)")
                #expect(f.pointSize >= 1, "size \(size)")
            }
            #expect(UIFont.systemFont(ofSize: .nan).pointSize == UIFont.systemFontSize)
            #expect(UIFont.systemFont(ofSize: 0).pointSize == 1)
            #expect(UIFont.systemFont(ofSize: -3).pointSize == 1)
            #expect(UIFont.systemFont(ofSize: 1e9).pointSize < 1e9, "a huge size is clamped")
            #expect(UIFont.systemFont(ofSize: 14).pointSize == 14, "ordinary sizes are kept")
            #expect(UIFont.systemFont(ofSize: 0.5).pointSize == 1)
        }

        @Test func withSizeClampsToo() {
            let f = UIFont.systemFont(ofSize: 12, weight: .bold)
            let g = f.withSize(.nan)
            #expect(g.pointSize.isFinite && g.pointSize >= 1)
            #expect(g.weight == .bold)
            #expect(g.fontName == f.fontName)
            #expect(f.withSize(20).pointSize == 20)
            #expect(f.withSize(-1).pointSize == 1)
        }

        @Test func namedFonts() {
            #expect(UIFont(name: "", size: 12) == nil, "an empty name gives no font")
            let f = UIFont(name: "Inter", size: 13)
            #expect(f?.fontName == "Inter")
            #expect(f?.pointSize == 13)
            #expect(f?.weight == .regular)
            #expect(f?.isSystemFont == false)
            #expect(UIFont(name: "Inter", size: .nan)?.pointSize.isFinite == true)
        }

        @Test func systemFonts() {
            let f = UIFont.systemFont(ofSize: 15)
            #expect(f.isSystemFont)
            #expect(f.fontName == UIFont.systemFontName)
            #expect(f.weight == .regular)
            let bold = UIFont.boldSystemFont(ofSize: 15)
            #expect(bold.weight == .bold)
            #expect(bold.isSystemFont)
            #expect(bold != f)
            #expect(UIFont.systemFont(ofSize: 15) == f)
            #expect(UIFont.systemFont(ofSize: 0.1) == UIFont.systemFont(ofSize: 1), "equal after clamping")
        }

        @Test func weightsAreOrderedLightToHeavy() {
            let ordered: [UIFont.Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
            #expect(ordered == ordered.sorted())
            for (a, b) in zip(ordered, ordered.dropFirst()) {
                #expect(a < b)
            }
            #expect(UIFont.Weight.regular.rawValue == 0)
            #expect(UIFont.Weight(rawValue: 0.4) == .bold, "same raw values as UIKit")
            #expect(UIFont.Weight.ultraLight.rawValue == -0.8)
            #expect(UIFont.Weight.black.rawValue == 0.62)
        }

        @Test func aWeightGoesToTheNearestNamedWeight() {
            for (i, w) in UIFont.Weight.named.enumerated() { #expect(w.nearestNamedIndex == i) }
            #expect(UIFont.Weight(rawValue: 0.1).nearestNamedIndex == 3, "0.1 is nearer regular than medium")
            #expect(UIFont.Weight(rawValue: 0.27).nearestNamedIndex == 5, "0.27 is nearer semibold than medium")
            #expect(UIFont.Weight(rawValue: -1).nearestNamedIndex == 0)
            #expect(UIFont.Weight(rawValue: 1).nearestNamedIndex == 8)
            #expect(UIFont.Weight(rawValue: .nan).nearestNamedIndex == 3, "NaN draws regular")
            #expect(UIFont.Weight(rawValue: .infinity).nearestNamedIndex == 8)
            #expect(UIFont.Weight(rawValue: -.infinity).nearestNamedIndex == 0)
        }

        @Test func systemFontVariantsCarryTheirTraits() {
            let italic = UIFont.italicSystemFont(ofSize: 15)
            #expect(italic.traits == .italic && italic.weight == .regular && italic.isSystemFont && italic.pointSize == 15)
            let digits = UIFont.monospacedDigitSystemFont(ofSize: 13, weight: .semibold)
            #expect(digits.traits == .monospacedDigits && digits.weight == .semibold && digits.isSystemFont)
            let mono = UIFont.monospacedSystemFont(ofSize: 12, weight: .bold)
            #expect(mono.traits == .monospaced && mono.weight == .bold)
            #expect(digits.withSize(20).traits == .monospacedDigits && digits.withSize(20).pointSize == 20, "a new size keeps the traits")
            #expect(UIFont.systemFont(ofSize: 15).traits.isEmpty && UIFont(name: "Menlo", size: 12)?.traits.isEmpty == true)
            #expect(italic != UIFont.systemFont(ofSize: 15), "traits tell fonts apart")
            #expect(UIFont.monospacedDigitSystemFont(ofSize: .nan, weight: .regular).pointSize == UIFont.systemFontSize)
        }

        @Test func boldnessStartsAtSemibold() {
            #expect(!UIFont.Weight.regular.isBold)
            #expect(!UIFont.Weight.medium.isBold)
            #expect(UIFont.Weight.semibold.isBold)
            #expect(UIFont.Weight.bold.isBold)
            #expect(UIFont.Weight.black.isBold)
            #expect(!UIFont.Weight.ultraLight.isBold)
        }
    }
}

// MARK: - UIEdgeInsets and CGRect.inset(by:)

extension ValueTests {
    struct Insets {
        @Test func construction() {
            let i = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
            #expect(i.horizontal == 6)
            #expect(i.vertical == 4)
            #expect(UIEdgeInsets(all: 5) == UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5))
            #expect(UIEdgeInsets.zero == UIEdgeInsets(all: 0))
            #expect(UIEdgeInsets.zero.horizontal == 0 && UIEdgeInsets.zero.vertical == 0)
        }

        @Test func insetShrinksTheRect() {
            let r = CGRect(x: 10, y: 20, width: 100, height: 50)
            #expect(r.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == CGRect(x: 12, y: 21, width: 94, height: 46))
            #expect(r.inset(by: .zero) == r)
        }

        @Test func negativeInsetsGrowTheRect() {
            let r = CGRect(x: 10, y: 20, width: 100, height: 50)
            #expect(r.inset(by: UIEdgeInsets(all: -5)) == CGRect(x: 5, y: 15, width: 110, height: 60))
        }

        @Test func insetNeverProducesANegativeSize() {
            let r = CGRect(x: 0, y: 0, width: 10, height: 10)
            let squashed = r.inset(by: UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
            #expect(squashed.width == 0)
            #expect(squashed.height == 0)
            #expect(squashed.width >= 0 && squashed.height >= 0)
            let lopsided = r.inset(by: UIEdgeInsets(top: 0, left: 30, bottom: 20, right: -5))
            #expect(lopsided.width == 0 && lopsided.height == 0)
            #expect(CGRect.zero.inset(by: UIEdgeInsets(all: 1)).size == .zero)
        }

        @Test func insetStandardizesANegativeRectFirst() {
            let flipped = CGRect(x: 110, y: 70, width: -100, height: -50)
            #expect(flipped.inset(by: UIEdgeInsets(all: 5)) == CGRect(x: 15, y: 25, width: 90, height: 40))
        }
    }
}

// MARK: - UIImage

/// Builds small, fully valid image files (CRCs and checksums included).
private enum ImageFiles {
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(UInt32(data.count)) + typed + be32(crc32(typed))
    }

    /// An RGBA PNG of transparent pixels, the image data in one stored deflate block.
    static func png(width: UInt32, height: UInt32) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: 0, count: Int(width) * 4) }
        let len = UInt16(raw.count)
        let zlib: [UInt8] = [0x78, 0x01, 0x01] + le16(len) + le16(~len) + raw + be32(adler32(raw))
        let ihdr = be32(width) + be32(height) + [8, 6, 0, 0, 0]
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", [])
        return Data(bytes)
    }

    /// A 24-bit BMP (BITMAPINFOHEADER); a negative `height` makes a top-down bitmap.
    static func bmp(width: Int32, height: Int32) -> Data {
        let rowBytes = (Int(width) * 3 + 3) / 4 * 4
        let pixelBytes = rowBytes * Int(height.magnitude)
        let offset: UInt32 = 14 + 40
        var bytes: [UInt8] = [0x42, 0x4D] + le32(offset + UInt32(pixelBytes)) + [0, 0, 0, 0] + le32(offset)
        bytes += le32(40) + le32(UInt32(bitPattern: width)) + le32(UInt32(bitPattern: height))
        bytes += le16(1) + le16(24) + le32(0) + le32(UInt32(pixelBytes)) + le32(2835) + le32(2835) + le32(0) + le32(0)
        bytes += [UInt8](repeating: 0x7F, count: pixelBytes)
        return Data(bytes)
    }
}

/// A temporary folder added to ``UIImage/assetSearchPaths`` for one test; `restore()`
/// puts the search paths back and deletes the folder.
private struct AssetFolder {
    let url: URL
    let savedSearchPaths: [URL]

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("SDLControlsImageTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        savedSearchPaths = UIImage.assetSearchPaths
        UIImage.assetSearchPaths.insert(url, at: 0)
    }

    func write(_ data: Data, _ name: String) throws {
        try data.write(to: url.appendingPathComponent(name))
    }

    func restore() {
        UIImage.assetSearchPaths = savedSearchPaths
        try? FileManager.default.removeItem(at: url)
    }
}

extension ValueTests {
    /// These tests change the global ``UIImage/assetSearchPaths``: each runs on the main actor
    /// without suspending and restores it before it returns, so no other test sees the change.
    @MainActor struct Images {
        @Test func missingNamesGiveNil() throws {
            let folder = try AssetFolder()
            defer { folder.restore() }
            #expect(UIImage(named: "no-such-image-\(UUID().uuidString)") == nil)
            #expect(UIImage(named: "") == nil)
            #expect(UIImage(contentsOfFile: folder.url.appendingPathComponent("absent.png").path) == nil)
        }

        @Test func findsAPNGInAnAddedFolderAndReadsItsSize() throws {
            let folder = try AssetFolder()
            defer { folder.restore() }
            try folder.write(ImageFiles.png(width: 3, height: 5), "sprite.png")

            let image = try #require(UIImage(named: "sprite"))
            #expect(image.size == CGSize(width: 3, height: 5))
            #expect(image.scale == 1)
            #expect(image.name == "sprite")
            #expect(image.url.lastPathComponent == "sprite.png")
            let byFullName = try #require(UIImage(named: "sprite.png"))
            #expect(byFullName.size == CGSize(width: 3, height: 5))
        }

        @Test func searchPathsAreRestored() throws {
            let before = UIImage.assetSearchPaths
            do {
                let folder = try AssetFolder()
                defer { folder.restore() }
                #expect(UIImage.assetSearchPaths.count == before.count + 1)
            }
            #expect(UIImage.assetSearchPaths == before)
        }

        @Test func retinaFilesHaveScaleTwoAndHalfThePointSize() throws {
            let folder = try AssetFolder()
            defer { folder.restore() }
            try folder.write(ImageFiles.png(width: 8, height: 6), "hero@2x.png")

            let image = try #require(UIImage(named: "hero"))
            #expect(image.scale == 2)
            #expect(image.size == CGSize(width: 4, height: 3))
            let direct = try #require(UIImage(contentsOfFile: folder.url.appendingPathComponent("hero@2x.png").path))
            #expect(direct.scale == 2)
            #expect(direct.size == CGSize(width: 4, height: 3))
        }

        @Test func readsBMPSizes() throws {
            let folder = try AssetFolder()
            defer { folder.restore() }
            try folder.write(ImageFiles.bmp(width: 7, height: 9), "tile.bmp")
            try folder.write(ImageFiles.bmp(width: 5, height: -2), "topdown.bmp")

            let tile = try #require(UIImage(named: "tile"))
            #expect(tile.size == CGSize(width: 7, height: 9))
            let topDown = try #require(UIImage(named: "topdown"))
            #expect(topDown.size == CGSize(width: 5, height: 2), "a top-down bitmap has a positive height")
        }

        @Test func nonImageFilesHaveSizeZero() throws {
            let folder = try AssetFolder()
            defer { folder.restore() }
            try folder.write(Data("This is not an image, just some words in a file.".utf8), "notes.txt")
            try folder.write(Data([0x89, 0x50]), "short.png")
            try folder.write(Data(), "empty.png")

            let notes = try #require(UIImage(named: "notes.txt"))
            #expect(notes.size == .zero)
            let short = try #require(UIImage(named: "short"))
            #expect(short.size == .zero, "a truncated header is not read")
            let empty = try #require(UIImage(named: "empty"))
            #expect(empty.size == .zero)
        }

        @Test func aHostileBMPHeaderDoesNotCrash() throws {
            let folder = try AssetFolder()
            defer { folder.restore() }
            // Int32.min as the height: its absolute value does not fit in Int32.
            var bytes = [UInt8](ImageFiles.bmp(width: 1, height: 1))
            bytes.replaceSubrange(22..<26, with: [0x00, 0x00, 0x00, 0x80])
            bytes.replaceSubrange(18..<22, with: [0x00, 0x00, 0x00, 0x80])
            try folder.write(Data(bytes), "hostile.bmp")
            let image = try #require(UIImage(named: "hostile"))
            #expect(image.size.width.isFinite && image.size.height.isFinite)
            #expect(image.size.width >= 0 && image.size.height >= 0)
        }

        @Test func directoriesAreNotImages() throws {
            let folder = try AssetFolder()
            defer { folder.restore() }
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("icons"), withIntermediateDirectories: true)
            #expect(UIImage(named: "icons") == nil)
            try folder.write(ImageFiles.png(width: 2, height: 2), "icons.png")
            #expect(UIImage(named: "icons")?.url.lastPathComponent == "icons.png", "a folder of that name is skipped")
        }

        @Test func earlierSearchPathsWin() throws {
            let second = try AssetFolder()
            defer { second.restore() }
            let first = try AssetFolder()
            defer { first.restore() }
            try first.write(ImageFiles.png(width: 1, height: 1), "dup.png")
            try second.write(ImageFiles.png(width: 2, height: 2), "dup.png")
            let image = try #require(UIImage(named: "dup"))
            #expect(image.size == CGSize(width: 1, height: 1))
        }

        @Test func imagesOfTheSameFileAreEqual() throws {
            let folder = try AssetFolder()
            defer { folder.restore() }
            try folder.write(ImageFiles.png(width: 4, height: 4), "a.png")
            try folder.write(ImageFiles.png(width: 4, height: 4), "b.png")
            let a1 = try #require(UIImage(named: "a"))
            let a2 = try #require(UIImage(named: "a"))
            let b = try #require(UIImage(named: "b"))
            #expect(a1 == a2)
            #expect(a1.hashValue == a2.hashValue)
            #expect(a1 != b)
            #expect(a1 != UIImage(url: a1.url, name: "a", size: nil, scale: 2), "scale is part of identity")
        }

        @Test func explicitSizeAndBadScale() throws {
            let folder = try AssetFolder()
            defer { folder.restore() }
            try folder.write(ImageFiles.png(width: 10, height: 20), "sized.png")
            let url = folder.url.appendingPathComponent("sized.png")
            #expect(UIImage(url: url, name: nil, size: CGSize(width: 1, height: 2), scale: 1).size == CGSize(width: 1, height: 2))
            let badScale = UIImage(url: url, name: nil, size: nil, scale: .nan)
            #expect(badScale.scale == 1)
            #expect(badScale.size == CGSize(width: 10, height: 20))
            #expect(UIImage(url: url, name: nil, size: nil, scale: -2).scale == 1)
            #expect(UIImage(url: url, name: nil, size: nil, scale: 4).size == CGSize(width: 2.5, height: 5))
        }
    }
}
