import Testing
import Foundation
@testable import SDLControlsCore

/// Rule D5: the segmented control. Touches and keys go through the window.
@MainActor
struct UISegmentedControlTests {
    let window = makeTestWindow()
    /// Keeps every EventLog alive for the rest of the run: their actions hold them unowned,
    /// and a test that ends with actions still queued must not crash the next one's flush.
    private let logs = LogKeeper()

    /// Holds event logs for the rest of the test run.
    struct LogKeeper {
        @MainActor static var kept: [EventLog] = []
        @MainActor func keep(_ log: EventLog) { LogKeeper.kept.append(log) }
    }

    /// Three equal segments at (50, 100, 300, 32): x 50…150, 150…250, 250…350.
    static let frame = CGRect(x: 50, y: 100, width: 300, height: 32)
    static let seg = [CGPoint(x: 100, y: 116), CGPoint(x: 200, y: 116), CGPoint(x: 300, y: 116)]
    nonisolated static let modes: [ActionDelivery] = [.batched, .immediate]

    private func makeControl(_ items: [Any] = ["A", "B", "C"], selected: Int = UISegmentedControl.noSegment) -> (UISegmentedControl, EventLog) {
        let control = UISegmentedControl(items: items)
        control.frame = Self.frame
        control.selectedSegmentIndex = selected
        window.addSubview(control)
        let log = EventLog(control)
        logs.keep(log)
        return (control, log)
    }

    private func image(_ name: String, _ size: CGSize = CGSize(width: 16, height: 16)) -> UIImage {
        UIImage(url: URL(fileURLWithPath: "/nonexistent/\(name).png"), name: name, size: size, scale: 1)
    }

    private func press(_ key: UIKeyboardHIDUsage) {
        window.send(UIPress(phase: .began, key: UIKey(keyCode: key), timestamp: 0))
        window.send(UIPress(phase: .ended, key: UIKey(keyCode: key), timestamp: 0))
    }

    // MARK: Creating

    @Test func d5_initWithItemsMakesTitleAndImageSegments() {
        let star = image("star")
        let control = UISegmentedControl(items: ["One", star, 42, "Three"])
        #expect(control.numberOfSegments == 3, "items that are neither strings nor images are skipped")
        #expect(control.titleForSegment(at: 0) == "One")
        #expect(control.imageForSegment(at: 1) == star)
        #expect(control.titleForSegment(at: 1) == nil)
        #expect(control.titleForSegment(at: 2) == "Three")
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(UISegmentedControl.noSegment == -1)
        #expect(control.frame.size == control.sizeThatFits(.zero))
        #expect(control.frame.height == 32)
        #expect(control.frame.width > 0)
        #expect(control.primaryControlEvent == .valueChanged)
        #expect(UISegmentedControl(items: nil).numberOfSegments == 0)
    }

    // MARK: Touch selection

    @Test(arguments: modes)
    func d5_selectingAnotherSegmentSendsValueChangedThenPrimaryAction(_ mode: ActionDelivery) {
        UIApplication.shared.actionDelivery = mode
        defer { UIApplication.shared.actionDelivery = .batched }
        let (control, log) = makeControl(selected: 0)
        var seenIndex: Int?
        control.addAction(UIAction { _ in seenIndex = control.selectedSegmentIndex }, for: .valueChanged)
        window.simulateTap(at: Self.seg[1])
        flush()
        #expect(control.selectedSegmentIndex == 1)
        #expect(seenIndex == 1)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
    }

    @Test func d5_tappingTheSelectedSegmentSendsNoValueEvents() {
        let (control, log) = makeControl(selected: 2)
        window.simulateTap(at: Self.seg[2])
        flush()
        #expect(control.selectedSegmentIndex == 2)
        #expect(log.names == ["touchDown", "touchUpInside"])
    }

    @Test func d5_dragBetweenSegmentsMovesTheHighlightAndTheLiftSelects() {
        let (control, log) = makeControl(selected: 0)
        window.simulateTouchDown(at: Self.seg[0])
        #expect(control.highlightedSegment == 0)
        window.simulateTouchMove(to: Self.seg[1])
        #expect(control.highlightedSegment == 1)
        window.simulateTouchMove(to: Self.seg[2])
        #expect(control.highlightedSegment == 2)
        #expect(control.selectedSegmentIndex == 0, "nothing is selected before the lift")
        window.simulateTouchUp(at: Self.seg[2])
        flush()
        #expect(control.selectedSegmentIndex == 2)
        #expect(control.highlightedSegment == nil)
        #expect(log.names.filter { $0 == "valueChanged" }.count == 1)
    }

    @Test func d5_dragAwayAndBackToTheSelectedSegmentChangesNothing() {
        let (control, log) = makeControl(selected: 0)
        window.simulateTouchDown(at: Self.seg[0])
        window.simulateTouchMove(to: Self.seg[2])
        window.simulateTouchMove(to: Self.seg[0])
        window.simulateTouchUp(at: Self.seg[0])
        flush()
        #expect(control.selectedSegmentIndex == 0)
        #expect(!log.names.contains("valueChanged"))
    }

    @Test func d5_liftOutsideTheSlopSelectsNothing() {
        let (control, log) = makeControl(selected: 0)
        window.simulateTouchDown(at: Self.seg[1])
        window.simulateTouchMove(to: CGPoint(x: 200, y: 300))
        #expect(control.highlightedSegment == nil, "no highlight outside the slop")
        window.simulateTouchUp(at: CGPoint(x: 200, y: 300))
        flush()
        #expect(control.selectedSegmentIndex == 0)
        #expect(!log.names.contains("valueChanged"))
        #expect(log.names.last == "touchUpOutside")
    }

    @Test func d5_cancelSendsTouchCancelAndKeepsTheSelection() {
        let (control, log) = makeControl(selected: 0)
        window.simulateTouchDown(at: Self.seg[1])
        window.cancelAllTouches()
        flush()
        #expect(control.selectedSegmentIndex == 0)
        #expect(control.highlightedSegment == nil)
        #expect(log.names == ["touchDown", "touchCancel"])
    }

    @Test func d5_disabledSegmentTakesNoTouch() {
        let (control, log) = makeControl(selected: 0)
        control.setEnabled(false, forSegmentAt: 1)
        #expect(!control.isEnabledForSegment(at: 1))
        window.simulateTap(at: Self.seg[1])
        flush()
        #expect(control.selectedSegmentIndex == 0)
        #expect(log.names.isEmpty)
        // A drag ending on it selects nothing either.
        window.simulateTouchDown(at: Self.seg[2])
        window.simulateTouchMove(to: Self.seg[1])
        #expect(control.highlightedSegment == nil)
        window.simulateTouchUp(at: Self.seg[1])
        #expect(control.selectedSegmentIndex == 0)
    }

    @Test func d5_segmentsAreLaidOutRightToLeft() {
        let (control, _) = makeControl()
        control.semanticContentAttribute = .forceRightToLeft
        let frames = control.segmentFrames()
        #expect(frames[0].minX == 200 && frames[2].minX == 0)
        window.simulateTap(at: Self.seg[2])
        #expect(control.selectedSegmentIndex == 0, "segment 0 is at the right")
        window.simulateTap(at: Self.seg[0])
        #expect(control.selectedSegmentIndex == 2)
    }

    // MARK: Momentary

    @Test(arguments: modes)
    func d5_momentaryShowsTheSelectionOnlyWhileTouchedAndDoesNotKeepIt(_ mode: ActionDelivery) {
        UIApplication.shared.actionDelivery = mode
        defer { UIApplication.shared.actionDelivery = .batched }
        let (control, log) = makeControl()
        control.isMomentary = true
        var seen: [Int] = []
        control.addAction(UIAction { _ in seen.append(control.selectedSegmentIndex) }, for: .valueChanged)
        window.simulateTouchDown(at: Self.seg[1])
        #expect(control.selectionPlateFrame != nil, "shown while touched")
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        window.simulateTouchUp(at: Self.seg[1])
        #expect(control.selectionPlateFrame == nil)
        flush()
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment, "not kept")
        #expect(seen == [1], "the action reads the tapped segment")
        // Tapping the same segment again (later: not a double tap) sends again.
        window.simulateTap(at: Self.seg[1], time: 1_000)
        flush()
        #expect(seen == [1, 1])
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside",
                              "touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
    }

    // MARK: Segment actions

    @Test(arguments: modes)
    func d5_segmentActionRunsWhenTheUserSelectsItsSegment(_ mode: ActionDelivery) {
        UIApplication.shared.actionDelivery = mode
        defer { UIApplication.shared.actionDelivery = .batched }
        var order: [String] = []
        var senders: [UISegmentedControl?] = []
        let actions = ["Red", "Green", "Blue"].map { name in
            UIAction(title: name, identifier: .init(name)) { action in
                order.append(name)
                senders.append(action.sender as? UISegmentedControl)
            }
        }
        let control = UISegmentedControl(frame: Self.frame, actions: actions)
        window.addSubview(control)
        control.addAction(UIAction { _ in order.append("valueChanged") }, for: .valueChanged)
        control.addAction(UIAction { _ in order.append("primary") }, for: .primaryActionTriggered)
        #expect(control.numberOfSegments == 3)
        #expect(control.titleForSegment(at: 2) == "Blue")
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)

        window.simulateTap(at: Self.seg[1])
        flush()
        #expect(order == ["valueChanged", "Green", "primary"])
        #expect(senders.count == 1)
        #expect(senders.first.flatMap { $0 }?.selectedSegmentIndex == 1)
        #expect(senders.first.flatMap { $0 } === control)

        order.removeAll()
        window.simulateTap(at: Self.seg[1])
        control.selectedSegmentIndex = 2
        flush()
        #expect(order.isEmpty, "tapping the selected segment or selecting in code runs nothing")
    }

    @Test func d5_segmentActionAccessors() {
        let a = UIAction(title: "A", identifier: "a") { _ in }
        let b = UIAction(title: "B", identifier: "b") { _ in }
        let c = UIAction(title: "C", identifier: "c") { _ in }
        let control = UISegmentedControl(frame: Self.frame, actions: [a, b])
        #expect(control.actionForSegment(at: 1) === b)
        #expect(control.actionForSegment(at: 5) == nil)
        #expect(control.segmentIndex(identifiedBy: "b") == 1)
        #expect(control.segmentIndex(identifiedBy: "zzz") == UISegmentedControl.noSegment)
        control.insertSegment(action: c, at: 0, animated: false)
        #expect(control.segmentIndex(identifiedBy: "c") == 0)
        #expect(control.titleForSegment(at: 0) == "C")
        control.setAction(a, forSegmentAt: 2)
        #expect(control.titleForSegment(at: 2) == "A")
        #expect(control.actionForSegment(at: 2) === a)
        control.setAction(a, forSegmentAt: 9)   // ignored
        #expect(control.numberOfSegments == 3)
    }

    // MARK: Managing segments

    @Test func d5_insertClampsTheIndexAndKeepsTheSameSegmentSelected() {
        let (control, log) = makeControl(selected: 1)
        control.insertSegment(withTitle: "Z", at: 0, animated: true)
        #expect(control.selectedSegmentIndex == 2)
        #expect(control.titleForSegment(at: control.selectedSegmentIndex) == "B")
        control.insertSegment(withTitle: "End", at: 99, animated: false)
        #expect(control.titleForSegment(at: 4) == "End")
        control.insertSegment(with: image("x"), at: -5, animated: false)
        #expect(control.imageForSegment(at: 0)?.name == "x")
        #expect(control.numberOfSegments == 6)
        flush()
        #expect(log.names.isEmpty)
    }

    @Test func d5_removingSegments() {
        let (control, _) = makeControl(["A", "B", "C", "D"], selected: 2)
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 1)
        #expect(control.titleForSegment(at: 1) == "C")
        control.removeSegment(at: 7, animated: false)
        control.removeSegment(at: -1, animated: false)
        #expect(control.numberOfSegments == 3, "out-of-range removals are ignored")
        control.removeSegment(at: 1, animated: false)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment, "removing the selected segment clears it")
        control.selectedSegmentIndex = 1
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
    }

    @Test func d5_titlesAndImagesReplaceEachOther() {
        let (control, _) = makeControl()
        control.setImage(image("i"), forSegmentAt: 0)
        #expect(control.imageForSegment(at: 0)?.name == "i")
        #expect(control.titleForSegment(at: 0) == nil)
        control.setTitle("T", forSegmentAt: 0)
        #expect(control.titleForSegment(at: 0) == "T")
        #expect(control.imageForSegment(at: 0) == nil)
        control.setTitle("nope", forSegmentAt: 3)
        control.setImage(image("nope"), forSegmentAt: -1)
        #expect(control.numberOfSegments == 3)
        #expect(control.titleForSegment(at: 3) == nil)
        #expect(control.imageForSegment(at: -1) == nil)
    }

    @Test func d5_outOfRangeGettersAnswerNeutralValues() {
        let (control, _) = makeControl()
        for i in [-1, 3, Int.max, Int.min] {
            #expect(control.titleForSegment(at: i) == nil)
            #expect(control.imageForSegment(at: i) == nil)
            #expect(!control.isEnabledForSegment(at: i))
            #expect(control.widthForSegment(at: i) == 0)
            #expect(control.contentOffsetForSegment(at: i) == .zero)
            #expect(control.actionForSegment(at: i) == nil)
            control.setEnabled(false, forSegmentAt: i)
            control.setWidth(10, forSegmentAt: i)
            control.setContentOffset(CGSize(width: 1, height: 1), forSegmentAt: i)
        }
        #expect((0..<3).allSatisfy { control.isEnabledForSegment(at: $0) && control.widthForSegment(at: $0) == 0 })
    }

    @Test func d5_selectedSegmentIndexOutOfRangeIsIgnoredAndCodeSendsNothing() {
        let (control, log) = makeControl(selected: 1)
        control.selectedSegmentIndex = 3
        #expect(control.selectedSegmentIndex == 1)
        control.selectedSegmentIndex = -2
        #expect(control.selectedSegmentIndex == 1)
        control.selectedSegmentIndex = 2
        #expect(control.selectedSegmentIndex == 2)
        control.selectedSegmentIndex = UISegmentedControl.noSegment
        #expect(control.selectedSegmentIndex == -1)
        flush()
        #expect(log.names.isEmpty)
    }

    // MARK: Widths

    @Test func d5_setWidthKeepsThatWidthAndAutomaticSegmentsShareTheRest() {
        let (control, _) = makeControl()
        control.setWidth(50, forSegmentAt: 0)
        #expect(control.widthForSegment(at: 0) == 50)
        let frames = control.segmentFrames()
        #expect(frames.map(\.width) == [50, 125, 125])
        #expect(frames.map(\.minX) == [0, 50, 175])
        control.setWidth(-4, forSegmentAt: 0)
        #expect(control.widthForSegment(at: 0) == 0, "negative means automatic")
        control.setWidth(.nan, forSegmentAt: 1)
        control.setWidth(.infinity, forSegmentAt: 2)
        #expect(control.segmentFrames().map(\.width) == [100, 100, 100])
        control.setContentOffset(CGSize(width: CGFloat.nan, height: 3), forSegmentAt: 1)
        #expect(control.contentOffsetForSegment(at: 1) == CGSize(width: 0, height: 3))
    }

    @Test func d5_apportionsSegmentWidthsByContent() {
        let (control, _) = makeControl(["A", "A much longer title"])
        #expect(!control.apportionsSegmentWidthsByContent)
        #expect(control.segmentFrames().map(\.width) == [150, 150])
        let equalNatural = control.sizeThatFits(.zero)
        control.apportionsSegmentWidthsByContent = true
        let frames = control.segmentFrames()
        #expect(frames[0].width < frames[1].width)
        #expect(abs(frames[0].width + frames[1].width - 300) < 0.001)
        #expect(control.sizeThatFits(.zero).width < equalNatural.width, "the short segment no longer takes the long one's width")
        #expect(control.intrinsicContentSize.height == 32)
    }

    @Test func d5_naturalSizeGrowsWithTitlesAndSetWidths() {
        let short = UISegmentedControl(items: ["A", "B"]).sizeThatFits(.zero)
        let long = UISegmentedControl(items: ["Alpha", "Bravo"]).sizeThatFits(.zero)
        #expect(long.width > short.width)
        let fixed = UISegmentedControl(items: ["A", "B"])
        fixed.setWidth(200, forSegmentAt: 0)
        #expect(fixed.sizeThatFits(.zero).width >= 200 + 32)
    }

    // MARK: Sliding plate

    @Test func d5_plateSlidesToTheNewSelection() {
        let (control, _) = makeControl(selected: 0)
        let clock = window.frameClock   // the test's own window's (another may be key)
        let t0 = (clock.currentTime + 10).rounded(.up)
        clock.advanceTime(to: t0)
        let start = control.selectionPlateFrame
        #expect(start == CGRect(x: 2, y: 2, width: 96, height: 28))
        window.simulateTap(at: Self.seg[2], time: t0)
        #expect(control.isPlateAnimating)
        clock.advanceTime(to: t0 + 0.1)
        let mid = control.selectionPlateFrame
        #expect(mid != nil && mid!.minX > 2 && mid!.minX < 202, "part way")
        clock.advanceTime(to: t0 + 0.5)
        #expect(!control.isPlateAnimating)
        #expect(control.selectionPlateFrame == CGRect(x: 202, y: 2, width: 96, height: 28))
        // Selecting in code jumps there.
        control.selectedSegmentIndex = 1
        #expect(!control.isPlateAnimating)
        #expect(control.selectionPlateFrame?.minX == 102)
        control.selectedSegmentIndex = UISegmentedControl.noSegment
        #expect(control.selectionPlateFrame == nil)
    }

    // MARK: Keyboard

    @Test func d5_arrowKeysMoveTheSelectionAndSendValueChanged() {
        let (control, log) = makeControl()
        control.setEnabled(false, forSegmentAt: 1)
        window.setFocusedView(control)
        press(.keyboardRightArrow)
        #expect(control.selectedSegmentIndex == 0, "from no selection: the first segment")
        press(.keyboardRightArrow)
        #expect(control.selectedSegmentIndex == 2, "the disabled segment is skipped")
        press(.keyboardRightArrow)
        #expect(control.selectedSegmentIndex == 2, "no wrap at the end")
        press(.keyboardLeftArrow)
        #expect(control.selectedSegmentIndex == 0)
        press(.keyboardUpArrow)
        #expect(control.selectedSegmentIndex == 0, "up and down move focus, not the selection")
        press(.keyboardRightArrow)
        #expect(control.selectedSegmentIndex == 2)
        flush()
        #expect(log.names == Array(repeating: ["valueChanged", "primaryActionTriggered"], count: 4).flatMap { $0 })
    }

    @Test func d5_arrowKeysFollowTheLayoutDirection() {
        let (control, _) = makeControl(selected: 1)
        control.semanticContentAttribute = .forceRightToLeft
        window.semanticContentAttribute = .forceRightToLeft
        window.setFocusedView(control)
        press(.keyboardLeftArrow)
        #expect(control.selectedSegmentIndex == 2, "left moves towards the higher indexes, which are on the left")
    }

    @Test func d5_momentaryKeyboardMovesACursorAndSpaceTapsIt() {
        let (control, log) = makeControl()
        control.isMomentary = true
        var seen: [Int] = []
        control.addAction(UIAction { _ in seen.append(control.selectedSegmentIndex) }, for: .valueChanged)
        window.setFocusedView(control)
        press(.keyboardRightArrow)
        press(.keyboardRightArrow)
        flush()
        #expect(control.keyboardSegment == 1)
        #expect(log.names.isEmpty, "moving the cursor sends nothing")
        press(.keyboardSpacebar)
        flush()
        #expect(seen == [1])
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
    }

    // MARK: Accessibility and look

    @Test func d5_accessibilityValueIsTheSelectedTitle() {
        let (control, _) = makeControl([ "A", image("heart") ], selected: 0)
        #expect(control.accessibilityValue == "A")
        control.selectedSegmentIndex = 1
        #expect(control.accessibilityValue == "heart", "an image segment reads its image's name")
        control.selectedSegmentIndex = UISegmentedControl.noSegment
        #expect(control.accessibilityValue == nil)
        #expect(control.accessibilityTraits.contains(.adjustable))
        control.isEnabled = false
        #expect(control.accessibilityTraits.contains(.notEnabled))
    }

    @Test func d5_appearanceChangesRedraw() {
        let (control, _) = makeControl(selected: 0)
        var generation = control.appearanceGeneration
        func changed() -> Bool {
            defer { generation = control.appearanceGeneration }
            return control.appearanceGeneration != generation
        }
        control.selectedSegmentTintColor = .systemBlue
        #expect(changed())
        control.font = .systemFont(ofSize: 15)
        #expect(changed())
        control.selectedSegmentIndex = 2
        #expect(changed())
        control.setEnabled(false, forSegmentAt: 1)
        #expect(changed())
        control.tintColor = .systemGreen
        #expect(changed())
        window.simulateTouchDown(at: Self.seg[0])
        #expect(changed())
        window.simulateTouchUp(at: Self.seg[0])
    }
}
