import Testing
import Foundation
@testable import SDLControlsCore

/// Controls animate their own looks through one mechanism tied to the animation system: a
/// switch's thumb, a slider's thumb, a segmented control's plate, a date picker's wheels and
/// scroll indicators fading move over frames of their window's clock, one clock timer steps
/// them all, and they jump instead inside `performWithoutAnimation`, while animations are
/// off, and (controls) while `isSymbolAnimationEnabled` is false.
@MainActor
struct ControlAnimationTests {
    /// A visible window that is not the key one: these tests count its clock's timers, and an
    /// animation block that changes no view in a window (another suite's, running meanwhile)
    /// runs on the key window's clock.
    let window: UIWindow

    init() {
        _ = makeTestWindow()   // resets the application
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 480, height: 480))
        window.isHidden = false
    }

    /// Runs the window's clock `n` frames of 1/60 s, as a fixed-step host does.
    private func frames(_ n: Int) {
        let clock = window.frameClock
        for _ in 0..<n { clock.advanceTime(to: clock.currentTime + 1.0 / 60) }
    }

    private func addSwitch(at origin: CGPoint = CGPoint(x: 20, y: 20)) -> UISwitch {
        let s = UISwitch(frame: CGRect(origin: origin, size: UISwitch.naturalSize))
        window.addSubview(s)
        return s
    }

    private func addSlider() -> UISlider {
        let s = UISlider(frame: CGRect(x: 20, y: 80, width: 200, height: 34))
        window.addSubview(s)
        return s
    }

    /// Three segments, x 20…120, 120…220, 220…320 (window points), the first selected.
    private func addSegmented() -> UISegmentedControl {
        let c = UISegmentedControl(items: ["A", "B", "C"])
        c.frame = CGRect(x: 20, y: 140, width: 300, height: 32)
        c.selectedSegmentIndex = 0
        window.addSubview(c)
        return c
    }
    private static let thirdSegment = CGPoint(x: 270, y: 156)

    private func addScrollView() -> UIScrollView {
        let s = UIScrollView(frame: CGRect(x: 370, y: 20, width: 100, height: 200))
        s.contentSize = CGSize(width: 100, height: 1000)
        window.addSubview(s)
        return s
    }

    private func addWheelsPicker() -> UIDatePicker {
        let p = UIDatePicker(frame: CGRect(x: 40, y: 20, width: 320, height: 216))
        p.locale = Locale(identifier: "en_US_POSIX")
        p.calendar = PickerDates.gregorian
        p.timeZone = PickerDates.utc
        p.datePickerMode = .date
        p.preferredDatePickerStyle = .wheels
        p.date = PickerDates.day(2024, 6, 15, 10, 30)
        window.addSubview(p)
        return p
    }

    /// A point one row below the band in the picker's day wheel (a tap there spins it a row).
    private func belowTheBand(_ p: UIDatePicker) -> CGPoint {
        let column = p.wheelColumns.first { $0.kind == .day }!
        let x = p.convert(column.rect, to: nil).midX
        let y = p.convert(CGPoint(x: 0, y: p.wheelBand.midY), to: nil).y + UIDatePicker.wheelRowHeight
        return CGPoint(x: x, y: y)
    }

    private func day(_ p: UIDatePicker) -> Int { PickerDates.gregorian.component(.day, from: p.date) }

    // MARK: Animated changes move over frames of the window's clock

    @Test func aSwitchThumbSlidesOverFramesOnTheWindowsClock() {
        let s = addSwitch()
        frames(1)
        s.setOn(true, animated: true)
        #expect(s.thumbPosition == 0 && s.isAnimating)
        var seen: [CGFloat] = []
        for _ in 0..<11 {
            frames(1)
            seen.append(s.thumbPosition)
        }
        #expect(seen == seen.sorted() && Set(seen).count == seen.count && seen.last! < 1, "a new place every frame, forward: \(seen)")
        frames(2)
        #expect(s.thumbPosition == 1 && !s.isAnimating, "arrived after 0.2 s")
        // The place depends only on clock time: half the duration in, the ease-out is at 7/8.
        s.setOn(false, animated: true)
        frames(6)
        #expect(abs(s.thumbPosition - 0.125) < 1e-9)
        flush()
    }

    @Test func aSliderThumbGlidesOverFrames() {
        let s = addSlider()
        s.setValue(1, animated: true)
        #expect(s.value == 1 && s.displayedValue == 0)
        frames(6)
        #expect(abs(s.displayedValue - 0.875) < 1e-6, "half-way in time, 7/8 of the way (ease-out)")
        frames(7)
        #expect(s.displayedValue == 1 && !s.isAnimating)
        flush()
    }

    @Test func aSegmentedPlateSlidesOverFrames() {
        let c = addSegmented()
        let start = c.selectionPlateFrame!.minX
        window.simulateTap(at: Self.thirdSegment)
        #expect(c.selectedSegmentIndex == 2 && c.isPlateAnimating)
        #expect(c.selectionPlateFrame!.minX == start, "the plate has not moved yet")
        var seen: [CGFloat] = []
        for _ in 0..<16 {
            frames(1)
            seen.append(c.selectionPlateFrame!.minX)
        }
        #expect(seen == seen.sorted() && seen.first! > start, "it slides right frame by frame")
        #expect(!c.isPlateAnimating && seen.last == 202, "at the third segment after 0.25 s")
        flush()
    }

    @Test func scrollIndicatorsHoldThenFadeOverFrames() throws {
        let s = addScrollView()
        s.flashScrollIndicators()
        let v = try #require(s.verticalIndicator)
        #expect(v.alpha == 1 && !v.isHidden)
        let start = window.frameClock.currentTime
        #expect(window.frameClock.nextFireTime == start + UIScrollView.indicatorHold,
                "nothing runs during the hold: a host drawing on demand sleeps until the fade")
        frames(29)   // the hold
        #expect(v.alpha == 1)
        frames(1)    // the fade starts about here
        var seen: [CGFloat] = []
        for _ in 0..<17 {
            frames(1)
            seen.append(v.alpha)
        }
        #expect(seen.allSatisfy { $0 > 0 && $0 < 1 } && Set(seen).count == seen.count, "fading: \(seen)")
        #expect(seen == seen.sorted(by: >))
        frames(2)
        #expect(v.isHidden && v.alpha == 0, "gone 0.3 s after the hold")
        #expect(window.frameClock.activeTimerCount == 0)
    }

    @Test func aDatePickerWheelSpinsOverFrames() {
        let p = addWheelsPicker()
        window.simulateTap(at: belowTheBand(p))
        #expect(!p.wheelState.motions.isEmpty, "spinning")
        #expect(day(p) == 15, "the value waits for the wheel to settle")
        var seen: [CGFloat] = []
        for _ in 0..<6 {
            frames(1)
            if let o = p.wheelState.offsets.values.first { seen.append(o) }
        }
        #expect(seen.count == 6 && Set(seen).count == 6, "a new place every frame: \(seen)")
        frames(60)
        #expect(day(p) == 16 && p.wheelState.motions.isEmpty)
        flush()
    }

    // MARK: Jumping

    /// Makes each kind of change with `setUp` around it and checks that every one jumped.
    private func expectEveryChangeJumps(_ around: (() -> Void) -> Void, controls: Bool = true, indicators: Bool = true) throws {
        let sw = addSwitch()
        let slider = addSlider()
        let seg = addSegmented()
        let picker = addWheelsPicker()
        picker.frame.origin.y = 240
        let scroll = addScrollView()
        around {
            sw.setOn(true, animated: true)
            slider.setValue(1, animated: true)
            window.simulateTap(at: Self.thirdSegment)
            window.simulateTap(at: belowTheBand(picker))
        }
        if controls {
            #expect(sw.thumbPosition == 1 && !sw.isAnimating, "the thumb jumps")
            #expect(slider.displayedValue == 1 && !slider.isAnimating, "the slider's thumb jumps")
            #expect(seg.selectionPlateFrame?.minX == 202 && !seg.isPlateAnimating, "the plate jumps")
            #expect(picker.wheelState.motions.isEmpty && day(picker) == 16, "the wheel is at once at rest")
        }
        if indicators {
            around { scroll.flashScrollIndicators() }
            let v = try #require(scroll.verticalIndicator)
            frames(29)
            #expect(v.alpha == 1, "the hold is a pause, not an animation: it stays")
            frames(2)
            #expect(v.isHidden && v.alpha == 0, "then it vanishes without fading")
        }
        #expect(window.frameClock.controlAnimator.runningCount == 0)
        flush()
    }

    @Test func changesInsidePerformWithoutAnimationJump() throws {
        try expectEveryChangeJumps { body in UIView.performWithoutAnimation(body) }
    }

    @Test func changesWhileAnimationsAreDisabledJump() throws {
        UIView.setAnimationsEnabled(false)
        defer { UIView.setAnimationsEnabled(true) }
        try expectEveryChangeJumps { body in body() }
    }

    @Test func changesOfControlsWithSymbolAnimationDisabledJump() throws {
        #expect(UISwitch().isSymbolAnimationEnabled, "true by default, as UIKit")
        try expectEveryChangeJumps({ body in
            for case let c as UIControl in window.subviews { c.isSymbolAnimationEnabled = false }
            body()
        }, indicators: false)
    }

    @Test func changesWithAnimatedFalseJump() {
        let sw = addSwitch()
        let slider = addSlider()
        sw.setOn(true, animated: false)
        slider.setValue(1, animated: false)
        #expect(sw.thumbPosition == 1 && slider.displayedValue == 1)
        #expect(window.frameClock.activeTimerCount == 0)
        flush()
    }

    @Test func insideAnAnimationBlockControlsKeepTheirOwnTiming() {
        let sw = addSwitch()
        UIView.animate(withDuration: 2) { sw.setOn(true, animated: true) }
        frames(6)
        #expect(abs(sw.thumbPosition - 0.875) < 1e-9, "the thumb's 0.2 s ease-out, not the block's")
        frames(7)
        #expect(sw.thumbPosition == 1)
        flush()
    }

    @Test func turningSymbolAnimationOffLetsARunningSlideFinish() {
        let sw = addSwitch()
        sw.setOn(true, animated: true)
        frames(3)
        sw.isSymbolAnimationEnabled = false
        #expect(sw.isAnimating)
        frames(10)
        #expect(sw.thumbPosition == 1 && !sw.isAnimating)
        sw.setOn(false, animated: true)
        #expect(sw.thumbPosition == 0, "the next change jumps")
        flush()
    }

    // MARK: One timer

    @Test func oneClockTimerDrivesAThousandSwitches() {
        let clock = window.frameClock
        frames(1)
        #expect(clock.activeTimerCount == 0)
        let switches = (0..<1000).map { i in addSwitch(at: CGPoint(x: CGFloat(i % 40) * 10, y: CGFloat(i / 40) * 10)) }
        for s in switches { s.setOn(true, animated: true) }
        #expect(clock.activeTimerCount == 1, "one timer for the window, not one per switch")
        frames(3)
        #expect(clock.activeTimerCount == 1)
        #expect(switches.allSatisfy { $0.thumbPosition == switches[0].thumbPosition && $0.thumbPosition > 0 && $0.thumbPosition < 1 })
        frames(10)
        #expect(switches.allSatisfy { $0.thumbPosition == 1 && !$0.isAnimating })
        #expect(clock.activeTimerCount == 0, "no timer once everything has arrived")
        flush()
    }

    @Test func everyKindOfControlAnimationSharesTheTimer() {
        let clock = window.frameClock
        let sw = addSwitch()
        let slider = addSlider()
        let seg = addSegmented()
        let picker = addWheelsPicker()
        picker.frame.origin.y = 240
        let scroll = addScrollView()
        sw.setOn(true, animated: true)
        slider.setValue(1, animated: true)
        window.simulateTap(at: Self.thirdSegment)
        window.simulateTap(at: belowTheBand(picker))
        scroll.flashScrollIndicators()
        #expect(clock.controlAnimator.runningCount == 5)
        #expect(clock.activeTimerCount == 1)
        frames(120)
        #expect(clock.controlAnimator.runningCount == 0 && clock.activeTimerCount == 0)
        #expect(!sw.isAnimating && !slider.isAnimating && !seg.isPlateAnimating && picker.wheelState.motions.isEmpty)
        #expect(scroll.verticalIndicator?.isHidden == true)
        flush()
    }

    @Test func aControlThatLeavesItsWindowStopsBeingStepped() {
        let sw = addSwitch()
        sw.setOn(true, animated: true)
        frames(2)
        sw.removeFromSuperview()
        #expect(sw.thumbPosition == 1 && !sw.isAnimating, "it ends where it was going")
        frames(1)
        #expect(window.frameClock.controlAnimator.runningCount == 0 && window.frameClock.activeTimerCount == 0)
        flush()
    }

    @Test func fixedStepRunsGiveTheSameFrames() {
        func run() -> [CGFloat] {
            let w = makeTestWindow()
            let s = UISwitch(frame: CGRect(x: 10, y: 10, width: 51, height: 31))
            w.addSubview(s)
            let clock = w.frameClock
            clock.advanceTime(to: 3)
            s.setOn(true, animated: true)
            var positions: [CGFloat] = []
            for k in 1...14 {
                clock.advanceTime(to: 3 + Double(k) / 60)
                positions.append(s.thumbPosition)
            }
            return positions
        }
        #expect(run() == run())
        flush()
    }
}
