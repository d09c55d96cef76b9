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
            root.addSubview(f)
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
        root.addSubview(datePicker)
        guests.minimumValue = 1
        guests.maximumValue = 8
        guests.value = 2
        guests.accessibilityLabel = "Guests"
        guests.addAction(UIAction(title: "guests") { [weak self] _ in
            guard let self else { return }
            guestsLabel.text = String(format: "%.0f", guests.value)   // any Double, no Int(…) trap
        }, for: .valueChanged)
        root.addSubview(guests)
        guestsLabel.text = "2"
        root.addSubview(guestsLabel)
        submit.setTitle("Submit", for: .normal)
        submit.addTarget(self, action: FormSample.submitTapped, for: .primaryActionTriggered)
        root.addSubview(submit)
        status.numberOfLines = 0
        status.font = .systemFont(ofSize: 15)
        root.addSubview(status)
        for l in labels { root.addSubview(l) }
        root.onLayout = { [weak self] b in self?.layout(b) }
    }

    /// One column, so Tab's reading order (top to bottom) is the form's order.
    private func layout(_ b: CGRect) {
        let x: CGFloat = 30, labelWidth: CGFloat = 70
        let fieldWidth = min(320, b.width - x - labelWidth - 40)
        var y: CGFloat = 20
        labels[0].frame = CGRect(x: x, y: y, width: labelWidth, height: 36)
        nameField.frame = CGRect(x: x + labelWidth, y: y, width: fieldWidth, height: 36)
        y += 48
        labels[1].frame = CGRect(x: x, y: y, width: labelWidth, height: 36)
        emailField.frame = CGRect(x: x + labelWidth, y: y, width: fieldWidth, height: 36)
        y += 48
        labels[3].frame = CGRect(x: x, y: y, width: labelWidth, height: 32)
        guests.sizeToFit()
        guests.frame.origin = CGPoint(x: x + labelWidth, y: y)
        guestsLabel.frame = CGRect(x: guests.frame.maxX + 12, y: y, width: 40, height: 32)
        y += 44
        let size = datePicker.sizeThatFits(.zero)
        labels[2].frame = CGRect(x: x, y: y, width: labelWidth, height: 36)
        datePicker.frame = CGRect(x: x + labelWidth - 16, y: y, width: size.width, height: size.height)
        y = datePicker.frame.maxY + 8
        submit.sizeToFit()
        submit.frame = CGRect(x: x + labelWidth, y: y, width: max(120, submit.frame.width), height: 40)
        status.frame = CGRect(x: submit.frame.maxX + 20, y: y - 10, width: max(0, b.width - submit.frame.maxX - 40), height: 60)
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
            status.textColor = .systemGreen
            status.text = "Booked for \(name), \(String(format: "%.0f", guests.value)) guest(s). ✓"
        } else {
            status.textColor = .systemRed
            status.text = errors.joined(separator: "\n")
        }
    }
}
