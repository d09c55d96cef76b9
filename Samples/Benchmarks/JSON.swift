import Foundation

/// A tiny JSON value that keeps key order, so each scenario's line reads the same every run.
enum JSON {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
    /// Already-serialized JSON text (a child process's line), embedded as is.
    case raw(String)

    /// Compact one-line text.
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .number(let d):
            guard d.isFinite else { return "null" }
            if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
            return String(format: "%.6g", d)
        case .string(let s): return JSON.quote(s)
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let pairs): return "{" + pairs.map { JSON.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        case .raw(let text): return text
        }
    }

    private static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
