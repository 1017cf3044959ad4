// How AppStream text is read: XML whitespace collapsed as the specification says, on
// the UTF-8 bytes (MetainfoReleases reads every text of a metainfo file through it).

/// Whether `byte` is XML whitespace (space, tab, line feed, carriage return).
func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

/// Runs of XML whitespace become one space; leading and trailing whitespace goes.
///
/// Works on the UTF-8 bytes (XML whitespace is ASCII, never part of another
/// character's bytes) and returns a text that needs nothing as it is: appending scalar
/// by scalar was a quarter of reading a 1000-release file.
func collapsed(_ text: String) -> String {
    var copy = text
    return copy.withUTF8 { bytes -> String in
        if let first = bytes.first, let last = bytes.last, !isXMLSpace(first), !isXMLSpace(last) {
            var clean = true
            var previousSpace = false
            for byte in bytes {
                if byte == 0x20 {
                    if previousSpace {
                        clean = false
                        break
                    }
                    previousSpace = true
                } else if byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    clean = false
                    break
                } else {
                    previousSpace = false
                }
            }
            if clean { return text }
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if isXMLSpace(byte) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// `runs` with XML whitespace collapsed across them (a space between two runs is kept
/// once), empty runs dropped and neighbours of one style merged. Byte-wise, as
/// ``collapsed(_:)``; one run (most paragraphs and items) is ``collapsed(_:)`` itself.
func collapsedRuns(_ runs: [StyledText.Run]) -> [StyledText.Run] {
    if runs.count == 1 {
        let text = collapsed(runs[0].text)
        return text.isEmpty ? [] : [StyledText.Run(text, style: runs[0].style)]
    }
    var result: [StyledText.Run] = []
    var pendingSpace = false
    var started = false
    for run in runs {
        var bytes: [UInt8] = []
        var copy = run.text
        copy.withUTF8 { input in
            bytes.reserveCapacity(input.count)
            for byte in input {
                if isXMLSpace(byte) {
                    pendingSpace = started
                } else {
                    if pendingSpace {
                        // A space between two runs goes to the plain one (the earlier when
                        // both are styled): no italic or monospace space around styled words.
                        if bytes.isEmpty, run.style != .plain, !result.isEmpty {
                            result[result.count - 1].text += " "
                        } else {
                            bytes.append(0x20)
                        }
                    }
                    pendingSpace = false
                    started = true
                    bytes.append(byte)
                }
            }
        }
        guard !bytes.isEmpty else { continue }
        let text = String(decoding: bytes, as: UTF8.self)
        if let last = result.last, last.style == run.style {
            result[result.count - 1].text += text
        } else {
            result.append(StyledText.Run(text, style: run.style))
        }
    }
    return result
}

extension String {
    func trimmingLeadingSpaces() -> String {
        String(drop { $0 == " " })
    }
}
