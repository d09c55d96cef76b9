import Foundation
import Testing
@testable import SDLControls
@testable import SDLControlsCore

/// Golden images of UITextField at 1x and 2x: every look side by side, light on top and a
/// dark panel below.
///
/// Light, row 1: empty with placeholder, with text, disabled.
/// Light, row 2: editing with a selection, IME composition (underlined, caret inside it),
///               keyboard focus (ring, editing border, caret).
/// Light, row 3: secure entry (bullets), the clear button, the `.line` style.
/// Dark row: placeholder, `.bezel` with text, editing with a selection.
///
/// A window has one first responder, so only the first editing field really is; the other
/// editing looks are set up through the field's internal editing flag (what the drawing
/// reads), which keeps all the states in one image. Latin text only.
@MainActor
struct UITextFieldGoldenTests {
    static let columns: [CGFloat] = [12, 132, 252]
    static let width: CGFloat = 96

    private func field(_ parent: UIView, column: Int, y: CGFloat, text: String? = nil, placeholder: String? = nil,
                       style: UITextField.BorderStyle = .roundedRect) -> UITextField {
        let f = UITextField(frame: CGRect(x: Self.columns[column], y: y, width: Self.width, height: 34))
        f.borderStyle = style
        f.text = text
        f.placeholder = placeholder
        parent.addSubview(f)
        return f
    }

    /// Gives a field the editing look without making it first responder (see the type's note).
    private func showEditing(_ f: UITextField, selection: NSRange) {
        f.isEditing = true
        f.selectedRange = selection
    }

    private func populate(_ host: SDLHost) {
        let light = UIView(frame: CGRect(x: 0, y: 0, width: 360, height: 138))
        light.backgroundColor = .secondarySystemBackground
        light.overrideUserInterfaceStyle = .light
        host.window.addSubview(light)
        let dark = UIView(frame: CGRect(x: 0, y: 138, width: 360, height: 62))
        dark.backgroundColor = .systemBackground
        dark.overrideUserInterfaceStyle = .dark
        host.window.addSubview(dark)

        _ = field(light, column: 0, y: 10, placeholder: "Name")
        _ = field(light, column: 1, y: 10, text: "Ada")
        let disabled = field(light, column: 2, y: 10, text: "Off")
        disabled.isEnabled = false

        let selecting = field(light, column: 0, y: 52, text: "Hello")
        selecting.becomeFirstResponder()
        selecting.selectedRange = NSRange(location: 1, length: 3)
        let composing = field(light, column: 1, y: 52, text: "Type")
        showEditing(composing, selection: NSRange(location: 4, length: 0))
        composing.setMarkedText("kan", selectedRange: NSRange(location: 2, length: 0))
        let focused = field(light, column: 2, y: 52, text: "Focus")
        showEditing(focused, selection: NSRange(location: 5, length: 0))
        focused.isFocused = true

        let secure = field(light, column: 0, y: 94, text: "secret")
        secure.isSecureTextEntry = true
        let clearing = field(light, column: 1, y: 94, text: "Clear")
        clearing.clearButtonMode = .always
        _ = field(light, column: 2, y: 94, text: "Line", style: .line)

        _ = field(dark, column: 0, y: 14, placeholder: "Search")
        _ = field(dark, column: 1, y: 14, text: "Bezel", style: .bezel)
        let darkEditing = field(dark, column: 2, y: 14, text: "Night")
        showEditing(darkEditing, selection: NSRange(location: 0, length: 3))
    }

    @Test func statesAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 200), scale: 1)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uitextfield-states-1x")
    }

    @Test func statesAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 200), scale: 2)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uitextfield-states-2x")
    }
}
