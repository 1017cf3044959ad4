internal import CGLib
import Glibc

/// A GError turned into Swift values (the GError itself is freed). Shared with the
/// other GLib-only modules of the package (the spec reader).
package struct GLibFailure: Error {
    let domain: GQuark
    let code: Int32
    /// GLib's message.
    package let message: String

    /// Takes ownership of `error` and frees it.
    init(consuming error: UnsafeMutablePointer<GError>?) {
        guard let error else {
            domain = 0
            code = 0
            message = "unknown error"
            return
        }
        defer { g_error_free(error) }
        domain = error.pointee.domain
        code = error.pointee.code
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// Whether this is `G_FILE_ERROR` with the given code.
    func isFileError(_ fileError: GFileError) -> Bool {
        domain == g_file_error_quark() && code == Int32(bitPattern: fileError.rawValue)
    }
}

/// Owns a `GKeyFile`: the package's one wrapper over GLib's keyfile parser, used for
/// state records, settings and spec files, so every `GError` and returned string is
/// freed in one place.
package final class KeyFile {
    /// Why a file could not be loaded: the file system, or the keyfile syntax.
    package enum LoadFailure: Error {
        case unreadable(String)
        case malformed(String)
    }

    let pointer: OpaquePointer

    /// An empty key file, to fill and write.
    package init() {
        pointer = g_key_file_new()
    }

    /// Loads `path` keeping every translation (`Title[de]=`), so any locale can be
    /// asked for later, not only the process's own. GLib refuses what is not a
    /// regular file.
    package init(path: String) throws(LoadFailure) {
        pointer = g_key_file_new()
        var error: UnsafeMutablePointer<GError>?
        let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
        if g_key_file_load_from_file(pointer, path, flags, &error) == 0 {
            // deinit frees the key file: every stored property is set.
            let failure = GLibFailure(consuming: error)
            throw failure.domain == g_file_error_quark() ? .unreadable(failure.message) : .malformed(failure.message)
        }
    }

    deinit {
        g_key_file_free(pointer)
    }

    /// Parses `data`; comments and translations are kept so rewriting a user's file
    /// does not lose them.
    func load(_ data: UnsafePointer<gchar>, length: Int) throws(GLibFailure) {
        var error: UnsafeMutablePointer<GError>?
        let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_COMMENTS.rawValue | G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
        if g_key_file_load_from_data(pointer, data, gsize(length), flags, &error) == 0 {
            throw GLibFailure(consuming: error)
        }
    }

    package func hasGroup(_ group: String) -> Bool {
        g_key_file_has_group(pointer, group) != 0
    }

    /// Group names in file order.
    package var groups: [String] {
        stringList(g_key_file_get_groups(pointer, nil))
    }

    /// Key names of `group` in file order, translations (`Title[de]`) included.
    package func keys(in group: String) -> [String] {
        stringList(g_key_file_get_keys(pointer, group, nil, nil))
    }

    func string(_ key: String, in group: String) throws(GLibFailure) -> String {
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_string(pointer, group, key, &error) else {
            throw GLibFailure(consuming: error)
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    func boolean(_ key: String, in group: String) throws(GLibFailure) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_boolean(pointer, group, key, &error)
        if let error { throw GLibFailure(consuming: error) }
        return value != 0
    }

    func stringList(_ key: String, in group: String) throws(GLibFailure) -> [String] {
        var error: UnsafeMutablePointer<GError>?
        guard let list = g_key_file_get_string_list(pointer, group, key, nil, &error) else {
            throw GLibFailure(consuming: error)
        }
        return stringList(list)
    }

    /// Whether `group` has `key`.
    package func hasKey(_ key: String, in group: String) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let found = g_key_file_has_key(pointer, group, key, &error) != 0
        if let error { g_error_free(error) }
        return found
    }

    /// The unescaped value (`\n`, `\s`, `\\` …), or `nil` when the key is absent or its
    /// escapes are invalid.
    package func value(_ key: String, in group: String) -> String? {
        try? string(key, in: group)
    }

    /// The best translation of `key` for `locale` (`nil`: the process's locale), with
    /// GLib's usual fallbacks (de_DE.UTF-8@euro → de_DE@euro → de_DE → de → untranslated).
    package func localizedString(_ key: String, in group: String, locale: String?) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_locale_string(pointer, group, key, locale, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// `true`/`false` as GLib reads them, the failure when the value is neither, or
    /// `nil` when the key is absent.
    package func booleanIfPresent(_ key: String, in group: String) -> Result<Bool, GLibFailure>? {
        guard hasKey(key, in: group) else { return nil }
        do {
            return .success(try boolean(key, in: group))
        } catch {
            return .failure(error)
        }
    }

    /// The raw text of a key as written, escapes and all (for messages).
    package func rawValue(_ key: String, in group: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_value(pointer, group, key, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    func setString(_ value: String, for key: String, in group: String) {
        g_key_file_set_string(pointer, group, key, value)
    }

    func setBoolean(_ value: Bool, for key: String, in group: String) {
        g_key_file_set_boolean(pointer, group, key, value ? 1 : 0)
    }

    /// Sets the comment at the top of the file (`#` is added per line).
    func setTopComment(_ comment: String) {
        g_key_file_set_comment(pointer, nil, nil, comment, nil)
    }

    /// Writes the key file atomically and durably (temp file, fsync, rename).
    func write(to path: String, mode: Int32) throws(GLibFailure) {
        var length: gsize = 0
        guard let data = g_key_file_to_data(pointer, &length, nil) else {
            throw GLibFailure(consuming: nil)
        }
        defer { g_free(data) }
        try GLibFile.write(data, length: Int(length), to: path, mode: mode)
    }

    /// Converts and frees a NULL-terminated `gchar**`.
    private func stringList(_ list: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        guard let list else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let item = list[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }
}

/// Whole-file reads and writes through GLib.
enum GLibFile {
    /// Reads `path` and hands its bytes (NUL-terminated by GLib) to `body`.
    static func withContents<T>(
        of path: String, _ body: (UnsafePointer<gchar>, Int) throws -> T
    ) throws -> T {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(path, &contents, &length, &error) != 0, let contents else {
            throw GLibFailure(consuming: error)
        }
        defer { g_free(contents) }
        return try body(contents, Int(length))
    }

    /// `g_file_set_contents_full` with `CONSISTENT | DURABLE`: a temp file in the same
    /// directory, fsync, rename; readers see the old or the new file, never a part.
    static func write(_ data: UnsafePointer<gchar>, length: Int, to path: String, mode: Int32) throws(GLibFailure) {
        var error: UnsafeMutablePointer<GError>?
        let flags = GFileSetContentsFlags(
            rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
        if g_file_set_contents_full(path, data, gssize(length), flags, mode, &error) == 0 {
            throw GLibFailure(consuming: error)
        }
    }

    /// `g_mkdir_with_parents`; returns the errno text on failure.
    static func makeDirectory(_ path: String, mode: Int32) -> String? {
        if g_mkdir_with_parents(path, mode) == 0 { return nil }
        return errnoDescription(errno)
    }
}

/// `strerror` text for an errno value (GLib's copy is thread-safe).
func errnoDescription(_ code: Int32) -> String {
    String(cString: g_strerror(code))
}

/// The current time formatted with `g_date_time_format`; UTC when `utc`.
func formattedNow(_ format: String, utc: Bool) -> String {
    guard let now = utc ? g_date_time_new_now_utc() : g_date_time_new_now_local() else { return "unknown" }
    defer { g_date_time_unref(now) }
    guard let text = g_date_time_format(now, format) else { return "unknown" }
    defer { g_free(text) }
    return String(cString: text)
}
