import Foundation
import Testing
@testable import SDLControls

/// Golden images of the hover look at 1x and 2x, light and dark: each control as it looks with
/// the pointer elsewhere, then with the pointer over it (moved there with real SDL mouse
/// motion; one pointer hovers one control, so the picture is put together from one frame per
/// control). Filled, tinted, gray and system buttons take the highlight over their plate (the
/// system button, as wide as its title with zero content insets, over its own frame and 6
/// points beyond it on each side), a
/// segmented control over the unselected segment under the pointer, a stepper over the half
/// that can step.
@MainActor
struct HoverGoldenTests {
    /// Rows of (control, where the pointer goes in its bounds as a fraction of its size).
    private func rows() -> [(UIControl, CGPoint)] {
        func button(_ c: UIButton.Configuration?, _ title: String) -> UIButton {
            let b = UIButton(type: .system)
            b.configuration = c
            b.setTitle(title, for: .normal)
            b.sizeToFit()
            return b
        }
        let segmented = UISegmentedControl(items: ["Easy", "Hard"])
        segmented.selectedSegmentIndex = 0
        segmented.sizeToFit()
        let stepper = UIStepper()
        stepper.value = 5
        return [(button(.filled(), "Play"), CGPoint(x: 0.5, y: 0.5)), (button(.tinted(), "Options"), CGPoint(x: 0.5, y: 0.5)),
                (button(.gray(), "Cancel"), CGPoint(x: 0.5, y: 0.5)), (button(nil, "Learn more"), CGPoint(x: 0.5, y: 0.5)),
                (segmented, CGPoint(x: 0.75, y: 0.5)), (stepper, CGPoint(x: 0.75, y: 0.5))]
    }

    private func hoverLooks(scale: CGFloat) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let rowHeight: CGFloat = 48, columnWidth: CGFloat = 170
        let size = CGSize(width: columnWidth * 4, height: rowHeight * 6 + 8)
        let host = try makeGoldenHost(size: size, scale: scale)
        defer { host.shutdown() }
        var placed: [(UIControl, CGRect, CGPoint)] = []   // control, cell (points), pointer (points)
        for (column, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(column) * columnWidth * 2, y: 0, width: columnWidth * 2, height: size.height))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            for hovered in [false, true] {
                for (row, (control, at)) in rows().enumerated() {
                    let x = (hovered ? columnWidth : 0) + 20
                    control.frame.origin = CGPoint(x: x, y: 8 + CGFloat(row) * rowHeight)
                    panel.addSubview(control)
                    let cell = CGRect(x: panel.frame.minX + (hovered ? columnWidth : 0), y: 8 + CGFloat(row) * rowHeight - 4,
                                      width: columnWidth, height: rowHeight)
                    let f = control.convert(control.bounds, to: nil)
                    placed.append((control, hovered ? cell : .zero, CGPoint(x: f.minX + f.width * at.x, y: f.minY + f.height * at.y)))
                }
            }
        }
        host.update()
        host.renderFrame()
        var picture = host.readPixels()   // the pointer nowhere: every control as it is
        for (_, cell, pointer) in placed where cell != .zero {
            push(host, SDLEvents.mouseMotion(host, x: Int32((pointer.x * scale).rounded()), y: Int32((pointer.y * scale).rounded())))
            host.update()
            host.renderFrame()
            let frame = host.readPixels()
            let px = Int(cell.minX * scale), py = Int(cell.minY * scale)
            for y in py..<min(frame.height, py + Int(cell.height * scale)) {
                for x in px..<min(frame.width, px + Int(cell.width * scale)) {
                    picture.pixels[y * frame.width + x] = frame.pixels[y * frame.width + x]
                }
            }
        }
        push(host, SDLEvents.window(host, SDL_WINDOWEVENT_LEAVE))
        return picture
    }

    @Test func hoverLooksAt1x() throws {
        try expectMatchesGolden(hoverLooks(scale: 1), "hover-looks-1x")
    }

    @Test func hoverLooksAt2x() throws {
        try expectMatchesGolden(hoverLooks(scale: 2), "hover-looks-2x")
    }
}
