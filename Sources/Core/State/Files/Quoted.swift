/// The one way text from input — a spec, a record, a settings file, a GLib message
/// quoting a broken line — appears in a message: control characters escaped (`\n`,
/// `\t`, `\u{1b}`) so the message stays one line and no escape sequence reaches the
/// terminal, and cut with an ellipsis so a 50 MB value makes a short line.
package enum Quoted {
    /// How many characters of a quoted value are shown.
    package static let valueLimit = 80
    /// How many characters of a group or key name are shown.
    package static let nameLimit = 80
    /// How many characters of a GLib message (or any whole line) are shown.
    package static let lineLimit = 1000

    /// `value` in double quotes, escaped and cut: `"#1c71d8\t"`, `"aaaa…" (1048576 characters)`.
    package static func text(_ value: String, limit: Int = valueLimit) -> String {
        let (body, total) = escaped(value, limit: limit, escapingQuotes: true)
        guard let total else { return "\"" + body + "\"" }
        return "\"" + body + "\u{2026}\" (\(total) characters)"
    }

    /// A group or key name from a file, escaped and cut, without quotes.
    package static func name(_ value: String) -> String {
        let (body, total) = escaped(value, limit: nameLimit, escapingQuotes: false)
        return total == nil ? body : body + "\u{2026}"
    }

    /// A whole message on one line: control characters escaped, cut after `limit`
    /// characters. GLib quotes the offending line of a broken file between “ and ”;
    /// that part is cut to ``valueLimit`` first, so the rest of the message survives.
    package static func line(_ message: String, limit: Int = lineLimit) -> String {
        var text = message
        if let open = text.firstIndex(of: "\u{201C}"), let close = text.lastIndex(of: "\u{201D}"), open < close {
            let inner = text[text.index(after: open)..<close]
            let (body, total) = escaped(String(inner), limit: valueLimit, escapingQuotes: false)
            text = String(text[...open]) + body + (total == nil ? "" : "\u{2026}") + String(text[close...])
        }
        let (body, total) = escaped(text, limit: limit, escapingQuotes: false)
        return total == nil ? body : body + "\u{2026}"
    }

    /// The escaped text of at most `limit` characters (Unicode scalars), and the total
    /// number of scalars when it was cut (counting stops early for huge values).
    private static func escaped(_ value: String, limit: Int, escapingQuotes: Bool) -> (String, Int?) {
        var result = ""
        var count = 0
        var cut = false
        for scalar in value.unicodeScalars {
            count += 1
            if count > limit {
                cut = true
                continue
            }
            switch scalar {
            case "\"" where escapingQuotes: result += "\\\""
            case "\\" where escapingQuotes: result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return (result, cut ? count : nil)
    }
}
