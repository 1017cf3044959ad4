internal import FirstOpenState

/// Why a spec file (or a file it names) cannot be used. Each case reads as one line
/// that starts with the file name, e.g.
/// `car.spec: [First Open] AppId: missing required key`.
public enum SpecError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The file cannot be opened or read (missing, permissions, a directory…); the
    /// reason is GLib's message.
    case unreadable(file: String, reason: String)
    /// The process or the system ran out of file descriptors or memory while opening the
    /// file (`ulimit -n` too low): an I/O error, not a bad spec.
    case outOfResources(file: String, reason: String)
    /// The file is not in keyfile syntax; the reason is GLib's message (it names the line).
    case notKeyFile(file: String, reason: String)
    /// A required group is absent, e.g. `[First Open]`.
    case missingGroup(file: String, group: String)
    /// A required key is absent or empty.
    case missingKey(file: String, group: String, key: String)
    /// A key has a value that cannot be used; `reason` follows the quoted value.
    case badValue(file: String, group: String, key: String, value: String, reason: String)
    /// Any other problem with a group or key (conflicting keys, duplicate numbers…).
    case invalid(file: String, group: String?, key: String?, message: String)
    /// An AppStream metainfo file that cannot be read or parsed; `line` and `column`
    /// are 1-based positions from GMarkup when the XML is malformed.
    case metainfo(file: String, line: Int?, column: Int?, reason: String)
    /// The version source named by the spec gave no version (e.g. os-release has no
    /// `VERSION_ID`, as on Debian testing).
    case versionUnavailable(file: String, key: String, reason: String)

    /// The file the message is about.
    package var file: String {
        switch self {
        case let .unreadable(file, _), let .outOfResources(file, _), let .notKeyFile(file, _), let .missingGroup(file, _),
            let .missingKey(file, _, _), let .badValue(file, _, _, _, _),
            let .invalid(file, _, _, _), let .metainfo(file, _, _, _),
            let .versionUnavailable(file, _, _):
            return file
        }
    }

    /// The group the error is about, without brackets, or `nil`.
    package var group: String? {
        switch self {
        case let .missingGroup(_, group), let .missingKey(_, group, _),
            let .badValue(_, group, _, _, _):
            return group
        case let .invalid(_, group, _, _):
            return group
        case .versionUnavailable:
            return SpecFile.mainGroup
        case .unreadable, .outOfResources, .notKeyFile, .metainfo:
            return nil
        }
    }

    /// The key the error is about, or `nil`.
    package var key: String? {
        switch self {
        case let .missingKey(_, _, key), let .badValue(_, _, key, _, _),
            let .versionUnavailable(_, key, _):
            return key
        case let .invalid(_, _, key, _):
            return key
        case .unreadable, .outOfResources, .notKeyFile, .missingGroup, .metainfo:
            return nil
        }
    }

    /// What is wrong, without file, group or key.
    package var detail: String {
        switch self {
        case let .unreadable(_, reason), let .outOfResources(_, reason), let .notKeyFile(_, reason),
            let .metainfo(_, _, _, reason), let .versionUnavailable(_, _, reason):
            return reason
        case .missingGroup:
            return "missing required group"
        case .missingKey:
            return "missing required key"
        case let .badValue(_, _, _, value, reason):
            return "\(quoted(value)) \(reason)"
        case let .invalid(_, _, _, message):
            return message
        }
    }

    /// The one-line message without the leading file name, e.g.
    /// `[First Open] AppId: missing required key`.
    package var message: String {
        locate(group: group, key: key) + detail
    }

    /// One line naming the file and, where there is one, the group and key.
    public var description: String {
        switch self {
        case let .metainfo(file, line?, column?, reason):
            // The compiler's file:line:column form, which editors jump to.
            return singleLine("\(file):\(line):\(column): \(reason)")
        default:
            // GLib quotes the offending line of a broken file in its message, which
            // may hold any bytes: keep the message on one line.
            return singleLine("\(file): \(message)")
        }
    }
}

extension SpecError {
    /// This error (about a file the spec names, e.g. its `ReleaseNotes=` metainfo file)
    /// as an error of the spec's `group` and `key`, so the message names the spec, the
    /// group and the key it came from and then the file's own message
    /// (`car.spec: [First Open] ReleaseNotes: notes.xml:2:5: …`). An error already about
    /// `spec` is returned as it is.
    func located(inSpec spec: String, group: String, key: String) -> SpecError {
        if file == spec { return self }
        return .invalid(file: spec, group: group, key: key, message: description)
    }
}

/// `[Group] Key: `, `[Group]: ` or nothing, the prefix of a located message.
func locate(group: String?, key: String?) -> String {
    switch (group, key) {
    case let (group?, key?): return "[\(Quoted.name(group))] \(Quoted.name(key)): "
    case let (group?, nil): return "[\(Quoted.name(group))]: "
    case let (nil, key?): return "\(Quoted.name(key)): "
    case (nil, nil): return ""
    }
}

/// A message on one line, control characters escaped and cut (``Quoted/line(_:limit:)``).
func singleLine(_ text: String) -> String {
    Quoted.line(text)
}

/// `value` in double quotes, escaped and cut (``Quoted/text(_:limit:)``): the one way a
/// value from a file appears in a message.
func quoted(_ value: String) -> String {
    Quoted.text(value)
}
