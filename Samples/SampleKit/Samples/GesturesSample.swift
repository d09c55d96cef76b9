import Foundation
import SDLControls

/// Gesture recognizers: a map that pans (with a finger, the mouse or the wheel), pinches to
/// zoom and twists to turn, with pinch and rotation recognizing together; a double tap that
/// zooms and a single tap, waiting for the double tap to fail, that drops a marker; buttons on
/// the map that keep their taps; a list whose rows swipe left to delete; a card that counts
/// long presses. The status line under the map says what the last gesture did.
@MainActor
final class GesturesSample: SampleScene, UIGestureRecognizerDelegate {
    let map = GestureMapView(frame: .zero)
    let resetButton = UIButton(configuration: .gray())
    let zoomOutButton = UIButton(configuration: .gray())
    let zoomInButton = UIButton(configuration: .filled())
    /// The buttons' plate: opaque, so they read well over any tile.
    let toolbar = UIView()
    let status = UILabel()
    let listHeading = UILabel()
    let card = HoldCardView(frame: .zero)
    let notes = UILabel()
    /// The rows still in the list, top to bottom.
    private(set) var rows: [SwipeRowView] = []

    // Typed method references: the compiler checks each handler's recognizer type.
    private(set) lazy var pan = UIPanGestureRecognizer(target: self, action: GesturesSample.panned)
    private(set) lazy var pinch = UIPinchGestureRecognizer(target: self, action: GesturesSample.pinched)
    private(set) lazy var rotation = UIRotationGestureRecognizer(target: self, action: GesturesSample.rotated)
    private(set) lazy var doubleTap = UITapGestureRecognizer(target: self, action: GesturesSample.doubleTapped)
    private(set) lazy var singleTap = UITapGestureRecognizer(target: self, action: GesturesSample.singleTapped)
    private(set) lazy var longPress = UILongPressGestureRecognizer(target: self, action: GesturesSample.longPressed)

    /// What the last gesture did (the status's first line).
    private(set) var lastGesture = "Drag, pinch or twist the map; double-tap to zoom."
    /// Markers dropped by single taps on the map.
    private(set) var singleTaps = 0
    /// Double taps on the map.
    private(set) var doubleTaps = 0
    /// Taps on the buttons over the map.
    private(set) var buttonTaps = 0
    /// Titles of the rows swiped away, in order.
    private(set) var removedRows: [String] = []
    /// The current gesture's movement so far (each change is applied and the recognizer's
    /// value reset, so the totals are kept here for the status).
    private var panSoFar = CGPoint.zero, pinchSoFar: CGFloat = 1, rotationSoFar: CGFloat = 0

    override init() {
        super.init()
        root.accessibilityLabel = "Gestures"
        root.addSubview(map)
        setUpMap()
        setUpButtons()
        setUpList()
        card.addGestureRecognizer(longPress)
        root.addSubview(card)
        status.numberOfLines = 0
        status.font = .systemFont(ofSize: 14)
        root.addSubview(status)
        notes.numberOfLines = 0
        notes.font = .systemFont(ofSize: 13)
        notes.textColor = .secondaryLabel
        notes.text = "Pinch and rotation recognize together (their delegate says so). A single tap waits for the double tap to fail, "
            + "then drops a marker; the buttons on the map keep their own taps."
        root.addSubview(notes)
        showStatus()
        root.onLayout = { [weak self] b in self?.layout(in: b) }
    }

    private func setUpMap() {
        // The wheel and a trackpad pan the map too (UIKit's default is touches only).
        pan.allowedScrollTypesMask = .all
        for r in [pan, pinch, rotation] as [UIGestureRecognizer] {
            r.delegate = self
            map.addGestureRecognizer(r)
        }
        doubleTap.numberOfTapsRequired = 2
        doubleTap.delegate = self   // it leaves the buttons' touches alone (shouldReceive below)
        map.addGestureRecognizer(doubleTap)
        // Without this each tap of a double tap would drop a marker; with it, a single tap's
        // marker waits until the double tap has failed (the multi-tap interval, 0.35 s).
        singleTap.require(toFail: doubleTap)
        map.addGestureRecognizer(singleTap)
    }

    private func setUpButtons() {
        // On the map, inside the single tap's view: a control keeps its own single taps.
        resetButton.setTitle("Reset", for: .normal)
        resetButton.addAction(UIAction(title: "reset map") { [weak self] _ in
            guard let self else { return }
            map.resetView()
            buttonTaps += 1
            report("Reset button: offset, zoom and rotation back to the start")
        }, for: .primaryActionTriggered)
        for (button, title, name, factor) in [(zoomOutButton, "−", "Zoom out", 1 / 1.5), (zoomInButton, "+", "Zoom in", 1.5)] {
            button.setTitle(title, for: .normal)
            button.accessibilityLabel = name
            button.addAction(UIAction(title: name.lowercased()) { [weak self] _ in
                guard let self else { return }
                map.zoom(by: factor, around: CGPoint(x: map.bounds.midX, y: map.bounds.midY))
                buttonTaps += 1
                report("\(name) button: zoom " + String(format: "×%.2f", factor))
            }, for: .primaryActionTriggered)
        }
        toolbar.backgroundColor = .systemBackground
        toolbar.cornerRadius = 12
        for b in [resetButton, zoomOutButton, zoomInButton] { toolbar.addSubview(b) }
        map.addSubview(toolbar)
    }

    private func setUpList() {
        listHeading.text = "Swipe a row left for Delete; swipe again to remove it."
        listHeading.numberOfLines = 0
        listHeading.font = .systemFont(ofSize: 13)
        listHeading.textColor = .secondaryLabel
        root.addSubview(listHeading)
        for title in ["Milk", "Bread", "Coffee beans", "Oranges"] {
            let row = SwipeRowView(title: title)
            // The closure form: no target, the recognizer is passed in.
            let left = UISwipeGestureRecognizer { [weak self, weak row] _ in
                guard let self, let row else { return }
                swipedLeft(row)
            }
            left.direction = .left
            row.addGestureRecognizer(left)
            let right = UISwipeGestureRecognizer { [weak self, weak row] _ in
                guard let self, let row, row.isRevealed else { return }
                row.isRevealed = false
                report("Swipe right on \"\(row.titleLabel.text ?? "")\": Delete hidden")
            }
            right.direction = .right
            row.addGestureRecognizer(right)
            rows.append(row)
            root.addSubview(row)
        }
    }

    // MARK: Gesture handlers

    private func panned(_ pan: UIPanGestureRecognizer) {
        if pan.state == .began { panSoFar = .zero }
        // Apply the movement since the last call, then measure from here: the map follows
        // without accumulating rounding, and the handler never needs the start position.
        let t = pan.translation(in: map)
        let v = pan.velocity(in: map)   // read first: setting the translation resets the velocity
        map.pan(by: t)
        pan.setTranslation(.zero, in: map)
        panSoFar = CGPoint(x: panSoFar.x + t.x, y: panSoFar.y + t.y)
        var line = "Pan \(pan.state): translation \(Self.point(panSoFar))"
        if pan.state == .ended { line += String(format: ", %.0f pt/s", hypot(v.x, v.y)) }
        report(line)
    }

    private func pinched(_ pinch: UIPinchGestureRecognizer) {
        if pinch.state == .began { pinchSoFar = 1 }
        // Apple's pattern: apply the scale while it changes, then set it back to 1.
        if pinch.state == .began || pinch.state == .changed {
            map.zoom(by: pinch.scale, around: pinch.location(in: map))
            pinchSoFar *= pinch.scale
            pinch.scale = 1
        }
        report("Pinch \(pinch.state): scale " + String(format: "%.2f×", pinchSoFar))
    }

    private func rotated(_ rotation: UIRotationGestureRecognizer) {
        if rotation.state == .began { rotationSoFar = 0 }
        if rotation.state == .began || rotation.state == .changed {
            map.rotate(by: rotation.rotation, around: rotation.location(in: map))
            rotationSoFar += rotation.rotation
            rotation.rotation = 0
        }
        report("Rotation \(rotation.state): " + String(format: "%.2f rad (%@°)", rotationSoFar, Self.number(rotationSoFar * 180 / .pi)))
    }

    private func doubleTapped(_ tap: UITapGestureRecognizer) {
        doubleTaps += 1
        // Zoom in twice as close where tapped; at the closest zoom, back to the start.
        if map.zoom * 2 <= GestureMapView.zoomRange.upperBound {
            map.zoom(by: 2, around: tap.location(in: map))
            report("Double tap: zoom ×2 at \(Self.point(tap.location(in: map)))")
        } else {
            map.resetView()
            report("Double tap: back to the start")
        }
    }

    private func singleTapped(_ tap: UITapGestureRecognizer) {
        singleTaps += 1
        map.dropMarker(at: tap.location(in: map))
        report("Single tap: marker at \(Self.point(tap.location(in: map)))")
    }

    private func longPressed(_ press: UILongPressGestureRecognizer) {
        switch press.state {
        case .began:
            card.presses += 1
            card.isHeld = true
        case .ended, .cancelled:
            card.isHeld = false
        default:
            return   // a move while held: nothing to show
        }
        report("Long press \(press.state) (\(card.presses) so far)")
    }

    /// A first swipe left shows the row's Delete action; a second removes the row.
    private func swipedLeft(_ row: SwipeRowView) {
        let title = row.titleLabel.text ?? ""
        if !row.isRevealed {
            row.isRevealed = true
            report("Swipe left on \"\(title)\": Delete shown")
            return
        }
        rows.removeAll { $0 === row }
        row.removeFromSuperview()
        removedRows.append(title)
        root.setNeedsLayout()
        report("Swipe left on \"\(title)\": removed")
    }

    // MARK: UIGestureRecognizerDelegate

    /// Pan, pinch and rotation share their touches: two fingers can move, zoom and turn the
    /// map at once. Every other pair keeps UIKit's default (the first to recognize wins).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        let together: [UIGestureRecognizer] = [pan, pinch, rotation]
        return together.contains { $0 === gestureRecognizer } && together.contains { $0 === otherGestureRecognizer }
    }

    /// The double tap doesn't take touches on the map's buttons: waiting for a second tap, it
    /// would hold each button's touch-up for 0.35 s (``UIGestureRecognizer/delaysTouchesEnded``),
    /// and a button should answer at once.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        !(gestureRecognizer === doubleTap && touch.view is UIControl)
    }

    // MARK: Status

    private func report(_ line: String) {
        lastGesture = line
        showStatus()
    }

    private func showStatus() {
        let map = "Map: offset \(Self.point(self.map.offset)), zoom " + String(format: "%.2f×", self.map.zoom)
            + ", rotation \(Self.number(self.map.rotation * 180 / .pi))°"
        let counts = "Markers \(singleTaps) · double taps \(doubleTaps) · button taps \(buttonTaps)"
        status.text = [lastGesture, map, counts].joined(separator: "\n")
        // A longer line may need another: lay out again when the label no longer fits.
        if status.bounds.width > 0, status.sizeThatFits(CGSize(width: status.bounds.width, height: 0)).height > status.bounds.height + 0.5 {
            root.setNeedsLayout()
        }
    }

    /// A whole number, never "-0".
    private static func number(_ v: CGFloat) -> String {
        let r = v.rounded()
        return String(format: "%.0f", r == 0 ? 0 : r)
    }

    private static func point(_ p: CGPoint) -> String { "(\(number(p.x)), \(number(p.y)))" }

    // MARK: Layout

    private func layout(in b: CGRect) {
        // The list and the card in a column on the right; the map fills the rest, its status below.
        let side = min(320, max(220, (b.width * 0.34).rounded()))
        let right = b.width - 20 - side
        let headingHeight = listHeading.sizeThatFits(CGSize(width: side, height: 0)).height
        listHeading.frame = CGRect(x: right, y: 16, width: side, height: headingHeight)
        var y = listHeading.frame.maxY + 8
        for row in rows {
            row.frame = CGRect(x: right, y: y, width: side, height: SwipeRowView.height)
            y += SwipeRowView.height + 8
        }
        // The card keeps its place as rows go: below the room of the whole list.
        let cardTop = listHeading.frame.maxY + 8 + 4 * (SwipeRowView.height + 8) + 8
        card.frame = CGRect(x: right, y: cardTop, width: side, height: max(72, min(120, b.height - 16 - cardTop)))
        let notesTop = card.frame.maxY + 16
        let notesHeight = notes.sizeThatFits(CGSize(width: side, height: 0)).height
        notes.isHidden = notesTop + notesHeight > b.height - 16   // only where there is room
        notes.frame = CGRect(x: right, y: notesTop, width: side, height: notesHeight)

        let width = max(0, right - 40)
        // Room for three lines at least, so the map doesn't change size as the status does.
        let threeLines = 3 * status.textMeasurer.metrics(of: status.font).lineHeight
        let statusHeight = max(threeLines, status.sizeThatFits(CGSize(width: width, height: 0)).height).rounded(.up)
        let mapHeight = max(120, b.height - 16 - 16 - 10 - statusHeight)
        map.frame = CGRect(x: 20, y: 16, width: width, height: mapHeight)
        status.frame = CGRect(x: 20, y: map.frame.maxY + 10, width: width, height: statusHeight)
        var x: CGFloat = 6
        for button in [resetButton, zoomOutButton, zoomInButton] {
            button.sizeToFit()
            // The one-character titles get a wider button, easier to hit.
            button.frame = CGRect(x: x, y: 6, width: max(button.frame.width, button.frame.height + 8), height: button.frame.height)
            x = button.frame.maxX + 6
        }
        toolbar.frame = CGRect(x: 12, y: 12, width: x, height: resetButton.frame.maxY + 6)
    }
}
