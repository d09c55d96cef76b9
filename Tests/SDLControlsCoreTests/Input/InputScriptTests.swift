import Foundation
import Testing
@testable import SDLControlsCore

/// The input-script text format (README "Input scripts, record and replay"): parsing, writing, and errors with line numbers.
struct InputScriptTests {
    @Test func parsesEveryDevice() throws {
        let script = try InputScript(parsing: """
        # SDLControls input script 1

        10 mouse down 120 40     # trailing comment
        12 mouse move 130.5 40
        14 mouse up 130 40
        20 finger down 1 200 300
        30 key down Tab shift ctrl
        31 key up "Keypad Enter"
        40 text "héllo \\"q\\" \\\\ \\n"
        41 compose "にほ" 2
        50 focus lost
        51 focus gained
        60 resize 800 600
        70 quit
        """)
        #expect(script.entries.count == 12)
        #expect(script.entries[0] == .init(frame: 10, event: .mouse(.down, CGPoint(x: 120, y: 40))))
        #expect(script.entries[1].event == .mouse(.move, CGPoint(x: 130.5, y: 40)))
        #expect(script.entries[3].event == .finger(.down, id: 1, CGPoint(x: 200, y: 300)))
        #expect(script.entries[4].event == .key(down: true, name: "Tab", modifiers: [.shift, .control]))
        #expect(script.entries[5].event == .key(down: false, name: "Keypad Enter", modifiers: []))
        #expect(script.entries[6].event == .text("héllo \"q\" \\ \n"))
        #expect(script.entries[7].event == .compose("にほ", cursor: 2))
        #expect(script.entries[8].event == .focus(gained: false))
        #expect(script.entries[10].event == .resize(CGSize(width: 800, height: 600)))
        #expect(script.entries[11].event == .quit)
        #expect(script.lastFrame == 70)
    }

    /// A file saved with a byte-order mark parses as without one; a key-name check, when
    /// given, stops at the line of a key it doesn't know.
    @Test func aByteOrderMarkIsSkippedAndUnknownKeyNamesStopAtTheirLine() throws {
        let plain = try InputScript(parsing: "# s\n3 key down Tab\n")
        #expect(try InputScript(parsing: "\u{FEFF}# s\n3 key down Tab\n") == plain)
        let known: (String) -> Bool = { $0 == "Tab" }
        #expect(try InputScript(parsing: "3 key down Tab\n", isKeyName: known) == plain)
        #expect(throws: InputScriptError(line: 2, message: "unknown key name \"Tabb\"")) {
            try InputScript(parsing: "3 key down Tab\n4 key down Tabb\n", isKeyName: known)
        }
        #expect(try InputScript(parsing: "4 key down Tabb\n").entries.count == 1, "without a check, any name")
    }

    @Test func writtenTextParsesBackToTheSameScript() throws {
        let original = InputScript(entries: [
            .init(frame: 0, event: .mouse(.down, CGPoint(x: 1, y: 2))),
            .init(frame: 1, event: .key(down: true, name: "Left Shift", modifiers: [.alternate, .command])),
            .init(frame: 2, event: .text("a \"b\" \\ c\nd")),
            .init(frame: 3, event: .compose("", cursor: 0)),
            .init(frame: 3, event: .finger(.up, id: 42, CGPoint(x: 10.25, y: 0))),
            .init(frame: 9, event: .resize(CGSize(width: 320, height: 200))),
        ])
        let text = original.text
        #expect(text.hasPrefix(InputScript.header))
        #expect(try InputScript(parsing: text) == original)
    }

    @Test(arguments: [
        ("x mouse down 1 2", 1, "expected a frame number"),
        ("1 mouse", 1, "expected down, move or up"),
        ("1 mouse down 1", 1, "missing y"),
        ("1 mouse down 1 nan", 1, "finite number"),
        ("1 mouse down 1 2 3", 1, "unexpected \"3\""),
        ("5 quit\n4 quit", 2, "comes before frame 5"),
        ("1 key sideways A", 1, "expected key down or key up"),
        ("1 key down A hyper", 1, "unknown modifier"),
        ("1 text \"open", 1, "unterminated string"),
        ("1 text \"bad \\q\"", 1, "unknown escape"),
        ("1 focus maybe", 1, "expected focus lost or focus gained"),
        ("1 resize 0 10", 1, "size must be"),
        ("# ok\n\n1 joystick 1", 3, "unknown device"),
        ("1", 1, "missing device"),
        ("1 finger down x 1 2", 1, "missing finger id"),
    ])
    func malformedLinesNameTheLineAndTheProblem(_ text: String, _ line: Int, _ message: String) {
        do {
            _ = try InputScript(parsing: text)
            Issue.record("expected an error for \(text)")
        } catch let error as InputScriptError {
            #expect(error.line == line)
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("line \(line): "))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func gameControllerLines() throws {
        let script = try InputScript(parsing: """
        1 pad down south
        2 pad up DPADDOWN 3
        3 pad axis leftY -0.75
        4 pad axis rightTrigger 1 2
        """)
        #expect(script.entries.map(\.event) == [
            .controller(.buttonDown(.south), controller: 0),
            .controller(.buttonUp(.dpadDown), controller: 3),
            .controller(.axisMoved(.leftY, value: -0.75), controller: 0),
            .controller(.axisMoved(.rightTrigger, value: 1), controller: 2),
        ])
        #expect(try InputScript(parsing: script.text) == script, "written and read back")
        #expect(script.text.contains("2 pad up dpadDown 3"))
    }

    @Test func controllerHotPlugLines() throws {
        let script = try InputScript(parsing: """
        1 pad add playStation 1
        2 pad add XBOX
        3 pad remove 1
        4 pad remove
        """)
        #expect(script.entries.map(\.event) == [
            .controllerAdded(.playStation, controller: 1),
            .controllerAdded(.xbox, controller: 0),
            .controllerRemoved(controller: 1),
            .controllerRemoved(controller: 0),
        ])
        #expect(try InputScript(parsing: script.text) == script, "written and read back")
        #expect(script.text.contains("1 pad add playStation 1") && script.text.contains("4 pad remove\n"))
        // Built in code with a number the format can't hold: written within it.
        var built = InputScript()
        built.entries = [InputScript.Entry(frame: 0, event: .controllerAdded(.nintendo, controller: -5)),
                         InputScript.Entry(frame: 1, event: .controllerRemoved(controller: Int.max))]
        #expect(try InputScript(parsing: built.text).entries.map(\.event) == [
            .controllerAdded(.nintendo, controller: 0), .controllerRemoved(controller: Int(Int32.max)),
        ])
    }

    @Test(arguments: [
        ("1 pad press south", "expected pad down, pad up, pad axis, pad add or pad remove"),
        ("1 pad add", "missing controller kind name"),
        ("1 pad add sega 1", "unknown controller kind \"sega\" (xbox, playStation, nintendo, generic)"),
        ("1 pad add xbox -1", "controller must be a number"),
        ("1 pad add xbox 1 2", "unexpected \"2\""),
        ("1 pad remove one", "controller must be a number"),
        ("1 pad remove 1 2", "unexpected \"2\""),
        ("1 pad down", "missing button name"),
        ("1 pad down z", "unknown button \"z\""),
        ("1 pad axis leftZ 0", "unknown axis"),
        ("1 pad axis leftX", "missing axis value"),
        ("1 pad axis leftX 2", "axis value must be -1…1"),
        ("1 pad axis leftX nan", "finite number"),
        ("1 pad down south -1", "controller must be a number"),
        ("1 pad down south 1 2", "unexpected \"2\""),
    ])
    func malformedControllerLines(_ text: String, _ message: String) {
        #expect {
            _ = try InputScript(parsing: text)
        } throws: { error in
            (error as? InputScriptError).map { $0.line == 1 && $0.message.contains(message) } ?? false
        }
    }

    // MARK: Limits and hostile input

    @Test(arguments: [
        ("0 mouse down 1e300 0", 1, "x \"1e300\" is beyond ±16777216"),
        ("0 finger down 1 0 -1e30", 1, "y \"-1e30\" is beyond"),
        ("1 compose \"x\" 1e300", 1, "cursor must be a whole number"),
        ("1 compose \"x\" -1", 1, "cursor must be a whole number"),
        ("1 compose \"x\" 2.5", 1, "cursor must be a whole number"),
        ("9223372036854775807 quit", 1, "over the limit of 1000000"),
        ("100000000000 mouse down 1 1", 1, "over the limit of 1000000"),
        ("99999999999999999999999 quit", 1, "over the limit of 1000000"),
        ("1000001 quit", 1, "frame 1000001 is over the limit"),
        ("1 text \"\\u{110000}\"", 1, "bad \\u{hex} escape"),
        ("1 text \"\\u{}\"", 1, "bad \\u{hex} escape"),
        ("1 text \"\\u0041\"", 1, "expected \\u{hex}"),
    ])
    func numbersOutsideTheLimitsStopWithTheLine(_ text: String, _ line: Int, _ message: String) {
        do {
            _ = try InputScript(parsing: text)
            Issue.record("expected an error for \(text)")
        } catch let error as InputScriptError {
            #expect(error.line == line)
            #expect(error.message.contains(message), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func theLargestFrameAndCoordinatesAreAccepted() throws {
        let limit = Int(UIView.maximumCoordinate)
        let script = try InputScript(parsing: "\(InputScript.maximumFrame) mouse down \(limit) -\(limit)")
        #expect(script.lastFrame == InputScript.maximumFrame)
        #expect(script.lastFrame + 2 > script.lastFrame, "the launcher's run length cannot overflow")
    }

    @Test func crlfAndCrLineEndsParse() throws {
        let lf = try InputScript(parsing: "# h\n1 mouse down 1 2\n2 mouse up 1 2\n")
        #expect(try InputScript(parsing: "# h\r\n1 mouse down 1 2\r\n2 mouse up 1 2\r\n") == lf)
        #expect(try InputScript(parsing: "# h\r1 mouse down 1 2\r2 mouse up 1 2\r") == lf)
        do {
            _ = try InputScript(parsing: "# h\r\n1 mouse down 1 2\r\n2 mouse sideways 1 2\r\n")
            Issue.record("expected an error")
        } catch let error as InputScriptError {
            #expect(error.line == 3, "CRLF counts as one line end")
        }
    }

    @Test func errorsQuoteAtMostAShortPrefixOfAHugeToken() {
        let huge = String(repeating: "z", count: 1_000_000)
        for text in ["\(huge) quit", "1 \(huge)", "1 mouse down \(huge) 1", "1 key down A \(huge)", "1 quit \(huge)"] {
            do {
                _ = try InputScript(parsing: text)
                Issue.record("expected an error")
            } catch let error as InputScriptError {
                #expect(error.description.count < 200, "\(error.description.prefix(100))")
                #expect(error.message.contains("(1000000 bytes)"))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func everyCharacterRoundTripsThroughTheWrittenText() throws {
        let nasty = "a\r\nb\rc\td\u{0}e\u{1B}f\u{2028}g\u{85}h\"\\#i👩‍👩‍👧é\u{301}"
        let original = InputScript(entries: [
            .init(frame: 0, event: .text(nasty)),
            .init(frame: 1, event: .compose(nasty, cursor: 3)),
            .init(frame: 2, event: .key(down: true, name: "#", modifiers: [])),
            .init(frame: 2, event: .key(down: false, name: "\"", modifiers: [.shift])),
        ])
        let text = original.text
        #expect(text.split(separator: "\n").count == 5, "escapes keep one event per line")
        #expect(try InputScript(parsing: text) == original)
    }

    @Test func scriptsBuiltInCodeWithBadNumbersStillWriteReadableText() throws {
        let limit = UIView.maximumCoordinate
        let script = InputScript(entries: [
            .init(frame: 0, event: .mouse(.down, CGPoint(x: .infinity, y: -1e300))),
            .init(frame: 0, event: .finger(.move, id: 1, CGPoint(x: .nan, y: 1e30))),
            .init(frame: 0, event: .compose("x", cursor: .max)),
            .init(frame: 0, event: .resize(CGSize(width: 1e9, height: -.infinity))),
        ])
        let back = try InputScript(parsing: script.text)
        #expect(back.entries[0].event == .mouse(.down, CGPoint(x: limit, y: -limit)))
        #expect(back.entries[1].event == .finger(.move, id: 1, CGPoint(x: 0, y: limit)))
        #expect(back.entries[2].event == .compose("x", cursor: Int(Int32.max)))
        #expect(back.entries[3].event == .resize(CGSize(width: 16384, height: 1)))
    }

    @Test func emptyAndCommentOnlyScriptsAreEmpty() throws {
        #expect(try InputScript(parsing: "").entries.isEmpty)
        #expect(try InputScript(parsing: "# nothing\n   \n# here").lastFrame == -1)
    }
}
