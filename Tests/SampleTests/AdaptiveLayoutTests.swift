import Foundation
import Testing
@testable import SampleKit
@testable import SDLControls

/// Every screen adapts: the launcher's list and every sample at 600×420, 960×640
/// and 1920×1080, at 1x and 2x.
///
/// - Nothing a person needs is out of reach: every control focus can reach (in reading order,
///   scrolled-away ones included) is, once focused, wholly inside the window and every
///   clipping ancestor (the focus engine scrolls it into sight).
/// - Nothing overlaps: no two shown controls cover each other.
/// - Nothing is cut mid-word: every shown one-line label and button title has room for its
///   whole text; every wrapping label has room for all its lines.
@MainActor
struct AdaptiveLayoutTests {
    static let sizes = [CGSize(width: 600, height: 420), CGSize(width: 960, height: 640), CGSize(width: 1920, height: 1080)]
    static let screens: [String?] = [nil] + SampleCatalog.all.map(\.name)

    private func launch(_ sample: String?, size: CGSize, scale: CGFloat) throws -> (SDLHost, Launcher) {
        let app = UIApplication.shared
        app.actionDelivery = .batched
        app.discardPendingActions()
        app.actionDeliveryObserver = nil
        let host = try SDLHost.headless(size: size, scale: scale)
        host.fixedTimeStep = 1.0 / 60
        host.log = { _ in }
        var options = LauncherOptions()
        options.headless = true
        options.sample = sample
        let launcher = Launcher(host: host, options: options)
        launcher.runFrame(render: false)
        return (host, launcher)
    }

    /// Whether `view` and its ancestors are all shown.
    private func isShown(_ view: UIView) -> Bool {
        var v: UIView? = view
        while let cur = v {
            if cur.isHidden || cur.alpha < 0.01 { return false }
            v = cur.superview
        }
        return true
    }

    /// The part of the window `view` can show anything in: the window, narrowed by every
    /// clipping ancestor.
    private func visibleArea(of view: UIView, in window: UIWindow) -> CGRect {
        var area = window.bounds
        var v = view.superview
        while let cur = v, cur !== window {
            if cur.clipsToBounds { area = area.intersection(cur.convert(cur.bounds, to: nil)) }
            v = cur.superview
        }
        return area
    }

    private func all<T: UIView>(_ type: T.Type, in root: UIView) -> [T] {
        var found: [T] = []
        func walk(_ v: UIView) {
            guard !v.isHidden else { return }
            if let t = v as? T { found.append(t) }
            for s in v.subviews { walk(s) }
        }
        walk(root)
        return found
    }

    /// Checks the current screen; `what` names it in failures.
    private func check(_ host: SDLHost, _ launcher: Launcher, _ what: String) {
        checkShown(host, what)
        let window = host.window
        // Reachable: focus each control; after the scroll settles it is in sight.
        let focusable = window.focusableViews
        #expect(!focusable.isEmpty, "\(what): nothing to focus")
        // The stress grid has 2,000: every 97th of them, and the last, stand for the rest.
        let sample = focusable.count > 200 ? focusable.enumerated().filter { $0.offset % 97 == 0 }.map(\.element) + [focusable.last!] : focusable
        for view in sample {
            #expect(window.setFocusedView(view), "\(what): \(view.accessibilityLabel ?? "?") can't take focus")
            for _ in 0..<40 { launcher.runFrame(render: false) }
            // Wholly in sight; a control larger than the area it shows in fills that area.
            let frame = view.convert(view.bounds, to: nil)
            let area = visibleArea(of: view, in: window)
            let seen = area.intersection(frame)
            let reached = !seen.isNull && seen.width >= min(frame.width, area.width) - 0.5 && seen.height >= min(frame.height, area.height) - 0.5
            #expect(reached, "\(what): \(view.accessibilityLabel ?? "?") at \(frame) is out of reach (visible \(area))")
        }
    }

    /// No overlaps, and no cut text, in what is shown now: the parts of controls in sight
    /// (content scrolled under a bar is clipped, not overlapping).
    private func checkShown(_ host: SDLHost, _ what: String) {
        let window = host.window
        let controls = all(UIControl.self, in: window).filter { isShown($0) && $0.bounds.width > 0 && $0.bounds.height > 0 }
        if controls.count <= 200 {
            let frames = controls.map { $0.convert($0.bounds, to: nil).intersection(visibleArea(of: $0, in: window)).insetBy(dx: 0.5, dy: 0.5) }
            for i in frames.indices {
                for j in frames.indices where j > i && !frames[i].isNull && !frames[j].isNull && frames[i].intersects(frames[j]) {
                    // A control inside another (a button's own subviews are not controls) would be a bug too.
                    Issue.record("\(what): \(controls[i].accessibilityLabel ?? "?") overlaps \(controls[j].accessibilityLabel ?? "?")")
                }
            }
        }
        for label in all(UILabel.self, in: window) where isShown(label) && !(label.text ?? "").isEmpty && label.bounds.width > 0 {
            if label.numberOfLines == 1 {
                let natural = label.sizeThatFits(.zero).width
                #expect(natural <= label.bounds.width + 0.5, "\(what): \"\(label.text ?? "")\" is cut (\(natural) > \(label.bounds.width))")
            } else if label.numberOfLines == 0, label.lineBreakMode != .byTruncatingTail {
                let needed = label.sizeThatFits(CGSize(width: label.bounds.width, height: 0)).height
                #expect(needed <= label.bounds.height + 0.5, "\(what): \"\(label.text ?? "")\" needs \(needed) points of height, has \(label.bounds.height)")
            }
        }
    }

    @Test(arguments: [CGFloat(1), 2])
    func everyScreenAdapts(scale: CGFloat) throws {
        for size in Self.sizes {
            for screen in Self.screens {
                let (host, launcher) = try launch(screen, size: size, scale: scale)
                defer { launcher.close(); host.shutdown() }
                let what = "\(screen ?? "list") at \(Int(size.width))x\(Int(size.height)) \(Int(scale))x"
                check(host, launcher, what)
                if let gallery = launcher.scene as? GallerySample {
                    for page in 1..<gallery.section.numberOfSegments {
                        gallery.section.selectedSegmentIndex = page
                        gallery.section.sendActions(for: .valueChanged)
                        launcher.runFrame(render: false)
                        check(host, launcher, what + " page \(page)")
                    }
                }
            }
        }
    }

    @Test func stressScrollsThroughAllItsControls() throws {
        let (host, launcher) = try launch("stress", size: CGSize(width: 600, height: 420), scale: 1)
        defer { launcher.close(); host.shutdown() }
        let stress = try #require(launcher.scene as? StressSample)
        let scroll = stress.scroll
        let last = try #require(stress.grid.subviews.last)
        #expect(!scroll.bounds.intersects(last.frame), "the last control starts out of sight")
        // The End key, then the wheel back up a little: the last row comes into sight.
        for down in [true, false] {
            var e = SDL_Event()
            e.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
            e.key.windowID = SDL_GetWindowID(host.sdlWindow)
            e.key.keysym.scancode = SDL_SCANCODE_END
            SDL_PushEvent(&e)
        }
        for _ in 0..<60 { launcher.runFrame(render: false) }
        #expect(scroll.bounds.contains(last.frame), "End shows the last of the 2,000 controls")
        var motion = SDL_Event()
        motion.type = SDL_MOUSEMOTION.rawValue
        motion.motion.windowID = SDL_GetWindowID(host.sdlWindow)
        motion.motion.x = 300
        motion.motion.y = 300
        SDL_PushEvent(&motion)
        var wheel = SDL_Event()
        wheel.type = SDL_MOUSEWHEEL.rawValue
        wheel.wheel.windowID = SDL_GetWindowID(host.sdlWindow)
        wheel.wheel.y = 3
        wheel.wheel.preciseY = 3
        SDL_PushEvent(&wheel)
        let before = scroll.contentOffset.y
        for _ in 0..<60 { launcher.runFrame(render: false) }
        #expect(scroll.contentOffset.y == before - 3 * host.wheelScrollDistance, "three notches up")
    }
}
