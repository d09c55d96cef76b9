import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// The system font's faces: any family's faces found beside its regular file, the nearest face
/// for a weight the family lacks, DejaVu by default, Inter (installed by `make`) in UIKit's
/// nine weights and their italics when configured, DejaVu Sans Mono for the monospaced font,
/// and digits of one width.
@MainActor
struct SystemFontFacesTests {
    /// A folder of empty files named as a family's faces (finding faces only reads names).
    private func family(_ names: [String]) throws -> (folder: URL, remove: () -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-family-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for n in names { try Data().write(to: folder.appendingPathComponent(n)) }
        return (folder, { try? FileManager.default.removeItem(at: folder) })
    }

    /// The file name `family` draws weight `w` in.
    private func fileName(_ family: FontLibrary.Family, _ w: UIFont.Weight, italic: Bool = false) -> String {
        URL(fileURLWithPath: family.path(weight: w.nearestNamedIndex, italic: italic)).lastPathComponent
    }

    /// The file name `host` draws `font` in.
    private func fileName(_ host: SDLHost, _ font: UIFont) -> String {
        URL(fileURLWithPath: host.backend.fonts.path(for: font)).lastPathComponent
    }

    @Test func facesNamedLikeIntersAreFoundAndTheNearestIsUsed() throws {
        let (folder, remove) = try family(["Fam-Regular.otf", "Fam-Bold.otf", "Fam-Thin.otf", "Fam-LightItalic.otf"])
        defer { remove() }
        let f = FontLibrary.Family(regular: folder.appendingPathComponent("Fam-Regular.otf").path)
        func face(_ w: UIFont.Weight, italic: Bool = false) -> String { fileName(f, w, italic: italic) }
        #expect(face(.regular) == "Fam-Regular.otf")
        #expect(face(.medium) == "Fam-Regular.otf", "medium is nearer regular than bold")
        #expect(face(.semibold) == "Fam-Bold.otf", "semibold is nearer bold")
        #expect(face(.black) == "Fam-Bold.otf")
        #expect(face(.ultraLight) == "Fam-Thin.otf")
        #expect(face(.thin) == "Fam-Thin.otf", "a tie below regular goes lighter")
        #expect(face(.light) == "Fam-Regular.otf", "light is one step from regular, two from thin")
        #expect(face(.regular, italic: true) == "Fam-LightItalic.otf", "the nearest italic face, one step away")
        #expect(face(.bold, italic: true) == "Fam-Bold.otf", "an italic face four steps lighter loses to the weight")
    }

    @Test func facesNamedLikeDejaVusAreFoundAndObliqueCountsAsItalic() throws {
        let (folder, remove) = try family(["Sans.ttf", "Sans-Bold.ttf", "Sans-Oblique.ttf", "Sans-BoldOblique.ttf"])
        defer { remove() }
        let f = FontLibrary.Family(regular: folder.appendingPathComponent("Sans.ttf").path)
        func face(_ w: UIFont.Weight, italic: Bool = false) -> String { fileName(f, w, italic: italic) }
        #expect(face(.regular) == "Sans.ttf" && face(.bold) == "Sans-Bold.ttf" && face(.heavy) == "Sans-Bold.ttf")
        #expect(face(.regular, italic: true) == "Sans-Oblique.ttf" && face(.bold, italic: true) == "Sans-BoldOblique.ttf")
    }

    @Test func aFamilyWithNoOtherFacesDrawsEverythingInItsRegularFace() throws {
        let (folder, remove) = try family(["Lone.ttf"])
        defer { remove() }
        let path = folder.appendingPathComponent("Lone.ttf").path
        let f = FontLibrary.Family(regular: path)
        for w in UIFont.Weight.named + [UIFont.Weight(rawValue: .nan)] {
            #expect(f.path(weight: w.nearestNamedIndex, italic: false) == path)
            #expect(f.path(weight: w.nearestNamedIndex, italic: true) == path, "upright when there is no italic face")
        }
    }

    /// The default font (DejaVu Sans, from `fonts-dejavu-core`): regular and bold faces, the
    /// nearest for other weights; DejaVu Sans Mono for the monospaced font.
    @Test func theDefaultSystemFontIsDejaVuWithItsBoldFaceAndTheMonospacedOneDejaVuSansMono() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        func file(_ font: UIFont) -> String { fileName(host, font) }
        #expect(file(.systemFont(ofSize: 15)) == "DejaVuSans.ttf" && file(.systemFont(ofSize: 15, weight: .medium)) == "DejaVuSans.ttf")
        #expect(file(.systemFont(ofSize: 15, weight: .semibold)) == "DejaVuSans-Bold.ttf" && file(.boldSystemFont(ofSize: 15)) == "DejaVuSans-Bold.ttf")
        #expect(file(.monospacedSystemFont(ofSize: 15, weight: .regular)) == "DejaVuSansMono.ttf")
        #expect(file(.monospacedSystemFont(ofSize: 15, weight: .bold)) == "DejaVuSansMono-Bold.ttf")
    }

    /// Inter (installed by `make`), when configured: every one of UIKit's weights in its own
    /// face, italic in Inter's italic.
    @Test func interConfiguredDrawsEveryWeightInItsOwnFace() throws {
        let host = try makeHeadlessHost(fonts: FontConfiguration(fontFiles: [FontConfiguration.inter]))
        defer { host.shutdown() }
        func file(_ font: UIFont) -> String { fileName(host, font) }
        let expected = ["Inter-Thin.otf", "Inter-ExtraLight.otf", "Inter-Light.otf", "Inter-Regular.otf", "Inter-Medium.otf",
                        "Inter-SemiBold.otf", "Inter-Bold.otf", "Inter-ExtraBold.otf", "Inter-Black.otf"]
        #expect(UIFont.Weight.named.map { file(.systemFont(ofSize: 15, weight: $0)) } == expected)
        #expect(file(.italicSystemFont(ofSize: 15)) == "Inter-Italic.otf")
        #expect(file(.monospacedDigitSystemFont(ofSize: 15, weight: .bold)) == "Inter-Bold.otf")
        // Each face draws differently: heavier faces are wider.
        let light = host.backend.size(of: "Resume", font: .systemFont(ofSize: 17, weight: .light)).width
        let black = host.backend.size(of: "Resume", font: .systemFont(ofSize: 17, weight: .black)).width
        #expect(light < black)
    }

    @Test(arguments: [1.0, 2.0])
    func monospacedDigitsAreAllOneWidthMeasuredAndDrawn(scale: Double) throws {
        // Inter: its own digits are proportional (DejaVu's are already all one width).
        let host = try makeHeadlessHost(scale: CGFloat(scale), fonts: FontConfiguration(fontFiles: [FontConfiguration.inter]))
        defer { host.shutdown() }
        let tabular = UIFont.monospacedDigitSystemFont(ofSize: 17, weight: .regular)
        let proportional = UIFont.systemFont(ofSize: 17)
        let widths = (0...9).map { host.backend.size(of: "\($0)\($0)\($0)", font: tabular).width }
        #expect(Set(widths).count == 1, "every digit as wide: \(widths)")
        #expect(host.backend.size(of: "111", font: proportional).width < host.backend.size(of: "888", font: proportional).width,
                "the system font's own digits differ (so the rule is doing something)")
        #expect(host.backend.size(of: "Score 94", font: tabular) == host.backend.size(of: "Score 18", font: tabular))
        #expect(host.backend.size(of: "Score", font: tabular) == host.backend.size(of: "Score", font: proportional), "letters as usual")
        // Drawn by the same rule: a label's glyphs end where it was measured to end, and each
        // digit's glyph sits inside its cell.
        var run = GlyphRun()
        #expect(host.backend.layoutGlyphs("1181", font: tabular, scale: CGFloat(scale), color: 0xFF00_0000, into: &run))
        let measured = host.backend.size(of: "1181", font: tabular).width * CGFloat(scale)
        #expect(abs(CGFloat(run.width) - measured) < 0.01)
        let cell = run.width / 4
        for (i, q) in run.quads.enumerated() {
            #expect(q.x0 >= Float(i) * cell - 1 && q.x1 <= Float(i + 1) * cell + 1, "glyph \(i) centred in its cell")
        }
    }

    /// A label whose number changes keeps its width with monospaced digits, so what is laid
    /// out beside it stays put (a score going from 94 to 18).
    @Test func aLabelWithMonospacedDigitsKeepsItsWidthAsItsNumberChanges() throws {
        let host = try makeHeadlessHost(fonts: FontConfiguration(fontFiles: [FontConfiguration.inter]))
        defer { host.shutdown() }
        let label = UILabel()
        label.font = .monospacedDigitSystemFont(ofSize: 17, weight: .semibold)
        host.window.addSubview(label)
        label.text = "94"
        let a = label.intrinsicContentSize
        label.text = "18"
        #expect(label.intrinsicContentSize == a)
        label.font = .systemFont(ofSize: 17, weight: .semibold)
        #expect(label.intrinsicContentSize.width < a.width, "proportional ones: 18 is narrower than 94 was")
    }
}
