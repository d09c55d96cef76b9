import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Bad input for the SDL host: a clear error or a documented, safe behaviour.
@MainActor
struct HostBadInputTests {
    @Test func missingFontsGiveAnErrorNamingWhatWasSearched() throws {
        let fonts = FontConfiguration(fontFiles: ["/nonexistent/Missing.ttf"], searchSystemFonts: false)
        do {
            let host = try SDLHost.headless(fonts: fonts)
            host.shutdown()
            Issue.record("expected fontNotFound")
        } catch let error as SDLControlsError {
            guard case .fontNotFound(let searched) = error else { Issue.record("wrong error \(error)"); return }
            #expect(searched == ["/nonexistent/Missing.ttf"])
            #expect(error.description.contains("/nonexistent/Missing.ttf"))
            #expect(error.description.contains("fonts-dejavu-core"))
        }
    }

    @Test func aCorruptFontIsSkippedForTheNextCandidate() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID().uuidString).ttf")
        try Data("this is not a font".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        // Alone, it is rejected with an error that says the file is there but unreadable
        // (not "no font found, install one")…
        do {
            try SDLHost.headless(fonts: FontConfiguration(fontFiles: [bad.path], searchSystemFonts: false)).shutdown()
            Issue.record("expected fontUnreadable")
        } catch let error as SDLControlsError {
            guard case .fontUnreadable(let path, let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == bad.path && !reason.isEmpty)
            #expect(error.description.contains(bad.path) && error.description.contains("corrupt"))
            #expect(!error.description.contains("Install"))
        }
        // …and with the system fonts behind it, the next good font is used and the bad one logged.
        let host = try SDLHost.headless(fonts: FontConfiguration(fontFiles: [bad.path]))
        defer { host.shutdown() }
        var log: [String] = []
        host.log = { log.append($0) }
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "Still drawn"
        host.window.addSubview(label)
        host.update()
        host.renderFrame()
        #expect(host.counters.glyphRunsRasterized > 0, "the text is drawn with the next font")
        #expect(log.count == 1 && log[0].contains(bad.path))
    }

    @Test func aMissingNamedFontIsLoggedAndTheNextCandidateUsed() throws {
        let missing = "/nonexistent/Named-\(UUID().uuidString).ttf"
        let host = try SDLHost.headless(fonts: FontConfiguration(fontFiles: [missing]))
        defer { host.shutdown() }
        var log: [String] = []
        host.log = { log.append($0) }
        host.update()
        #expect(log.count == 1, "\(log)")
        #expect(log.first.map { $0.contains(missing) && $0.contains("missing") } ?? false, "a font the app named is never skipped silently")
        host.update()
        #expect(log.count == 1, "reported once")
    }

    @Test func aCorruptBoldFontIsLoggedAndBoldTextUsesTheRegularFace() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-bold-\(UUID().uuidString).ttf")
        try Data(repeating: 0x5A, count: 4096).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let host = try SDLHost.headless(fonts: FontConfiguration(boldFontFile: bad.path))
        defer { host.shutdown() }
        var log: [String] = []
        host.log = { log.append($0) }
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.font = .boldSystemFont(ofSize: 17)
        label.text = "Bold still drawn"
        label.textColor = .black
        host.window.backgroundColor = .white
        host.window.addSubview(label)
        host.update()
        host.renderFrame()
        #expect(host.counters.glyphRunsRasterized > 0, "before: the bold face failed to open and nothing was drawn")
        let px = host.readPixels()
        let dark = (0..<(30 * px.width)).filter { px.pixels[$0] & 0xFF < 0x80 }.count
        #expect(dark > 50, "text pixels on the white window")
        #expect(log.count == 1 && log[0].contains("bold font \(bad.path)") && log[0].contains("regular face"))
    }

    @Test func aCorruptCustomFontFileDrawsInTheMainFontAndIsLoggedOnce() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-custom-\(UUID().uuidString).ttf")
        try Data("not a font at all".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var log: [String] = []
        host.log = { log.append($0) }
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.font = try #require(UIFont(name: bad.path, size: 15))
        label.text = "Custom"
        host.window.addSubview(label)
        host.update()
        host.renderFrame()
        #expect(host.counters.glyphRunsRasterized > 0, "the label is drawn in the main font")
        label.text = "Custom 2"
        host.update()
        host.renderFrame()
        #expect(log.count == 1 && log[0].contains(bad.path))
    }

    @Test func missingAndNonImageAssetsDrawNothingAndDontCrash() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let notImage = FileManager.default.temporaryDirectory.appendingPathComponent("not-an-image-\(UUID().uuidString).png")
        try Data("hello".utf8).write(to: notImage)
        defer { try? FileManager.default.removeItem(at: notImage) }
        #expect(UIImage(named: "definitely-not-an-asset") == nil)
        let view = UIImageView(image: UIImage(url: notImage, name: nil, size: CGSize(width: 20, height: 20), scale: 1))
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        host.window.addSubview(view)
        host.update()
        host.renderFrame()
        host.update()
        host.renderFrame()
        #expect(host.backend.images.failures.count == 1, "reported once, not every frame")
        #expect(host.counters.geometrySubmissions == 0)
    }

    @Test func aRealImageAssetIsLoadedOnceAsATexture() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        // Make a 4×4 PNG with SDL so the test owns its asset.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("asset-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 4, 4, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        SDL_FillRect(surface, nil, 0xFF00_FF00)
        #expect(IMG_SavePNG(surface, url.path) == 0)
        SDL_FreeSurface(surface)
        let image = try #require(UIImage(contentsOfFile: url.path))
        #expect(image.size == CGSize(width: 4, height: 4), "size read from the PNG header")
        let view = UIImageView(image: image)
        view.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        host.window.addSubview(view)
        host.update()
        host.renderFrame()
        #expect(host.counters.textureUploads == 1)
        let px = host.readPixels()
        #expect((px.pixels[30 * px.width + 30] >> 8) & 0xFF == 0xFF, "green image drawn")
        host.update()
        host.renderFrame()
        #expect(host.counters.textureUploads == 0, "cached as a texture")
    }

    @Test func aZeroSizedWindowIsClampedAndRenders() throws {
        let host = try makeHeadlessHost(size: .zero)
        defer { host.shutdown() }
        host.window.addSubview(UIButton(type: .system))
        host.update()
        host.renderFrame()
        #expect(host.windowSizeInPoints.width >= 1 && host.windowSizeInPoints.height >= 1)
        let nan = try makeHeadlessHost(size: CGSize(width: CGFloat.nan, height: .infinity), scale: .nan)
        defer { nan.shutdown() }
        #expect(nan.pixelScale == 1)
    }

    @Test func absurdCoordinatesAreSafe() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        host.window.addSubview(c)
        let log = DeliveredEvents(c)
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 50))
        push(host, SDLEvents.mouseMotion(host, x: .max, y: .min))
        push(host, SDLEvents.mouseButton(host, down: false, x: .max, y: .min))
        push(host, SDLEvents.finger(host, SDL_FINGERDOWN, id: 9, x: .nan, y: .infinity))
        push(host, SDLEvents.finger(host, SDL_FINGERUP, id: 9, x: .nan, y: .nan))
        host.update()
        #expect(log.collapsed == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        #expect(host.window.activeTouchCount == 0)
        #expect(!c.isTracking)
    }

    /// Shapes tens of millions of pixels across (a hostile frame) overflowed SDL's software
    /// rasterizer, which then read texels far outside the atlas (a crash found by the fuzzer:
    /// seed 7, 500,000 rendered events). Geometry now stays within a band around the viewport:
    /// the window shows what a view just larger than the window would show, pixel for pixel.
    @Test(arguments: [CGFloat(1), 2])
    func hugeShapesDrawTheirVisiblePartAsAWindowSizedOneWould(scale: CGFloat) throws {
        func pixels(viewFrame: CGRect, radius: CGFloat, stripX: CGFloat) throws -> [UInt32] {
            let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240), scale: scale)
            defer { host.shutdown() }
            let v = UIView(frame: viewFrame)
            v.backgroundColor = .systemRed
            v.cornerRadius = radius   // huge: tessellated as triangles, not tiles
            v.borderWidth = 3
            v.borderColor = .systemBlue
            host.window.addSubview(v)
            // A shape that crosses the window's left edge only, and a label that sits in it.
            let strip = UIView(frame: CGRect(x: stripX, y: 150, width: 200 - stripX, height: 40))
            strip.backgroundColor = .systemGreen
            host.window.addSubview(strip)
            let label = UILabel(frame: CGRect(x: 20, y: 200, width: 200, height: 30))
            label.text = "Still here"
            host.window.addSubview(label)
            host.update()
            host.renderFrame()
            return host.readPixels().pixels
        }
        // The huge view's corners, border and rounding lie far outside; inside the window it
        // is a plain red fill, as a view reaching 40 points past each edge would be.
        // Millions of pixels across at 1× and 2×, inside the geometry limits (±2^24 points, and
        // shapes up to 2^24 pixels); far beyond the rasterizer's range.
        let huge = try pixels(viewFrame: CGRect(x: -4e6, y: -4e6, width: 8e6, height: 8e6), radius: 1e6, stripX: -4e6)
        let fitting = try pixels(viewFrame: CGRect(x: -40, y: -40, width: 400, height: 320), radius: 30, stripX: -40)
        #expect(huge.count == fitting.count && !huge.isEmpty)
        let differing = zip(huge, fitting).filter { $0 != $1 }.count   // a count, not a diff of 76,800 pixels
        #expect(differing == 0)
        #expect(huge.contains(0xFFFF_3B30), "the huge view's red fills the window")
    }

    @Test func aDuplicateFingerDownEndsTheOldTouchFirst() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 400, height: 200))
        defer { host.shutdown() }
        let a = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = UIControl(frame: CGRect(x: 200, y: 0, width: 100, height: 100))
        host.window.addSubview(a)
        host.window.addSubview(b)
        let logA = DeliveredEvents(a), logB = DeliveredEvents(b)
        push(host, SDLEvents.finger(host, SDL_FINGERDOWN, id: 1, x: 0.1, y: 0.25))
        // SDL reports finger 1 down again, now over b: the first contact must not stay down for ever.
        push(host, SDLEvents.finger(host, SDL_FINGERDOWN, id: 1, x: 0.6, y: 0.25))
        #expect(!a.isTracking && !a.isHighlighted)
        #expect(b.isTracking)
        #expect(host.window.activeTouchCount == 1)
        push(host, SDLEvents.finger(host, SDL_FINGERUP, id: 1, x: 0.6, y: 0.25))
        host.update()
        #expect(logA.names == ["touchDown", "touchCancel"])
        #expect(logB.names == ["touchDown", "touchUpInside"])
        #expect(host.window.activeTouchCount == 0 && !b.isTracking)
    }

    @Test func aFocusedTextFieldFarAwaySetsAnIMERectWithoutTrapping() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let field = UITextField(frame: CGRect(x: 9.3e18, y: -9.3e18, width: 1e19, height: 30))
        host.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        host.update()
        host.renderFrame()
        #expect(field.isFirstResponder)
    }

    @Test func aTinyForcedScaleIsClampedToTheDocumentedRange() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 960, height: 640), scale: 1e-300)
        defer { host.shutdown() }
        #expect(host.pixelScale == SDLHost.scaleRange.lowerBound)
        #expect(host.windowSizeInPoints.width <= 16384 / SDLHost.scaleRange.lowerBound)
        let b = host.window.bounds
        #expect(Int(b.width / 96) >= 0, "geometry converts to Int safely")
        let huge = try makeHeadlessHost(size: CGSize(width: 1e300, height: 10), scale: 100)
        defer { huge.shutdown() }
        #expect(huge.pixelScale == SDLHost.scaleRange.upperBound)
        #expect(huge.windowSizeInPoints.width <= 16384 / 8)
    }

    @Test func aHundredThousandMotionEventsInOneFrame() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        host.window.addSubview(c)
        var drags = 0
        c.addAction(UIAction { _ in drags += 1 }, for: [.touchDragInside, .touchDragOutside])
        host.handle(SDLEvents.mouseButton(host, down: true, x: 10, y: 10))
        for i in 0..<100_000 {
            host.handle(SDLEvents.mouseMotion(host, x: Int32(i % 300), y: 10))
        }
        host.handle(SDLEvents.mouseButton(host, down: false, x: 10, y: 10))
        host.update()
        #expect(drags == 100_000, "every motion delivered, none lost")
        #expect(!c.isTracking)
        #expect(!host.window.hasPendingActions)
    }

    @Test func sdlInitFailureIsAClearError() throws {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "no-such-video-driver")
        defer { SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy") }
        do {
            let host = try SDLHost(configuration: .init(headless: false))
            host.shutdown()
            Issue.record("expected an error")
        } catch let error as SDLControlsError {
            switch error {
            case .initializationFailed(let m), .noDisplay(let m): #expect(!m.isEmpty)
            default: Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func aHugeCornerRadiusDrawsAsAFullyRoundedShape() throws {
        // Before: a radius over about 2.7 million pixels made the arc step 0 and trapped.
        let host = try makeHeadlessHost(size: CGSize(width: 200, height: 200))
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        v.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        v.cornerRadius = 1e7   // drawn as half the shorter side: a circle
        host.window.addSubview(v)
        host.update()
        host.renderFrame()
        let px = host.readPixels()
        func at(_ x: Int, _ y: Int) -> UInt32 { px.pixels[y * px.width + x] & 0xFFFFFF }
        #expect(at(100, 100) == 0x0000FF, "the middle is filled")
        #expect(at(2, 2) == 0xFFFFFF, "the corner is outside the circle")
    }
}
