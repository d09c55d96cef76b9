import Foundation

/// Text storage operations. The text is a Swift `String`, so grapheme clusters (emoji with
/// modifiers, ZWJ sequences, flags, combining sequences) are what `Character` gives; offsets
/// are UTF-16 units (the API's `NSRange` unit) and the selection ends always sit on
/// grapheme boundaries. Every user edit goes through ``replaceFromUser(_:with:)``, which
/// asks the delegate, applies the length limit and sends editingChanged.
extension UITextField {
    /// How far a deletion or caret move goes.
    enum TextUnit {
        /// One grapheme cluster.
        case grapheme
        /// To the start of the previous word / the end of the next word.
        case word
        /// To the start / end of the text.
        case all
    }

    /// The bullet drawn for each grapheme cluster of secure text.
    static let secureBullet: Character = "\u{2022}"

    // MARK: Setting from code (sends nothing)

    func setTextFromCode(_ newText: String) {
        let clean = UITextField.fitting(UITextField.sanitized(newText), room: UITextField.maximumTextLength)
        storedMarkedText = nil
        guard clean != storage else {
            contentDidChange()
            return
        }
        storage = clean
        // As UIKit: the caret goes to the end of the new text.
        let end = storage.utf16.count
        selectionAnchor = end
        selectionFocus = end
        contentDidChange()
    }

    func setSelectedRangeFromCode(_ range: NSRange) {
        let r = clampedRange(range)
        storedMarkedText = nil
        selectionAnchor = r.location
        selectionFocus = r.location + r.length
        contentDidChange()
    }

    /// Marks what is drawn as text changed: layout, caches, the caret's blink.
    func contentDidChange() {
        contentVersion &+= 1
        invalidateIntrinsicContentSize()   // the natural width follows the text
        selectionDidChange()
    }

    /// Marks the selection (or caret) moved: layout, and the caret shows again at once.
    func selectionDidChange() {
        restartCaretBlink()
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: Editing sessions

    func beginEditingSession() {
        isEditing = true
        var cleared = false
        if clearsOnBeginEditing, !storage.isEmpty, delegate?.textFieldShouldClear(self) ?? true {
            storedMarkedText = nil
            setTextFromCode("")
            cleared = true
        }
        // Keyboard focus (Tab) selects everything, as desktop fields do; otherwise the caret
        // goes to the end (a click moves it right after this).
        let end = storage.utf16.count
        selectionAnchor = window?.focusedView === self ? 0 : end
        selectionFocus = end
        contentDidChange()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        if cleared, isEditing { sendActions(for: .editingChanged) }
    }

    func endEditingSession() {
        isEditing = false
        storedMarkedText = nil
        resetTextTracking()
        contentDidChange()
        caretBlinkTimer?.invalidate()
        caretBlinkTimer = nil
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
    }

    // MARK: User edits

    /// Replaces `range` (UTF-16, clamped to grapheme boundaries) with `string` as a user
    /// edit: sanitizes and length-limits the string, asks the delegate, applies it, puts the
    /// caret after it and sends editingChanged. Returns whether the text changed.
    @discardableResult
    func replaceFromUser(_ range: NSRange, with string: String, askDelegate: Bool = true) -> Bool {
        guard isEnabled else { return false }
        var r = clampedRange(range)
        let room = UITextField.maximumTextLength - (storage.utf16.count - r.length)
        let insert = UITextField.fitting(UITextField.sanitized(string), room: room)
        guard r.length > 0 || !insert.isEmpty else { return false }
        if askDelegate, let delegate {
            let before = contentVersion
            guard delegate.textField(self, shouldChangeCharactersIn: r, replacementString: insert) else { return false }
            // A delegate that changed the text itself and still said yes: keep the range sane.
            if contentVersion != before { r = clampedRange(r) }
        }
        let lo = UITextField.index(r.location, in: storage)
        let hi = UITextField.index(r.location + r.length, in: storage)
        storage.replaceSubrange(lo..<hi, with: insert)
        // The inserted text may join the grapheme after it (a regional indicator before
        // another): the caret goes to the next boundary then.
        let caret = UITextField.roundedUp(r.location + insert.utf16.count, in: storage)
        selectionAnchor = caret
        selectionFocus = caret
        contentDidChange()
        sendActions(for: .editingChanged)
        return true
    }

    func insertTextFromUser(_ text: String) {
        guard isEnabled else { return }
        if text == "\n" || text == "\r" || text == "\r\n" {
            performReturn()
            return
        }
        storedMarkedText = nil
        if !replaceFromUser(selectedRange, with: text) {
            contentDidChange()   // the composition (if any) still went away
        }
    }

    /// Backspace (forward: false) or Delete: the selection if there is one, else `unit`
    /// before or after the caret.
    func deleteFromUser(forward: Bool, unit: TextUnit) {
        guard isEnabled else { return }
        if storedMarkedText != nil {
            storedMarkedText = nil
            contentDidChange()
        }
        var range = selectedRange
        if range.length == 0 {
            let caret = selectionFocus
            let other = forward ? position(after: caret, by: unit) : position(before: caret, by: unit)
            range = NSRange(location: min(caret, other), length: abs(caret - other))
        }
        guard range.length > 0 else { return }
        replaceFromUser(range, with: "")
    }

    /// Return: only while editing (a stray "\n" inserted into an idle field does nothing).
    func performReturn() {
        guard isEnabled, isEditing else { return }
        if let delegate, !delegate.textFieldShouldReturn(self) { return }
        sendActions(for: .editingDidEndOnExit)   // primaryActionTriggered follows (rule B11)
        _ = resignFirstResponder()                // editingDidEnd (rule D8)
    }

    func setComposition(_ text: String?, cursor: NSRange) {
        guard isEnabled else { return }
        let clean = text.map { UITextField.sanitized($0) } ?? ""
        if clean.isEmpty {
            guard storedMarkedText != nil else { return }
            storedMarkedText = nil
        } else {
            storedMarkedText = clean
            let n = clean.utf16.count
            let loc = cursor.location == NSNotFound ? n : min(max(0, cursor.location), n)
            markedSelection = NSRange(location: loc, length: min(max(0, cursor.length), n - loc))
        }
        contentDidChange()
    }

    func copySelection() {
        guard !isSecureTextEntry, let text = selectedText, !text.isEmpty else { return }
        UIPasteboard.general.string = text
    }

    func cutSelection() {
        guard isEnabled, !isSecureTextEntry, let text = selectedText, !text.isEmpty else { return }
        UIPasteboard.general.string = text
        replaceFromUser(selectedRange, with: "")
    }

    func pasteFromPasteboard() {
        guard isEnabled, let text = UIPasteboard.general.string, !text.isEmpty else { return }
        storedMarkedText = nil
        replaceFromUser(selectedRange, with: text)
    }

    func selectAllText() {
        storedMarkedText = nil
        setSelection(anchor: 0, focus: storage.utf16.count)
    }

    /// The clear button: asks `textFieldShouldClear`, begins editing if needed (a field that
    /// may not begin editing keeps its text: a user edit happens inside an editing session,
    /// rule D8), empties the field and sends editingChanged.
    func clearFromButton() {
        guard isEnabled, !storage.isEmpty else { return }
        if let delegate, !delegate.textFieldShouldClear(self) { return }
        if !isEditing, !becomeFirstResponder() { return }
        storedMarkedText = nil
        replaceFromUser(NSRange(location: 0, length: storage.utf16.count), with: "", askDelegate: false)
    }

    /// The selected text, nil when nothing is selected.
    var selectedText: String? {
        let r = selectedRange
        guard r.length > 0 else { return nil }
        return String(storage[UITextField.index(r.location, in: storage)..<UITextField.index(r.location + r.length, in: storage)])
    }

    // MARK: Selection

    /// Sets the selection (both ends snapped to grapheme boundaries), redraws, resets the blink.
    func setSelection(anchor: Int, focus: Int) {
        selectionAnchor = UITextField.roundedDown(anchor, in: storage)
        selectionFocus = UITextField.roundedDown(focus, in: storage)
        selectionDidChange()
    }

    /// A range clamped to the text and widened to whole grapheme clusters.
    func clampedRange(_ range: NSRange) -> NSRange {
        let n = storage.utf16.count
        let loc = range.location == NSNotFound ? 0 : min(max(0, range.location), n)
        let len = min(max(0, range.length), n - loc)
        let lo = UITextField.roundedDown(loc, in: storage)
        let hi = UITextField.roundedUp(loc + len, in: storage)
        return NSRange(location: lo, length: hi - lo)
    }

    /// The boundary `unit` before `offset`. A secure field has no words (moving by one would
    /// show where the hidden text has spaces): a word is the whole text, as on macOS and iOS.
    func position(before offset: Int, by unit: TextUnit) -> Int {
        switch unit == .word && isSecureTextEntry ? .all : unit {
        case .grapheme: return UITextField.boundary(before: offset, in: storage)
        case .word: return UITextField.wordStart(before: offset, in: storage)
        case .all: return 0
        }
    }

    /// The boundary `unit` after `offset` (a secure field's word is its whole text).
    func position(after offset: Int, by unit: TextUnit) -> Int {
        switch unit == .word && isSecureTextEntry ? .all : unit {
        case .grapheme: return UITextField.boundary(after: offset, in: storage)
        case .word: return UITextField.wordEnd(after: offset, in: storage)
        case .all: return storage.utf16.count
        }
    }

    // MARK: Grapheme boundaries (UTF-16 offsets into any string)

    /// The index of UTF-16 offset `offset` (clamped to the string).
    static func index(_ offset: Int, in s: String) -> String.Index {
        let n = s.utf16.count
        return String.Index(utf16Offset: min(max(0, offset), n), in: s)
    }

    /// The UTF-16 offset of an index.
    static func offset(_ i: String.Index, in s: String) -> Int {
        i.utf16Offset(in: s)
    }

    /// `offset` moved down to the start of the grapheme cluster it falls in.
    static func roundedDown(_ offset: Int, in s: String) -> Int {
        let n = s.utf16.count
        guard offset > 0 else { return 0 }
        guard offset < n else { return n }
        let i = index(offset, in: s)
        if i.samePosition(in: s) != nil, i.utf16Offset(in: s) == offset { return offset }
        // String rounds a misaligned index down to its cluster's start when stepping, so the
        // cluster's end is index(after:), and its start one step back from there.
        let end = s.index(after: i)
        return s.index(before: end).utf16Offset(in: s)
    }

    /// `offset` moved up to the end of the grapheme cluster it falls in.
    static func roundedUp(_ offset: Int, in s: String) -> Int {
        let n = s.utf16.count
        guard offset > 0 else { return 0 }
        guard offset < n else { return n }
        let i = index(offset, in: s)
        if i.samePosition(in: s) != nil, i.utf16Offset(in: s) == offset { return offset }
        return s.index(after: i).utf16Offset(in: s)
    }

    /// The grapheme boundary after `offset` (the end when at the end).
    static func boundary(after offset: Int, in s: String) -> Int {
        let o = roundedDown(offset, in: s)
        guard o < s.utf16.count else { return s.utf16.count }
        return s.index(after: index(o, in: s)).utf16Offset(in: s)
    }

    /// The grapheme boundary before `offset` (0 when at the start).
    static func boundary(before offset: Int, in s: String) -> Int {
        let o = roundedUp(offset, in: s)
        guard o > 0 else { return 0 }
        return s.index(before: index(o, in: s)).utf16Offset(in: s)
    }

    /// The number of grapheme clusters before `offset`.
    static func graphemeCount(upTo offset: Int, in s: String) -> Int {
        s[..<index(roundedDown(offset, in: s), in: s)].count
    }

    /// The offset after the first `count` grapheme clusters.
    static func offset(ofGrapheme count: Int, in s: String) -> Int {
        let i = s.index(s.startIndex, offsetBy: max(0, count), limitedBy: s.endIndex) ?? s.endIndex
        return i.utf16Offset(in: s)
    }

    // MARK: Words

    /// Letters, digits and the underscore make words; everything else separates them.
    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_"
    }

    /// Whether the character at `i` belongs to a word: a letter, digit or underscore, or what
    /// Unicode's word breaking (UAX #29, as NSString and ICU) keeps inside one: an apostrophe
    /// or a period between letters ("don't"), a period, comma or apostrophe between digits
    /// ("3.14", "1,000").
    static func isWordPart(_ s: String, _ i: String.Index) -> Bool {
        let c = s[i]
        if isWordCharacter(c) { return true }
        guard i > s.startIndex else { return false }
        let next = s.index(after: i)
        guard next < s.endIndex else { return false }
        let before = s[s.index(before: i)], after = s[next]
        switch c {
        case "'", "\u{2019}", ".":
            return (before.isLetter && after.isLetter) || (before.isNumber && after.isNumber)
        case ",":
            return before.isNumber && after.isNumber
        default:
            return false
        }
    }

    /// The start of the word before `offset`: back over separators, then over the word.
    static func wordStart(before offset: Int, in s: String) -> Int {
        var i = index(roundedDown(offset, in: s), in: s)
        while i > s.startIndex, !isWordPart(s, s.index(before: i)) { i = s.index(before: i) }
        while i > s.startIndex, isWordPart(s, s.index(before: i)) { i = s.index(before: i) }
        return i.utf16Offset(in: s)
    }

    /// The end of the word after `offset`: forward over separators, then over the word
    /// (as GTK and macOS; Windows stops at the next word's start instead).
    static func wordEnd(after offset: Int, in s: String) -> Int {
        var i = index(roundedUp(offset, in: s), in: s)
        while i < s.endIndex, !isWordPart(s, i) { i = s.index(after: i) }
        while i < s.endIndex, isWordPart(s, i) { i = s.index(after: i) }
        return i.utf16Offset(in: s)
    }

    /// What a double click at `offset` selects: the word there, or in a secure field the
    /// whole text (its words are hidden).
    func wordRange(at offset: Int) -> NSRange {
        isSecureTextEntry ? NSRange(location: 0, length: storage.utf16.count) : UITextField.wordRange(at: offset, in: storage)
    }

    /// The word, run of spaces or single other character at `offset` (what a double click
    /// selects). At the end of the text it is the one before.
    static func wordRange(at offset: Int, in s: String) -> NSRange {
        guard !s.isEmpty else { return NSRange(location: 0, length: 0) }
        var i = index(roundedDown(offset, in: s), in: s)
        if i == s.endIndex { i = s.index(before: i) }
        func kind(_ j: String.Index) -> Int { isWordPart(s, j) ? 0 : (s[j].isWhitespace ? 1 : 2) }
        let k = kind(i)
        var lo = i, hi = s.index(after: i)
        if k != 2 {
            while lo > s.startIndex, kind(s.index(before: lo)) == k { lo = s.index(before: lo) }
            while hi < s.endIndex, kind(hi) == k { hi = s.index(after: hi) }
        }
        let a = lo.utf16Offset(in: s), b = hi.utf16Offset(in: s)
        return NSRange(location: a, length: b - a)
    }

    // MARK: Sanitizing

    /// One line of text: CR LF, CR, LF, tab, and the Unicode line and paragraph separators
    /// become a space; other C0 controls and DEL are dropped.
    static func sanitized(_ s: String) -> String {
        func special(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || u.value == 0x7F || u.value == 0x85 || u.value == 0x2028 || u.value == 0x2029 }
        guard s.unicodeScalars.contains(where: special) else { return s }
        var out = String.UnicodeScalarView()
        var afterCR = false
        for u in s.unicodeScalars {
            defer { afterCR = u.value == 0x0D }
            switch u.value {
            case 0x0A where afterCR: continue
            case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029: out.append(" ")
            case 0x00..<0x20, 0x7F: continue
            default: out.append(u)
            }
        }
        return String(out)
    }

    /// The longest prefix of whole grapheme clusters of `s` within `room` UTF-16 units.
    static func fitting(_ s: String, room: Int) -> String {
        if s.utf16.count <= room { return s }
        guard room > 0 else { return "" }
        var used = 0
        var end = s.startIndex
        while end < s.endIndex {
            let next = s.index(after: end)
            let n = s.utf16.distance(from: end, to: next)
            if used + n > room { break }
            used += n
            end = next
        }
        return String(s[..<end])
    }
}
