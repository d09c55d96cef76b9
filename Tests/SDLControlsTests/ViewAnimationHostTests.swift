import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Animations and transforms drawn through SDL: mid-animation frames at a fixed step, turned
/// views' pixels, and a host that sleeps when nothing animates.
@MainActor
struct ViewAnimationHostTests {
    /// A headless host on a fixed 60 Hz step over a white window (the caller shuts it down).
    private func steppedHost(size: CGSize, scale: CGFloat) throws -> SDLHost {
        let host = try makeHeadlessHost(size: size, scale: scale)
        host.fixedTimeStep = 1.0 / 60
        host.window.backgroundColor = .white
        return host
    }

    private func pixel(_ frame: (width: Int, height: Int, pixels: [UInt32]), _ x: Int, _ y: Int) -> UInt32 {
        frame.pixels[y * frame.width + x] & 0xFFFFFF
    }

    /// A red square sliding right while a blue bar turns a quarter, caught at frame `frames`.
    private func run(frames: Int, scale: CGFloat) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let host = try steppedHost(size: CGSize(width: 300, height: 200), scale: scale)
        defer { host.shutdown() }
        let square = UIView(frame: CGRect(x: 30, y: 30, width: 40, height: 40))
        square.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let bar = UIView(frame: CGRect(x: 150, y: 140, width: 100, height: 20))
        bar.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        host.window.addSubview(square)
        host.window.addSubview(bar)
        host.update()
        host.renderFrame()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            square.center.x += 200
            bar.transform = CGAffineTransform(rotationAngle: .pi / 2)
        })
        for _ in 0..<frames {
            host.update()
            host.renderFrame()
        }
        return host.readPixels()
    }

    @Test func midAnimationFramesAtAFixedStepAreIdenticalAcrossRunsAndDrawTheInFlightValues() throws {
        for scale in [1, 2] as [CGFloat] {
            let a = try run(frames: 31, scale: scale), b = try run(frames: 31, scale: scale)
            #expect(a.pixels == b.pixels, "identical at \(scale)×")
            let s = Int(scale)
            // Half-way (30 steps after the first): the square's centre at x = 150.
            #expect(pixel(a, 150 * s, 50 * s) == 0xFF0000, "the square half-way")
            #expect(pixel(a, 50 * s, 50 * s) == 0xFFFFFF, "and no longer where it was")
            // The bar turned 45° about (200, 150): its far ends along the diagonal.
            #expect(pixel(a, (200 + 30) * s, (150 + 30) * s) == 0x0000FF, "the bar turned half-way")
            #expect(pixel(a, (200 + 40) * s, 150 * s) == 0xFFFFFF, "not where its unturned end was")
            let end = try run(frames: 70, scale: scale)
            #expect(pixel(end, 250 * s, 50 * s) == 0xFF0000)
            #expect(pixel(end, 200 * s, (150 + 45) * s) == 0x0000FF, "turned a quarter: upright")
            #expect(pixel(end, (200 + 45) * s, 150 * s) == 0xFFFFFF)
        }
    }

    @Test func theWindowWantsFramesOnlyWhileSomethingAnimates() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 200, height: 100), scale: 1)
        defer { host.shutdown() }
        host.fixedTimeStep = 1.0 / 60
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        v.backgroundColor = .systemBlue
        host.window.addSubview(v)
        host.update(); host.renderFrame()
        #expect(host.window.frameClock.nextFireTime == nil, "idle: nothing to wake for")
        UIView.animate(withDuration: 0.2, animations: { v.alpha = 0.2 })
        #expect(host.window.frameClock.nextFireTime != nil)
        for _ in 0..<10 {
            host.update()
            #expect(host.window.needsFrame, "a frame per step while it fades")
            host.renderFrame()
        }
        for _ in 0..<10 { host.update(); host.renderFrame() }
        #expect(host.window.frameClock.nextFireTime == nil, "and idle again after")
        #expect(!host.window.needsFrame)
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func aRoundedViewMovingByFractionsOfAPixelHasNoSeams(scale: CGFloat) throws {
        let host = try steppedHost(size: CGSize(width: 300, height: 80), scale: scale)
        defer { host.shutdown() }
        let parent = UIView(frame: CGRect(x: 0.3, y: 0, width: 300, height: 80))
        let capsule = UIView(frame: CGRect(x: 20.4, y: 20, width: 160, height: 30))
        capsule.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        capsule.cornerRadius = 15
        parent.addSubview(capsule)
        host.window.addSubview(parent)
        host.update(); host.renderFrame()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { capsule.center.x += 37.7; parent.center.x += 3.1 })
        var seams: [String] = []
        for frame in 0..<60 {
            host.update(); host.renderFrame()
            let f = host.readPixels()
            let left = capsule.presentation().center.x + parent.presentation().center.x - 150 - 80 + 16
            let s = Int(scale), y = 35 * s
            for x in Int(left * scale)..<Int((left + 128) * scale) where pixel(f, x, y) != 0xFF0000 {
                seams.append("frame \(frame): x \(x) \(String(pixel(f, x, y), radix: 16))")
            }
        }
        #expect(seams.isEmpty, "\(seams.prefix(5))")
    }

    /// A cross-dissolve that removes a subview lying outside its view: once the transition has
    /// ended, nothing of the old look is left on screen (the area its last faded frame covered
    /// is drawn again).
    @Test func whenACrossDissolveEndsNoFadedCopyOfTheOldLookIsLeftOnScreen() throws {
        let host = try steppedHost(size: CGSize(width: 300, height: 200), scale: 1)
        defer { host.shutdown() }
        let panel = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        panel.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let badge = UIView(frame: CGRect(x: 120, y: 0, width: 60, height: 60))   // outside the panel, not clipped
        badge.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        panel.addSubview(badge)
        host.window.addSubview(panel)
        host.update(); host.renderFrame()
        #expect(pixel(host.readPixels(), 170, 50) == 0xFF0000)
        UIView.transition(with: panel, duration: 0.2, options: [.transitionCrossDissolve, .curveLinear],
                          animations: { badge.removeFromSuperview() })
        for _ in 0..<30 { host.update(); host.renderFrame() }
        #expect(host.window.frameClock.nextFireTime == nil, "the transition is over")
        #expect(pixel(host.readPixels(), 170, 50) == 0xFFFFFF, "the badge's old place is background again")
    }

    /// The same for the picture of a removed view fading out (``UIView/fadeOutPicture(of:duration:)``,
    /// what an ImmediateView's `.transition` does when a control leaves).
    @Test func whenARemovedViewsPictureHasFadedNothingOfItIsLeftOnScreen() throws {
        let host = try steppedHost(size: CGSize(width: 300, height: 200), scale: 1)
        defer { host.shutdown() }
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))   // transparent
        let badge = UIView(frame: CGRect(x: 140, y: 20, width: 60, height: 60))
        badge.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        panel.addSubview(badge)
        host.window.addSubview(panel)
        host.update(); host.renderFrame()
        panel.fadeOutPicture(of: badge, duration: 0.1)
        badge.removeFromSuperview()
        for _ in 0..<30 { host.update(); host.renderFrame() }
        #expect(host.window.frameClock.nextFireTime == nil, "the fade is over")
        #expect(pixel(host.readPixels(), 170, 50) == 0xFFFFFF, "the badge's old place is background again")
    }

    /// A label and a bar turned a little and zoomed 64 times reach thousands of pixels past
    /// the window: their triangles are cut to the renderer's band, so the software renderer
    /// draws them (it once crashed on triangles squeezed into it), and the bar still covers
    /// its centre.
    @Test(arguments: [1, 2] as [CGFloat])
    func viewsTurnedAndZoomedFarPastTheWindowDrawWhatLiesInside(scale: CGFloat) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 480, height: 320), scale: scale)
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 50, y: 100, width: 300, height: 20))
        label.text = "The quick brown fox jumps over the lazy dog 0123456789"
        host.window.addSubview(label)
        let bar = UIView(frame: CGRect(x: 200, y: 200, width: 40, height: 10))
        bar.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        host.window.addSubview(bar)
        let zoom = CGAffineTransform(rotationAngle: .pi / 24).scaledBy(x: 64, y: 64)
        label.transform = zoom
        bar.transform = zoom
        host.update()
        host.renderFrame()
        let frame = host.readPixels()
        #expect(pixel(frame, Int(220 * scale), Int(205 * scale)) == 0xFF0000, "the bar's centre")
        // Zoomed 64×, the bar covers the whole window.
        #expect(pixel(frame, 2, 2) == 0xFF0000 && pixel(frame, frame.width - 3, frame.height - 3) == 0xFF0000)
    }

    /// A removed view's picture fading over a view that draws nothing itself (a transparent
    /// container) shows: the picture's pixels count as drawn.
    @Test func aPictureFadingOverAViewThatDrawsNothingItselfShows() throws {
        let host = try steppedHost(size: CGSize(width: 400, height: 300), scale: 1)
        defer { host.shutdown() }
        let holder = UIView(frame: CGRect(x: 50, y: 50, width: 300, height: 200))
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 100))
        child.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        holder.addSubview(child)
        host.window.addSubview(holder)
        for _ in 0..<2 { host.update(); host.renderFrame() }
        #expect(pixel(host.readPixels(), 200, 150) == 0xFF0000)
        holder.fadeOutPicture(of: child, duration: 10)
        child.removeFromSuperview()
        for _ in 0..<2 { host.update(); host.renderFrame() }
        let fading = pixel(host.readPixels(), 200, 150)
        #expect(fading >> 16 == 0xFF && fading & 0xFF < 0x40, "still mostly red early in a 10-second fade: \(String(fading, radix: 16))")
    }

    /// Hiding the view a picture fades over takes the picture off screen with it, on the next
    /// frame, as a frame drawn from scratch would show.
    @Test func hidingTheViewAPictureFadesOverTakesThePictureOffScreen() throws {
        let host = try steppedHost(size: CGSize(width: 400, height: 300), scale: 1)
        defer { host.shutdown() }
        let holder = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        holder.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let child = UIView(frame: CGRect(x: 0, y: 60, width: 200, height: 80))   // below the holder's bounds
        child.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        holder.addSubview(child)
        host.window.addSubview(holder)
        for _ in 0..<3 { host.update(); host.renderFrame() }
        holder.fadeOutPicture(of: child, duration: 10)
        child.removeFromSuperview()
        for _ in 0..<3 { host.update(); host.renderFrame() }
        #expect(pixel(host.readPixels(), 150, 150) >> 16 == 0xFF, "the picture shows while it fades")
        holder.isHidden = true
        host.update(); host.renderFrame()
        #expect(pixel(host.readPixels(), 150, 150) == 0xFFFFFF, "the picture went with its view")
        #expect(pixel(host.readPixels(), 80, 60) == 0xFFFFFF, "and so did the view")
        holder.isHidden = false
        host.update(); host.renderFrame()
        #expect(pixel(host.readPixels(), 150, 150) >> 16 == 0xFF, "shown again, it is still fading")
    }
}
