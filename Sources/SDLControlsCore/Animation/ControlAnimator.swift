import Foundation

// Controls animate their own looks (a switch's thumb, a segmented control's plate, a
// slider's thumb, a date picker's wheels, scroll indicators fading) through what is here:
// numbers they draw from ease towards targets, and one timer per window clock steps every
// control that has one on its way. The same rules as view animations decide whether a change
// animates at all (`UIView.areAnimationsEnabled`, `performWithoutAnimation`), so a game that
// turns animations off gets no motion anywhere, and fixed-step hosts draw the same frames.

/// How a control's own animation moves from its start to its end.
enum ControlAnimationCurve {
    /// Even speed (a fade).
    case linear
    /// Cubic ease-out, 1 − (1 − t)³: a quick start and a soft landing (thumbs, plates, wheels).
    case easeOut

    /// The fraction of the change applied when fraction `t` (0...1) of the time has run.
    @inline(__always)
    func progress(_ t: Double) -> Double {
        switch self {
        case .linear: return t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        }
    }
}

/// A number a control draws from (a thumb's place, a plate's progress, an indicator's
/// opacity) that can ease to a new value on its window's clock. It only holds the numbers:
/// the control decides whether a change animates (``UIView/controlChangeAnimates(_:)``),
/// asks its window to step it (``ControlAnimating/runControlAnimations(wakingAt:)``) and
/// redraws when it moves. Generic so each control interpolates in the type it draws with.
struct ControlAnimatedValue<Value: BinaryFloatingPoint> {
    /// The value to draw now.
    private(set) var value: Value
    /// Where it is heading (the value itself at rest).
    private(set) var target: Value
    /// Whether it is on its way (or waiting out a delay before moving).
    private(set) var isAnimating = false
    private var from: Value
    private var startTime: TimeInterval = 0
    private var duration: TimeInterval = 0
    private var curve = ControlAnimationCurve.linear

    init(_ value: Value) {
        self.value = value
        target = value
        from = value
    }

    /// Takes `newValue` at once, ending any animation. Returns whether the drawn value changed.
    @discardableResult
    mutating func jump(to newValue: Value) -> Bool {
        isAnimating = false
        target = newValue
        from = newValue
        guard value != newValue else { return false }
        value = newValue
        return true
    }

    /// Starts moving from the value drawn now to `newTarget`: it holds still for `delay`
    /// seconds after clock time `time`, then takes `duration` seconds along `curve`. Returns
    /// the clock time it first needs a step at (nil when there is nothing to move).
    @discardableResult
    mutating func animate(to newTarget: Value, duration: TimeInterval, delay: TimeInterval = 0,
                          curve: ControlAnimationCurve, at time: TimeInterval) -> TimeInterval? {
        guard value != newTarget else {
            jump(to: newTarget)
            return nil
        }
        from = value
        target = newTarget
        startTime = time + max(0, delay.isFinite ? delay : 0)
        self.duration = duration.isFinite ? max(0, duration) : 0
        self.curve = curve
        isAnimating = true
        return startTime
    }

    /// Moves to clock time `time`. Returns the clock time of the next step it needs: `time`
    /// itself while moving (the next frame), the end of its delay while waiting, nil once it
    /// has arrived (or was at rest).
    mutating func advance(to time: TimeInterval) -> TimeInterval? {
        guard isAnimating else { return nil }
        guard time >= startTime else { return startTime }
        let t = duration > 0 ? min(1, (time - startTime) / duration) : 1
        if t >= 1 {
            finish()
            return nil
        }
        value = from + (target - from) * Value(curve.progress(t))
        return time
    }

    /// Ends an animation at its target at once.
    mutating func finish() {
        guard isAnimating else { return }
        jump(to: target)
    }
}

/// A view that animates parts of its own look with ``ControlAnimatedValue``s, stepped by its
/// window's ``ControlAnimator``.
@MainActor
protocol ControlAnimating: UIView {
    /// Moves the view's running animations to clock time `time` and redraws what moved.
    /// Returns the clock time it next needs a step at (`time` or earlier while anything
    /// moves, later while only a delay runs), or nil once every animation has ended.
    func advanceControlAnimations(to time: TimeInterval) -> TimeInterval?
}

extension ControlAnimating {
    /// Has the window's animator step this view once a frame, from clock time `wake` (now
    /// when nil), until ``advanceControlAnimations(to:)`` answers nil.
    func runControlAnimations(wakingAt wake: TimeInterval? = nil) {
        let clock = frameClock
        clock.controlAnimator.run(self, wakingAt: wake ?? clock.currentTime)
    }
}

extension UIView {
    /// Whether a change a control makes to its own look now should animate: it was asked
    /// for (`requested`, an `animated:` argument or a user's touch), the view is in a window
    /// (whose clock would step it), animations are on (``UIView/areAnimationsEnabled``), the
    /// change is not made inside ``UIView/performWithoutAnimation(_:)`` and, for a control,
    /// its ``UIControl/isSymbolAnimationEnabled`` is true. Otherwise the change jumps.
    func controlChangeAnimates(_ requested: Bool) -> Bool {
        guard requested, window != nil, UIView.areAnimationsEnabled else { return false }
        // A block running with animations off (performWithoutAnimation) has no group.
        if let capture = AnimationCapture.current, capture.group == nil { return false }
        if let control = self as? UIControl, !control.isSymbolAnimationEnabled { return false }
        return true
    }
}

/// The controls' own animations of one frame clock (a window's): one clock timer steps
/// every control with a running ``ControlAnimatedValue``, however many there are, and there
/// is none while nothing runs (or while every animation waits out a delay: the timer is due
/// when the first delay ends), so a host drawing on demand can sleep.
@MainActor
final class ControlAnimator {
    private final class Entry {
        weak var view: (any ControlAnimating)?
        let id: ObjectIdentifier
        init(_ view: any ControlAnimating) {
            self.view = view
            id = ObjectIdentifier(view)
        }
    }

    unowned let clock: FrameClock
    /// The views being stepped, in the order they started (a stable order every run).
    private var entries: [Entry] = []
    /// The same entries by view, so starting a view that already runs costs no search.
    private var byView: [ObjectIdentifier: Entry] = [:]
    private var timer: FrameTimer?
    /// While a tick runs: the earliest wake asked for by views started during it.
    private var isTicking = false
    private var wakeAskedDuringTick = TimeInterval.infinity

    init(clock: FrameClock) { self.clock = clock }

    /// How many views are being stepped.
    var runningCount: Int { byView.count }

    /// Steps `view` from clock time `wake` on until its animations end.
    func run(_ view: any ControlAnimating, wakingAt wake: TimeInterval) {
        let id = ObjectIdentifier(view)
        // An entry whose view is gone may carry a recycled identifier: replace it.
        if let e = byView[id], e.view === view {
            // Already stepped.
        } else {
            let e = Entry(view)
            byView[id] = e
            entries.append(e)
        }
        if isTicking {
            wakeAskedDuringTick = min(wakeAskedDuringTick, wake)
            return
        }
        let due = max(wake, clock.currentTime)
        if let t = timer {
            if due < t.fireTime { t.fireTime = due }
        } else {
            let t = clock.scheduleTimer(after: 0, repeating: 0) { [unowned self] _ in self.tick() }
            t.fireTime = due   // exactly the time asked for (now + (wake − now) may round)
            timer = t
        }
    }

    /// Stops stepping `view` now (it ended its own animations, as a spinner told to stop):
    /// its entry is let go, and with nothing else running the timer goes at once, so the
    /// clock asks for no further frame on its account.
    func stop(_ view: any ControlAnimating) {
        let id = ObjectIdentifier(view)
        guard let e = byView[id], e.view === view else { return }
        byView[id] = nil
        e.view = nil   // the next tick drops the entry
        guard byView.isEmpty, !isTicking else { return }
        entries.removeAll()
        timer?.invalidate()
        timer = nil
    }

    /// One frame: steps every view at the clock's time, drops those that have arrived (or
    /// left this clock, or are gone) and sets the timer for the next step needed.
    private func tick() {
        let now = clock.currentTime
        isTicking = true
        wakeAskedDuringTick = .infinity
        var next = TimeInterval.infinity
        var kept = 0
        // Views started by a step (one animation ending starts another) are appended and
        // stepped in this pass too.
        var k = 0
        while k < entries.count {
            let e = entries[k]
            k += 1
            if let view = e.view, view.frameClock === clock, let wake = view.advanceControlAnimations(to: now) {
                next = min(next, wake)
                entries[kept] = e
                kept += 1
            } else if byView[e.id] === e {
                byView[e.id] = nil
            }
        }
        entries.removeLast(entries.count - kept)
        isTicking = false
        if !entries.isEmpty { next = min(next, wakeAskedDuringTick) }
        guard let t = timer else { return }
        if entries.isEmpty {
            t.invalidate()
            timer = nil
        } else {
            // A repeating interval of 0 fires once per advance; a later time sleeps until then.
            t.fireTime = max(next, now)
        }
    }
}
