/// A light pass over a spec's raw bytes for what GKeyFile accepts silently: a group
/// written twice (GLib merges the two), a key written twice in one group (the last one
/// wins) and NUL bytes (GLib cuts the line there). Each is almost always a mistake —
/// a copied `[Welcome 1]` block, a `Version=` left behind — so `validate` warns.
///
/// Written by hand because GLib offers no way to see these: by the time `GKeyFile` is
/// loaded, the duplicates are gone. Lines are read the way GKeyFile reads them: leading
/// blanks skipped, `#` starts a comment, `[…]` is a group, `key=value` a key (blanks
/// before `=` ignored). One pass, linear in the file's size.
struct DuplicateScan {
    /// One finding: the group it is in (`nil` before the first group), the key, and what.
    struct Finding: Equatable {
        var group: String?
        var key: String?
        var message: String
    }

    private(set) var findings: [Finding] = []

    init(_ bytes: [UInt8]) {
        var groupsSeen: [String: Int] = [:]
        var keysSeen: [String: Int] = [:]
        var currentGroup: String?
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lineNumber += 1
            scanLine(bytes[start..<end], number: lineNumber, group: &currentGroup,
                     groupsSeen: &groupsSeen, keysSeen: &keysSeen)
            start = end + 1
        }
    }

    private mutating func scanLine(
        _ line: ArraySlice<UInt8>, number: Int, group: inout String?,
        groupsSeen: inout [String: Int], keysSeen: inout [String: Int]
    ) {
        if line.contains(0) {
            findings.append(Finding(group: group, key: nil,
                                    message: "line \(number) contains a NUL byte; GLib ignores the rest of that line"))
        }
        let text = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = text.first, first != UInt8(ascii: "#") else { return }
        if first == UInt8(ascii: "[") {
            guard let close = text.lastIndex(of: UInt8(ascii: "]")) else { return }
            let name = String(decoding: text[text.index(after: text.startIndex)..<close], as: UTF8.self)
            if let earlier = groupsSeen[name] {
                findings.append(Finding(
                    group: name, key: nil,
                    message: "group appears again on line \(number) (first on line \(earlier)); GLib merges them, so later keys replace earlier ones"))
            } else {
                groupsSeen[name] = number
            }
            group = name
            return
        }
        guard let equals = text.firstIndex(of: UInt8(ascii: "=")) else { return }
        var keyBytes = text[..<equals]
        while let last = keyBytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            keyBytes = keyBytes.dropLast()
        }
        let key = String(decoding: keyBytes, as: UTF8.self)
        // Keyed by group and key: a group written twice is one group to GLib.
        let scope = (group ?? "") + "\u{0}" + key
        if let earlier = keysSeen[scope] {
            findings.append(Finding(
                group: group, key: key,
                message: "key appears again on line \(number) (first on line \(earlier)); only the last value counts"))
        } else {
            keysSeen[scope] = number
        }
    }
}
