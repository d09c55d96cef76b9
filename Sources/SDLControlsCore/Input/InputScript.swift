import Foundation

/// A timed list of input events in a small line-based text format, for replaying a session
/// (UI tests of a game, demos) and recording one. The SDL host replays a script by pushing
/// real SDL events into the loop (`InputScriptPlayer`) and records one from live events
/// (`InputScriptRecorder`).
///
/// One event per line: a frame number, a device and its arguments. Blank lines and lines
/// starting with `#` are ignored. Coordinates are window points.
///
/// ```text
/// # SDLControls input script 1
/// 10 mouse down 120 40        # left button down at (120, 40)
/// 12 mouse move 130 40
/// 14 mouse up 130 40
/// 20 finger down 1 200 300    # finger id 1
/// 21 finger move 1 210 300
/// 22 finger up 1 210 300
/// 30 key down Tab shift       # SDL key name, then modifiers: shift ctrl alt gui
/// 31 key up Tab
/// 40 text "héllo \"quoted\""  # committed text (\" \\ \n \r \t \u{hex} escapes)
/// 41 compose "にほ" 2          # IME composition text and cursor
/// 50 focus lost               # or: focus gained
/// 60 resize 800 600
/// 64 pad down dpadDown         # game controller button (UIGameControllerInput.Button names)
/// 65 pad up dpadDown
/// 66 pad axis leftX 0.8 1      # an axis to a value (-1…1), on controller 1 (default 0)
/// 67 pad add playStation 1     # a controller of a kind plugged in as controller 1
/// 68 pad remove 1              # and unplugged
/// 70 quit
/// ```
///
/// Frames count from 0 at the start of replay; lines must be in non-decreasing frame order.
/// Lines end with LF, CRLF or CR. A malformed line stops parsing with ``InputScriptError``
/// naming the line and the problem; the error quotes at most ``maximumEchoLength``
/// characters of the offending text.
///
/// Limits **(project choice)**, checked by the parser: frames are 0…``maximumFrame``;
/// coordinates are finite and within ±``UIView/maximumCoordinate`` points; a composition
/// cursor is a whole number 0…2,147,483,647 (what SDL carries); a resize is 1…16384 points per side.
public struct InputScript: Hashable, Sendable {
    /// The first line of a recorded script.
    public static let header = "# SDLControls input script 1"

    /// The largest frame number a script may use: 1,000,000 frames, about 4.6 hours at
    /// 60 frames per second **(project choice)**. It keeps `lastFrame + 2` (the launcher's
    /// default run length) far from overflow, and a typo'd frame from running for days.
    public static let maximumFrame = 1_000_000

    /// The most characters of an offending token an error message quotes; longer ones are
    /// cut with "…" (a 5 MB token is not echoed whole).
    public static let maximumEchoLength = 40

    /// One scripted event.
    public enum Event: Hashable, Sendable {
        /// The left mouse button or the mouse moving while it is down.
        case mouse(Phase, CGPoint)
        /// A finger with an id.
        case finger(Phase, id: Int64, CGPoint)
        /// A key, by SDL key name ("Tab", "Return", "A", "Left"), with modifiers.
        case key(down: Bool, name: String, modifiers: UIKeyModifierFlags)
        /// Committed text.
        case text(String)
        /// IME composition text with its cursor position.
        case compose(String, cursor: Int)
        /// The window gained or lost focus.
        case focus(gained: Bool)
        /// The window was resized (points).
        case resize(CGSize)
        /// Game controller input (a button or an axis) on a controller.
        case controller(UIGameControllerInput.Kind, controller: Int)
        /// A controller of a kind plugged in, known to the script's later `pad` lines by
        /// `controller`. The SDL player attaches a virtual controller that SDL reports as that
        /// kind (`pad add xbox 1`).
        case controllerAdded(UIGameControllerType, controller: Int)
        /// The controller the script added as `controller` unplugged (`pad remove 1`).
        case controllerRemoved(controller: Int)
        /// Quit.
        case quit
    }

    /// Down, move or up.
    public enum Phase: String, Hashable, Sendable {
        /// Pressed.
        case down
        /// Moved while pressed.
        case move
        /// Released.
        case up
    }

    /// An event at a frame.
    public struct Entry: Hashable, Sendable {
        /// The frame (0-based) in which the event is delivered.
        public var frame: Int
        /// The event.
        public var event: Event
        /// Creates an entry.
        public init(frame: Int, event: Event) {
            self.frame = frame
            self.event = event
        }
    }

    /// The events in frame order.
    public var entries: [Entry]

    /// Creates a script.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The last frame with an event (-1 when empty).
    public var lastFrame: Int { entries.last?.frame ?? -1 }

    /// Parses the text format. A leading byte-order mark is skipped. `isKeyName`, when given,
    /// says which key names exist (with SDL: `InputScriptPlayer.isKeyName`): a key line naming
    /// another stops the parse with its line number, as any malformed line does.
    public init(parsing text: String, isKeyName: ((String) -> Bool)? = nil) throws {
        var entries: [Entry] = []
        var lineNumber = 0
        let text = text.first == "\u{FEFF}" ? String(text.dropFirst()) : text
        for rawLine in InputScript.lines(of: text) {
            lineNumber += 1
            if let entry = try InputScript.entry(parsing: rawLine, line: lineNumber, after: entries.last?.frame, isKeyName: isKeyName) {
                entries.append(entry)
            }
        }
        self.entries = entries
    }

    /// The entry one line of the text format holds: nil for a blank or comment line. The one
    /// parser of a line, for whole scripts and for ``InputScriptStream``. `previousFrame` is the
    /// frame of the entry before (frames never go back).
    static func entry(parsing rawLine: Substring, line lineNumber: Int, after previousFrame: Int?,
                      isKeyName: ((String) -> Bool)?) throws -> Entry? {
        let tokens: [String]
        do {
            tokens = try InputScript.tokenize(rawLine)
        } catch let message as ScriptMessage {
            throw InputScriptError(line: lineNumber, message: message.text)
        }
        guard !tokens.isEmpty else { return nil }
        func fail(_ m: String) -> InputScriptError { InputScriptError(line: lineNumber, message: m) }
        let echo = InputScript.echo
        guard let frame = Int(tokens[0]), frame >= 0 else {
            let digits = !tokens[0].isEmpty && tokens[0].utf8.allSatisfy { (0x30...0x39).contains($0) }
            if digits { throw fail("frame \(echo(tokens[0])) is over the limit of \(InputScript.maximumFrame)") }
            throw fail("expected a frame number, found \(echo(tokens[0]))")
        }
        guard frame <= InputScript.maximumFrame else { throw fail("frame \(frame) is over the limit of \(InputScript.maximumFrame)") }
        if let last = previousFrame, frame < last { throw fail("frame \(frame) comes before frame \(last)") }
        guard tokens.count >= 2 else { throw fail("missing device after the frame number") }
        let args = Array(tokens.dropFirst(2))
        func number(_ i: Int, _ what: String) throws -> CGFloat {
            guard i < args.count else { throw fail("missing \(what)") }
            guard let v = Double(args[i]), v.isFinite else { throw fail("\(what) must be a finite number, found \(echo(args[i]))") }
            guard abs(v) <= Double(UIView.maximumCoordinate) else {
                throw fail("\(what) \(echo(args[i])) is beyond ±\(Int(UIView.maximumCoordinate))")
            }
            return CGFloat(v)
        }
        func phase(_ i: Int) throws -> Phase {
            guard i < args.count, let p = Phase(rawValue: args[i]) else { throw fail("expected down, move or up") }
            return p
        }
        func count(_ n: Int) throws {
            if args.count > n { throw fail("unexpected \(echo(args[n]))") }
        }
        let event: Event
        switch tokens[1] {
        case "mouse":
            let p = try phase(0)
            event = .mouse(p, CGPoint(x: try number(1, "x"), y: try number(2, "y")))
            try count(3)
        case "finger":
            let p = try phase(0)
            guard args.count > 1, let id = Int64(args[1]) else { throw fail("missing finger id") }
            event = .finger(p, id: id, CGPoint(x: try number(2, "x"), y: try number(3, "y")))
            try count(4)
        case "key":
            guard let dir = args.first, dir == "down" || dir == "up" else { throw fail("expected key down or key up") }
            guard args.count > 1, !args[1].isEmpty else { throw fail("missing key name") }
            if let isKeyName, !isKeyName(args[1]) { throw fail("unknown key name \(echo(args[1]))") }
            var mods: UIKeyModifierFlags = []
            for m in args.dropFirst(2) {
                switch m {
                case "shift": mods.insert(.shift)
                case "ctrl": mods.insert(.control)
                case "alt": mods.insert(.alternate)
                case "gui": mods.insert(.command)
                default: throw fail("unknown modifier \(echo(m)) (shift, ctrl, alt, gui)")
                }
            }
            event = .key(down: dir == "down", name: args[1], modifiers: mods)
        case "text":
            guard args.count == 1 else { throw fail("text takes one quoted string") }
            event = .text(args[0])
        case "compose":
            guard !args.isEmpty else { throw fail("compose takes a quoted string and a cursor") }
            var cursor = 0
            if args.count > 1 {
                guard let c = Int(args[1]), c >= 0, c <= Int(Int32.max) else {
                    throw fail("cursor must be a whole number 0…\(Int32.max), found \(echo(args[1]))")
                }
                cursor = c
            }
            event = .compose(args[0], cursor: cursor)
            try count(2)
        case "focus":
            guard args.count == 1, args[0] == "lost" || args[0] == "gained" else { throw fail("expected focus lost or focus gained") }
            event = .focus(gained: args[0] == "gained")
        case "resize":
            let w = try number(0, "width"), h = try number(1, "height")
            guard w >= 1, h >= 1, w <= 16384, h <= 16384 else { throw fail("size must be 1…16384") }
            event = .resize(CGSize(width: w, height: h))
            try count(2)
        case "pad":
            guard let action = args.first, ["down", "up", "axis", "add", "remove"].contains(action) else {
                throw fail("expected pad down, pad up, pad axis, pad add or pad remove")
            }
            func controllerNumber(_ i: Int) throws -> Int {
                guard args.count > i else { return 0 }
                guard let id = Int(args[i]), id >= 0, id <= Int(Int32.max) else { throw fail("controller must be a number 0…\(Int32.max)") }
                return id
            }
            if action == "remove" {
                event = .controllerRemoved(controller: try controllerNumber(1))
                try count(2)
                return Entry(frame: frame, event: event)
            }
            guard args.count > 1 else { throw fail("missing \(action == "axis" ? "axis" : action == "add" ? "controller kind" : "button") name") }
            if action == "add" {
                guard let type = UIGameControllerType.allCases.first(where: { $0.rawValue.lowercased() == args[1].lowercased() }) else {
                    throw fail("unknown controller kind \(echo(args[1])) (\(UIGameControllerType.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                event = .controllerAdded(type, controller: try controllerNumber(2))
                try count(3)
                return Entry(frame: frame, event: event)
            }
            let kind: UIGameControllerInput.Kind
            var next = 2
            if action == "axis" {
                guard let axis = UIGameControllerInput.Axis.allCases.first(where: { "\($0)".lowercased() == args[1].lowercased() }) else {
                    throw fail("unknown axis \(echo(args[1])) (\(UIGameControllerInput.Axis.allCases.map { "\($0)" }.joined(separator: ", ")))")
                }
                let value = try number(2, "axis value")
                guard value >= -1, value <= 1 else { throw fail("axis value must be -1…1") }
                kind = .axisMoved(axis, value: Double(value))
                next = 3
            } else {
                guard let button = UIGameControllerInput.Button.allCases.first(where: { "\($0)".lowercased() == args[1].lowercased() }) else {
                    throw fail("unknown button \(echo(args[1])) (\(UIGameControllerInput.Button.allCases.map { "\($0)" }.joined(separator: ", ")))")
                }
                kind = action == "down" ? .buttonDown(button) : .buttonUp(button)
            }
            let controller = try controllerNumber(next)
            try count(next + 1)
            event = .controller(kind, controller: controller)
        case "quit":
            try count(0)
            event = .quit
        default:
            throw fail("unknown device \(echo(tokens[1])) (mouse, finger, key, text, compose, focus, resize, pad, quit)")
        }
        return Entry(frame: frame, event: event)
    }

    /// The script in the text format (what ``init(parsing:isKeyName:)`` reads back).
    public var text: String {
        var out = InputScript.header + "\n"
        for e in entries { out += "\(e.frame) \(InputScript.format(e.event))\n" }
        return out
    }

    static func format(_ event: Event) -> String {
        // What the parser reads back: finite, within ±maximumCoordinate (a script built in
        // code may hold anything; infinities are clamped and NaN written as 0).
        func n(_ v: CGFloat) -> String {
            let c = v.isNaN ? 0 : min(max(v, -UIView.maximumCoordinate), UIView.maximumCoordinate)
            return c == c.rounded() ? String(Int(c)) : String(format: "%.2f", Double(c))
        }
        switch event {
        case .mouse(let p, let pt): return "mouse \(p.rawValue) \(n(pt.x)) \(n(pt.y))"
        case .finger(let p, let id, let pt): return "finger \(p.rawValue) \(id) \(n(pt.x)) \(n(pt.y))"
        case .key(let down, let name, let mods):
            // Names with spaces ("Left Shift", "Keypad Enter") are quoted.
            let plain = !name.isEmpty && name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != "#" && $0 != "\"" && $0 != "\\" }
            var s = "key \(down ? "down" : "up") \(plain ? name : quote(name))"
            if mods.contains(.shift) { s += " shift" }
            if mods.contains(.control) { s += " ctrl" }
            if mods.contains(.alternate) { s += " alt" }
            if mods.contains(.command) { s += " gui" }
            return s
        case .text(let t): return "text \(quote(t))"
        case .compose(let t, let c): return "compose \(quote(t)) \(min(max(c, 0), Int(Int32.max)))"
        case .focus(let gained): return "focus \(gained ? "gained" : "lost")"
        case .resize(let s):
            func side(_ v: CGFloat) -> String { n(v.isNaN ? 1 : min(max(v, 1), 16384)) }
            return "resize \(side(s.width)) \(side(s.height))"
        case .controller(let kind, let controller):
            let id = controller == 0 ? "" : " \(controller)"
            switch kind {
            case .buttonDown(let b): return "pad down \(b)\(id)"
            case .buttonUp(let b): return "pad up \(b)\(id)"
            case .axisMoved(let a, let v): return "pad axis \(a) \(String(format: "%.3f", v))\(id)"
            }
        case .controllerAdded(let type, let controller):
            return "pad add \(type.rawValue)" + (controller == 0 ? "" : " \(min(max(controller, 0), Int(Int32.max)))")
        case .controllerRemoved(let controller):
            return "pad remove" + (controller == 0 ? "" : " \(min(max(controller, 0), Int(Int32.max)))")
        case .quit: return "quit"
        }
    }

    /// A quoted string the tokenizer reads back exactly: quotes, backslashes and every
    /// control or line-breaking character are escaped (`\n`, `\r`, `\t`, `\u{…}`), so
    /// recorded text never splits a line.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                    out += "\\u{" + String(v, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `token` quoted for an error message, cut to ``maximumEchoLength`` characters, with
    /// control and reordering characters shown as escapes (`\u{1B}`), so a script can't
    /// act on the terminal that prints its error.
    static func echo(_ token: String) -> String {
        // utf8.count is O(1): a megabyte token is not walked to find out it is long.
        guard token.utf8.count > maximumEchoLength else { return "\"" + token.escapedForMessage + "\"" }
        let head = token.prefix(maximumEchoLength)
        guard head.endIndex < token.endIndex else { return "\"" + token.escapedForMessage + "\"" }
        return "\"" + String(head).escapedForMessage + "…\" (\(token.utf8.count) bytes)"
    }

    /// The lines of `text`: ends are LF, CRLF or CR. By Unicode scalar (in Swift "\r\n" is
    /// one Character), so a megabyte line splits without grapheme breaking.
    static func lines(of text: String) -> [Substring] {
        let u = text.unicodeScalars
        var lines: [Substring] = []
        var start = u.startIndex
        var i = u.startIndex
        while i < u.endIndex {
            let c = u[i]
            if c == "\n" || c == "\r" {
                lines.append(Substring(u[start..<i]))
                i = u.index(after: i)
                if c == "\r", i < u.endIndex, u[i] == "\n" { i = u.index(after: i) }
                start = i
            } else {
                i = u.index(after: i)
            }
        }
        lines.append(Substring(u[start..<u.endIndex]))
        return lines
    }

    private struct ScriptMessage: Error { let text: String }

    /// Splits a line into words and quoted strings; drops a trailing `# comment`.
    private static func tokenize(_ text: Substring) throws -> [String] {
        // By Unicode scalar, not Character: a megabyte token splits without grapheme breaking.
        let line = text.unicodeScalars
        var tokens: [String] = []
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            if c == " " || c == "\t" || c == "\r" { i = line.index(after: i); continue }
            if c == "#" { break }
            if c == "\"" {
                var s = String.UnicodeScalarView()
                i = line.index(after: i)
                var closed = false
                while i < line.endIndex {
                    let d = line[i]
                    if d == "\\" {
                        i = line.index(after: i)
                        guard i < line.endIndex else { break }
                        switch line[i] {
                        case "n": s.append("\n")
                        case "r": s.append("\r")
                        case "t": s.append("\t")
                        case "\"": s.append("\"")
                        case "\\": s.append("\\")
                        case "u":
                            // \u{hex}: one Unicode scalar, 1 to 6 hex digits.
                            var j = line.index(after: i)
                            guard j < line.endIndex, line[j] == "{" else { throw ScriptMessage(text: "expected \\u{hex} in a string") }
                            j = line.index(after: j)
                            var hex = ""
                            while j < line.endIndex, line[j] != "}", hex.unicodeScalars.count <= 6 {
                                hex.unicodeScalars.append(line[j])
                                j = line.index(after: j)
                            }
                            guard j < line.endIndex, line[j] == "}", (1...6).contains(hex.unicodeScalars.count),
                                  let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else {
                                throw ScriptMessage(text: "bad \\u{hex} escape in a string")
                            }
                            s.append(scalar)
                            i = j
                        default: throw ScriptMessage(text: "unknown escape \\\(String(Character(line[i])).escapedForMessage) in a string")
                        }
                    } else if d == "\"" {
                        closed = true
                        i = line.index(after: i)
                        break
                    } else {
                        s.append(d)
                    }
                    i = line.index(after: i)
                }
                guard closed else { throw ScriptMessage(text: "unterminated string") }
                tokens.append(String(s))
                continue
            }
            var word = String.UnicodeScalarView()
            while i < line.endIndex, line[i] != " ", line[i] != "\t", line[i] != "\r" {
                word.append(line[i])
                i = line.index(after: i)
            }
            tokens.append(String(word))
        }
        return tokens
    }
}

/// A script line that could not be read.
public struct InputScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// What was wrong.
    public var message: String
    /// "line N: message".
    public var description: String { "line \(line): \(message)" }

    /// An error at a line (for readers of script files: bytes that aren't text, say).
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}
