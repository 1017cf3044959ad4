internal import CGLib
internal import FirstOpenState

/// The `KEY=value` pairs of an os-release(5) file.
///
/// Written by hand rather than with GLib's `g_get_os_info()` (GLib ≥ 2.64, which does
/// take any key, `VERSION_ID` included), on purpose — measured with GLib 2.74 by
/// bind-mounting fixtures over `/etc/os-release`:
/// - it reads with `g_file_get_contents`: a FIFO at `/etc/os-release` blocks it
///   (it hung until killed) and the size is unbounded, while every file the login
///   path opens must go through ``CheckedFile`` (regular file, size cap, never blocks);
/// - it reads only `/etc/os-release` and `/usr/lib/os-release`: no path for tests or
///   for `currentVersion(osReleasePath:)`;
/// - it takes the *first* `KEY=` line, keeps a value with broken quoting verbatim
///   (quote included) and ignores indented lines; os-release is shell-sourceable, so
///   this reader follows the shell: the last assignment wins, broken lines are
///   skipped (as systemd does), leading blanks are allowed.
/// Values are unquoted by GLib (`g_shell_unquote`), as `g_get_os_info()` does; a test
/// checks both readers agree on this machine's os-release.
struct OSRelease {
    /// The path os-release(5) says to read first.
    static let defaultPath = "/etc/os-release"
    /// Where os-release(5) says to look when `/etc/os-release` does not exist.
    static let fallbackPath = "/usr/lib/os-release"

    enum Failure: Error {
        /// The file could not be read; GLib's message.
        case unreadable(path: String, reason: String)
    }

    /// The file that was read.
    let path: String
    let values: [String: String]

    /// Reads `path`; when it is the default path and cannot be read (os-release(5):
    /// "does not exist"), reads `/usr/lib/os-release` instead.
    init(path: String = OSRelease.defaultPath) throws(Failure) {
        do {
            self = try OSRelease(reading: path)
        } catch {
            guard path == OSRelease.defaultPath,
                  let fallback = try? OSRelease(reading: OSRelease.fallbackPath) else { throw error }
            self = fallback
        }
    }

    private init(reading path: String) throws(Failure) {
        let contents: [UInt8]
        do {
            contents = try CheckedFile.read(path, limit: CheckedFile.smallFileLimit)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        self.path = path
        self.values = OSRelease.parse(String(decoding: contents, as: UTF8.self))
    }

    /// Parses os-release text: `KEY=value` lines whose values follow shell quoting
    /// (double or single quotes, backslash escapes), `#` comments, blank lines.
    /// Lines that do not parse are skipped, as systemd does.
    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty, trimmed.first != "#",
                  let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = String(trimmed[..<equals])
            guard isValidKey(key) else { continue }
            var raw = String(trimmed[trimmed.index(after: equals)...])
            while raw.last == " " || raw.last == "\t" || raw.last == "\r" { raw.removeLast() }
            guard let value = unquote(raw) else { continue }
            values[key] = value
        }
        return values
    }

    /// Whether `key` is a shell variable name, the only keys os-release has.
    static func isValidKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    /// Shell unquoting by GLib (`"Debian GNU/Linux"`, `'13'`, `\"`), `nil` when the
    /// quoting is broken.
    private static func unquote(_ raw: String) -> String? {
        guard let result = try? GLibError.checkNonNull({ g_shell_unquote(raw, $0) }) else { return nil }
        defer { g_free(result) }
        return String(cString: result)
    }
}
