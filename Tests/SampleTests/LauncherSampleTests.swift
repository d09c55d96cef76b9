import Foundation
import Testing
import SampleKit
import SDLControls

/// The samples as the launcher shows them, through the `sample-launcher` binary: the back
/// control and Escape return to the list, `--dump-accessibility` lists every element, and
/// each sample has the controls the README's table gives it.
@MainActor
struct LauncherSampleTests: LauncherProcessHarness {

    /// `--tour` runs each sample for its own script's length: `--frames` with it is refused,
    /// with a message that says so.
    @Test(.enabled(if: binary != nil))
    func theTourRefusesFrames() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--tour", dir.appendingPathComponent("out").path, "--frames", "3"], in: dir)
        #expect(r.code == 2)
        #expect(r.err.contains("leave out --frames"), "\(r.err)")
    }

    /// A font named by `SDLCONTROLS_FONT` that is missing, or not a font, is said on stderr in
    /// the headless launcher too; the next font draws the sample.
    @Test(.enabled(if: binary != nil), arguments: ["missing", "not a font"])
    func aBadFontNamedByTheEnvironmentIsSaidNotSkippedSilently(_ kind: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = kind == "missing" ? dir.appendingPathComponent("none.ttf").path : try Self.write("not a font", "bad.ttf", in: dir)
        let r = try Self.launcher(["--headless", "--sample", "gallery"], in: dir,
                                  environment: ["SDL_VIDEODRIVER": "dummy", "SDLCONTROLS_FONT": path])
        #expect(r.code == 0)
        #expect(r.err.contains("font \(path)"), "\(r.err)")
    }

    /// README: Escape or "‹ Samples" returns to the list. Clicking the back control (its center
    /// from `--dump-accessibility`) or pressing Escape shows the list with every sample's row.
    @Test(.enabled(if: binary != nil), arguments: ["click", "escape"])
    func backControlAndEscapeReturnToTheList(_ how: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dump = try Self.launcher(["--headless", "--sample", "gallery", "--dump-accessibility"], in: dir)
        let back = try #require(dump.out.split(separator: "\n").first { $0.hasPrefix("UIButton \"Back\"") }?
            .firstMatch(of: /center=\((\d+), (\d+)\)/))
        let script = how == "click" ? "2 mouse down \(back.1) \(back.2)\n3 mouse up \(back.1) \(back.2)\n"
                                    : "2 key down Escape\n3 key up Escape\n"
        let p = try Self.write(script, "b.script", in: dir)
        let r = try Self.launcher(["--headless", "--sample", "gallery", "--script", p, "--dump-accessibility"], in: dir)
        #expect(r.code == 0)
        for title in ["Gallery", "Event inspector", "Target-action", "Multi-touch", "Form", "Embedded game", "Stress", "Immediate", "Gestures"] {
            #expect(r.out.contains("\"\(title)\""), "\(title) row: \(r.out)")
        }
        #expect(!r.out.contains("UIButton \"Back\""), "the back control is hidden on the list")
    }

    /// README: "Find where to click with `--dump-accessibility`, which lists every accessibility
    /// element's label, value and frame", and the Stress sample's "2,000 controls": its switches,
    /// sliders and steppers are all listed, labelled or not.
    @Test(.enabled(if: binary != nil))
    func dumpAccessibilityListsEveryElementOfTheStressSample() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--headless", "--sample", "stress", "--dump-accessibility"], in: dir)
        #expect(r.code == 0)
        let kinds = r.out.split(separator: "\n").map { $0.prefix { $0 != " " } }
        #expect(kinds.filter { $0 == "UISlider" }.count >= 400, "sliders listed: \(kinds.filter { $0 == "UISlider" }.count)")
        #expect(kinds.filter { $0 == "UIStepper" }.count >= 400)
        #expect(kinds.filter { $0 == "UIButton" }.count >= 400)
    }

    /// The README's table of samples: Gallery "with a light/dark switch"; Form "a date picker",
    /// with a submit button; Multi-touch "several sliders and a knob"; Event inspector "a custom
    /// `UIControl`"; and `--dark` changes the look.
    @Test(.enabled(if: binary != nil))
    func samplesHaveTheirStatedControls() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func dump(_ sample: String, _ extra: [String] = []) throws -> String {
            let r = try Self.launcher(["--headless", "--sample", sample, "--dump-accessibility"] + extra, in: dir)
            #expect(r.code == 0, "\(sample): \(r.err)")
            return r.out
        }
        let gallery = try dump("gallery")
        #expect(gallery.contains("UISwitch \"Dark mode\""))
        let form = try dump("form")
        #expect(form.contains("UIDatePicker") && form.contains("UITextField") && form.contains("UIButton \"Submit\""))
        let multitouch = try dump("multitouch").split(separator: "\n")
        #expect(multitouch.filter { $0.hasPrefix("UISlider") }.count >= 2)
        #expect(multitouch.contains { !$0.hasPrefix("UISlider") && !$0.hasPrefix("UILabel") && !$0.hasPrefix("UIButton") },
                "a custom knob: \(multitouch)")
        let events = try dump("events").split(separator: "\n")
        #expect(events.contains { line in !["UIButton", "UILabel", "UISwitch", "UISlider", "UISegmentedControl"].contains(String(line.prefix { $0 != " " })) },
                "a custom control: \(events)")
        // --dark: the screenshot differs from the light one.
        let light = try Self.launcher(["--headless", "--sample", "gallery", "--screenshot", "l.png"], in: dir)
        let dark = try Self.launcher(["--headless", "--sample", "gallery", "--dark", "--screenshot", "d.png"], in: dir)
        #expect(light.code == 0 && dark.code == 0)
        let l = FileManager.default.contents(atPath: dir.appendingPathComponent("l.png").path)
        let d = FileManager.default.contents(atPath: dir.appendingPathComponent("d.png").path)
        #expect(l != nil && d != nil && l != d)
    }
}
