import Foundation
import SDLControls

/// A form: text fields with keyboard focus (Tab / Shift+Tab), a date picker, a stepper and
/// a submit button that validates and shows errors.
@MainActor
final class FormSample: SampleScene, UITextFieldDelegate {
    let nameField = UITextField()
    let emailField = UITextField()
    let datePicker = UIDatePicker()
    let guests = UIStepper()
    let guestsLabel = UILabel()
    let submit = UIButton(configuration: .filled())
    let status = UILabel()
    let labels: [UILabel] = ["Name", "Email", "Date", "Guests"].map { text in
        let l = UILabel()
        l.text = text
        l.font = .systemFont(ofSize: 15, weight: .medium)
        return l
    }

    override init() {
        super.init()
        nameField.placeholder = "Your name"
        nameField.accessibilityLabel = "Name"
        emailField.placeholder = "you@example.com"
        emailField.accessibilityLabel = "Email"
        for f in [nameField, emailField] {
            f.borderStyle = .roundedRect
            f.clearButtonMode = .whileEditing
            f.delegate = self
            // Editing clears an old error.
            f.addAction(UIAction(title: "edited") { [weak self] _ in self?.status.text = "" }, for: .editingChanged)
        }
        datePicker.datePickerMode = .date
        datePicker.timeZone = TimeZone(identifier: "UTC")
        datePicker.locale = Locale(identifier: "en_US_POSIX")
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        datePicker.calendar = utc
        datePicker.date = utc.date(from: DateComponents(year: 2026, month: 11, day: 22))!
        datePicker.minimumDate = utc.date(from: DateComponents(year: 2026, month: 1, day: 1))
        datePicker.accessibilityLabel = "Date"
        datePicker.addAction(UIAction(title: "date chosen") { [weak self] _ in self?.status.text = "" }, for: .valueChanged)
        guests.minimumValue = 1
        guests.maximumValue = 8
        guests.value = 2
        guests.accessibilityLabel = "Guests"
        guests.addAction(UIAction(title: "guests") { [weak self] _ in
            guard let self else { return }
            guestsLabel.text = String(format: "%.0f", guests.value)   // any Double, no Int(…) trap
        }, for: .valueChanged)
        guestsLabel.text = "2"
        submit.setTitle("Submit", for: .normal)
        submit.addTarget(self, action: FormSample.submitTapped, for: .primaryActionTriggered)
        submit.configuration?.contentInsets = UIEdgeInsets(top: 10, left: 30, bottom: 10, right: 30)
        submit.setContentHuggingPriority(.required, for: .horizontal)
        datePicker.setContentHuggingPriority(.required, for: .horizontal)
        status.numberOfLines = 0
        status.font = .systemFont(ofSize: 15)
        guestsLabel.setContentHuggingPriority(.defaultLow, for: .horizontal)

        // One column of rows, so Tab's reading order (top to bottom) is the form's order: a
        // 70-point label column, then the control. Labels sit on their control's centre line;
        // "Date" on the picker's month title (the middle of its 44-point header).
        func row(_ label: UILabel?, _ views: [UIView], alignment: UIStackView.Alignment = .center, labelHeight: CGFloat = 0) -> UIStackView {
            let box = FixedWidth(label ?? UIView(), width: 70, minimumHeight: labelHeight)
            let r = UIStackView(arrangedSubviews: [box] + views)
            r.spacing = 12
            r.alignment = alignment
            return r
        }
        for f in [nameField, emailField] { f.setContentHuggingPriority(.defaultLow, for: .horizontal) }
        let guestsRow = row(labels[3], [guests, guestsLabel])
        guestsRow.setCustomSpacing(16, after: guests)
        let submitRow = row(nil, [submit, UIView()])
        let statusRow = row(nil, [status], alignment: .top)
        let column = UIStackView(arrangedSubviews: [
            row(labels[0], [nameField]), row(labels[1], [emailField]), guestsRow,
            row(labels[2], [datePicker, UIView()], alignment: .top, labelHeight: 44), submitRow, statusRow,
        ])
        column.axis = .vertical
        column.alignment = .fill
        column.spacing = 12
        column.setCustomSpacing(20, after: column.arrangedSubviews[3])   // the picker's focus ring clears Submit
        let scrolling = ScrollingContent(column)
        scrolling.maximumContentWidth = 430
        scrolling.centresContent = false
        scrolling.insets = UIEdgeInsets(top: 20, left: 30, bottom: 24, right: 30)
        root.addSubview(scrolling)
        root.onLayout = { b in scrolling.frame = b }
    }

    /// Return in the name field moves to the email field; in the email field it submits.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if textField === nameField {
            root.window?.setFocusedView(emailField)
        } else {
            submitTapped()
        }
        return true
    }

    private func submitTapped() {
        var errors: [String] = []
        let name = (nameField.text ?? "").trimmingCharacters(in: .whitespaces)
        if name.isEmpty { errors.append("Please enter your name.") }
        let email = emailField.text ?? ""
        let parts = email.split(separator: "@")
        if parts.count != 2 || !parts[1].contains(".") { errors.append("Please enter an email like you@example.com.") }
        if errors.isEmpty {
            // iOS's accessible green on white (systemGreen itself is 2.2:1 there).
            status.textColor = UIColor(light: UIColor(rgb: 0x248A3D), dark: .systemGreen)
            status.text = "Booked for \(name), \(String(format: "%.0f", guests.value)) guest(s). ✓"
        } else {
            status.textColor = .systemRed
            status.text = errors.joined(separator: "\n")
        }
    }
}
