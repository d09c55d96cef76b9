import Foundation
import Testing
@testable import SampleKit
@testable import SDLControls

/// Acceptance review of issue 14, part 5: "The launcher and every sample are fully usable
/// with a controller alone, including leaving a sample." For each sample: every view that
/// can take focus must be reachable with the D-pad alone from where a controller starts
/// (nothing focused, D-pad down), and B must return to the list.
@MainActor
@Suite(.serialized)
struct ControllerReachabilityReviewTests {

    private func name(_ v: UIView) -> String {
        "\(type(of: v)) \"\(v.accessibilityLabel ?? "?")\" at \(v.convert(v.bounds, to: nil).origin)"
    }

    /// Breadth-first over the D-pad's moves from `first`: the engine's own step
    /// (`moveFocus`), except left/right on an adjustable control, which adjust it until the
    /// end of its range, where a fresh press moves focus on (the README's rule): those are
    /// real D-pad presses, up to 100 of them. `fixed` is left alone sideways (the gallery's
    /// section picker, whose left/right would change the section being searched).
    private func reachable(_ host: SDLHost, from first: UIView, fixed: UIView? = nil) -> Set<ObjectIdentifier> {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(first)]
        var queue: [UIView] = [first]
        while !queue.isEmpty {
            let v = queue.removeFirst()
            let adjustable = v.accessibilityTraits.contains(.adjustable)
            for d: UIFocusHeading in v === fixed ? [.up, .down] : [.up, .down, .left, .right] {
                guard host.window.setFocusedView(v) else { continue }
                host.window.endEditing(true)
                var now: UIView?
                if adjustable && (d == .left || d == .right) {
                    for _ in 0..<100 where host.window.focusedView === v {
                        pressControllerButton(host, d == .left ? SDL_CONTROLLER_BUTTON_DPAD_LEFT : SDL_CONTROLLER_BUTTON_DPAD_RIGHT)
                    }
                    now = host.window.focusedView === v ? nil : host.window.focusedView
                } else {
                    now = host.window.moveFocus(d)
                }
                if let now, !seen.contains(ObjectIdentifier(now)) {
                    seen.insert(ObjectIdentifier(now))
                    queue.append(now)
                }
            }
        }
        return seen
    }

    /// The gallery's other sections (chosen with the D-pad on "Section") and the launcher's list.
    @Test(arguments: [1, 2])
    func everyGallerySectionIsReachable(_ index: Int) throws {
        let (host, launcher) = try launchHeadless("gallery")
        defer {
            launcher.close()
            host.shutdown()
        }
        let section = try #require(host.window.focusableViews.first { $0.accessibilityLabel == "Section" })
        host.window.setFocusedView(section)
        for _ in 0..<index { pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_RIGHT) }
        host.update()
        #expect((section as? UISegmentedControl)?.selectedSegmentIndex == index)
        // "Dark mode" (header, right of the "Section" picker) is reached from the picker's last
        // segment with one more press right, which leaves this section: left out here, and
        // checked by `theGallerysDarkModeSwitchIsReachableFromTheLastSection`.
        let all = host.window.focusableViews.filter { $0.accessibilityLabel != "Back" && $0.accessibilityLabel != "Dark mode" }
        let seen = reachable(host, from: section, fixed: section)
        let missing = all.filter { $0.window != nil && !seen.contains(ObjectIdentifier($0)) }
        #expect(missing.isEmpty, "gallery section \(index): unreachable \(missing.map(name))")
        // The same with real SDL pad presses: no single D-pad press from any focusable view
        // lands on a view the search missed.
        var landed: [String] = []
        for v in all where v.window != nil && !missing.contains(where: { $0 === v }) {
            for d in [SDL_CONTROLLER_BUTTON_DPAD_UP, SDL_CONTROLLER_BUTTON_DPAD_DOWN,
                      SDL_CONTROLLER_BUTTON_DPAD_LEFT, SDL_CONTROLLER_BUTTON_DPAD_RIGHT] {
                guard host.window.setFocusedView(v) else { continue }
                host.window.endEditing(true)
                pressControllerButton(host, d)
                if let now = host.window.focusedView, missing.contains(where: { $0 === now }) { landed.append("\(name(v)) \(d.rawValue) → \(name(now)) section \((section as? UISegmentedControl)?.selectedSegmentIndex ?? -1)") }
            }
        }
        #expect(landed.isEmpty, "the search and real presses agree: \(landed)")
    }

    @Test(arguments: SampleCatalog.all.map(\.name))
    func everyFocusableViewIsReachableWithTheDpad(_ sample: String) throws {
        let (host, launcher) = try launchHeadless(sample)
        defer {
            launcher.close()
            host.shutdown()
        }
        host.window.setFocusedView(nil)
        host.update()
        let all = host.window.focusableViews.filter { $0.accessibilityLabel != "Back" }
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_DOWN)
        guard let first = host.window.focusedView else {
            Issue.record("\(sample): the D-pad focused nothing")
            return
        }
        // The gallery's section picker is left alone sideways: it would change what is searched
        // (its sections are `everyGallerySectionIsReachable`'s).
        let picker = host.window.focusableViews.first { $0.accessibilityLabel == "Section" }
        let seen = reachable(host, from: first, fixed: picker)
        let missing = all.filter { $0.window != nil && !seen.contains(ObjectIdentifier($0)) }
        #expect(missing.isEmpty, "\(sample): unreachable with the D-pad: \(missing.prefix(12).map(name)) (\(missing.count) of \(all.count))")
        // Leaving the sample with B.
        host.window.endEditing(true)
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_B)
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_B)
        #expect(launcher.scene == nil, "\(sample): B returns to the list")
    }

    /// The embedded game's HUD through real SDL pad events: Pause, the Speed slider and the
    /// Auto-fire switch sit in one row. Right from Pause reaches the slider; right presses
    /// raise it to its maximum, and the next fresh press moves on to the switch (issue 14
    /// part 5: "every sample [is] fully usable with a controller alone"). A held D-pad that
    /// repeats past the maximum stays on the slider.
    @Test func theGameHUDsSwitchIsReachableWithThePad() throws {
        let (host, launcher) = try launchHeadless("game")
        defer {
            launcher.close()
            host.shutdown()
        }
        let autoFire = try #require(host.window.focusableViews.first { $0.accessibilityLabel == "Auto-fire" })
        let speed = try #require(host.window.focusableViews.first { $0 is UISlider } as? UISlider)
        host.window.setFocusedView(nil)
        var visited: [String] = []
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_DOWN)
        visited.append(host.window.focusedView?.accessibilityLabel ?? "nil")
        for _ in 0..<30 where host.window.focusedView !== autoFire {
            pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_RIGHT)
            visited.append(host.window.focusedView?.accessibilityLabel ?? "nil")
        }
        #expect(host.window.focusedView === autoFire, "focus visited \(visited)")
        #expect(speed.value == speed.maximumValue, "the presses before raised the slider to its end")
        // Back onto the slider: a held left lowers it to its minimum and, repeating, stays there.
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_LEFT)
        #expect(host.window.focusedView === speed)
        var e = SDL_Event()
        e.type = SDL_CONTROLLERBUTTONDOWN.rawValue
        e.cbutton.button = UInt8(SDL_CONTROLLER_BUTTON_DPAD_LEFT.rawValue)
        e.cbutton.state = UInt8(SDL_PRESSED)
        SDL_PushEvent(&e)
        host.pollEvents()
        for _ in 0..<(60 * 3) { host.update() }   // 3 s held: 0.4 s, then a step every 0.1 s
        #expect(speed.value == speed.minimumValue)
        #expect(host.window.focusedView === speed, "a held, repeating press stays at the end of the range")
    }

    /// The gallery's header switch, beyond the section picker: from the picker's last segment,
    /// one more press right reaches it.
    @Test func theGallerysDarkModeSwitchIsReachableFromTheLastSection() throws {
        let (host, launcher) = try launchHeadless("gallery")
        defer {
            launcher.close()
            host.shutdown()
        }
        let section = try #require(host.window.focusableViews.first { $0.accessibilityLabel == "Section" } as? UISegmentedControl)
        let dark = try #require(host.window.focusableViews.first { $0.accessibilityLabel == "Dark mode" })
        host.window.setFocusedView(section)
        for _ in 0..<section.numberOfSegments where host.window.focusedView === section {
            pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_RIGHT)
        }
        #expect(section.selectedSegmentIndex == section.numberOfSegments - 1)
        #expect(host.window.focusedView === dark)
    }
}
