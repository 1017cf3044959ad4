internal import CGLib
import Glibc

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
    /// asked for later, not only the process's own. The file is read with
    /// ``CheckedFile`` (regular file, at most `limit` bytes, never blocks).
    package convenience init(path: String, limit: Int = CheckedFile.specLimit) throws(LoadFailure) {
        let bytes: [UInt8]
        do {
            bytes = try CheckedFile.read(path, limit: limit)
        } catch {
            throw .unreadable(error.description)
        }
        try self.init(data: bytes)
    }

    /// Parses a key file held in memory (a spec read with ``CheckedFile``, or one an app
    /// ships in a GResource), keeping every translation as ``init(path:limit:)`` does.
    package init(data bytes: [UInt8]) throws(LoadFailure) {
        pointer = g_key_file_new()
        let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
        do throws(GLibError) {
            // A trailing NUL gives an empty file a valid pointer too; GLib gets the length.
            try GLibError.checkSuccess { error in
                (bytes + [0]).withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: gchar.self) { chars in
                        g_key_file_load_from_data(pointer, chars.baseAddress, gsize(bytes.count), flags, error)
                    }
                }
            }
        } catch {
            // deinit frees the key file: every stored property is set.
            throw .malformed(error.message)
        }
    }

    deinit {
        g_key_file_free(pointer)
    }

    /// Parses `data`; comments and translations are kept so rewriting a user's file
    /// does not lose them.
    func load(_ data: UnsafePointer<gchar>, length: Int) throws(GLibError) {
        let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_COMMENTS.rawValue | G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
        try GLibError.checkSuccess { g_key_file_load_from_data(pointer, data, gsize(length), flags, $0) }
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

    /// The unescaped value. A value GLib could only partly unescape is an error on every
    /// GLib, as GLib 2.84 (Debian 13) has it: for `Name=a\` (a trailing backslash) GLib
    /// 2.74 (Debian 12) returns "a" *and* sets an error, 2.84 only the error. Kept, the
    /// same spec would read differently on the two releases.
    func string(_ key: String, in group: String) throws(GLibError) -> String {
        var error: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_string(pointer, group, key, &error)
        defer { g_free(value) }
        if error != nil || value == nil {
            throw GLibError(consuming: error)
        }
        return String(cString: value!)
    }

    func boolean(_ key: String, in group: String) throws(GLibError) -> Bool {
        try GLibError.check { g_key_file_get_boolean(pointer, group, key, $0) } != 0
    }

    func stringList(_ key: String, in group: String) throws(GLibError) -> [String] {
        stringList(try GLibError.checkNonNull { g_key_file_get_string_list(pointer, group, key, nil, $0) })
    }

    /// Whether `group` has `key` (false too when `group` is absent).
    package func hasKey(_ key: String, in group: String) -> Bool {
        (try? GLibError.check { g_key_file_has_key(pointer, group, key, $0) }).map { $0 != 0 } ?? false
    }

    /// Why a key that is present has no usable value.
    package enum ValueProblem: Equatable {
        /// The value's bytes are not UTF-8 (`Name=Caf\xe9` in Latin-1).
        case notUTF8
        /// The value has an escape GLib does not know (`\x`).
        case invalidEscape

        /// The message after `[Group] Key: `.
        package var message: String {
            switch self {
            case .notUTF8: return "the value is not valid UTF-8 (save the file as UTF-8)"
            case .invalidEscape: return "the value has an invalid escape sequence (valid: \\s \\n \\t \\r \\\\)"
            }
        }
    }

    /// Why `key` in `group` is present but unreadable as text, or `nil` when it is
    /// absent or fine. (GLib's own getters just return nothing then, which callers would
    /// otherwise report as a missing key.)
    package func valueProblem(_ key: String, in group: String) -> ValueProblem? {
        let failure: GLibError
        do {
            _ = try string(key, in: group)
            return nil
        } catch {
            failure = error
        }
        func isKeyFileError(_ code: GKeyFileError) -> Bool {
            failure.matches(g_key_file_error_quark(), code: Int32(bitPattern: code.rawValue))
        }
        if isKeyFileError(G_KEY_FILE_ERROR_UNKNOWN_ENCODING) { return .notUTF8 }
        if isKeyFileError(G_KEY_FILE_ERROR_INVALID_VALUE) { return .invalidEscape }
        return nil
    }

    /// The unescaped value (`\n`, `\s`, `\\` …), or `nil` when the key is absent or its
    /// escapes are invalid.
    package func value(_ key: String, in group: String) -> String? {
        try? string(key, in: group)
    }

    /// The first translation of `key` for `languages` (best first, as
    /// `g_get_locale_variants` lists them: de_DE.UTF-8@euro → de_DE@euro → … → de), else
    /// the untranslated value: `g_key_file_get_locale_string`'s lookup, written out so that
    /// a translation with a bad escape is passed over on every GLib (2.84 passes it over,
    /// 2.74 returned its partial value; see ``string(_:in:)``) and the caller decides the
    /// languages (gettext's, not GLib's: ``GettextLanguages``).
    package func localizedString(_ key: String, in group: String, languages: [String]) -> String? {
        for language in languages {
            if let value = try? string("\(key)[\(language)]", in: group) { return value }
        }
        return try? string(key, in: group)
    }

    /// `true`/`false` as GLib reads them, the failure when the value is neither, or
    /// `nil` when the key is absent.
    package func booleanIfPresent(_ key: String, in group: String) -> Result<Bool, GLibError>? {
        guard hasKey(key, in: group) else { return nil }
        do {
            return .success(try boolean(key, in: group))
        } catch {
            return .failure(error)
        }
    }

    /// The raw text of a key as written, escapes and all (for messages).
    package func rawValue(_ key: String, in group: String) -> String? {
        guard let value = try? GLibError.checkNonNull({ g_key_file_get_value(pointer, group, key, $0) })
        else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// Sets a string value (GKeyFile escapes it).
    package func setString(_ value: String, for key: String, in group: String) {
        g_key_file_set_string(pointer, group, key, value)
    }

    /// Sets `true` or `false`.
    package func setBoolean(_ value: Bool, for key: String, in group: String) {
        g_key_file_set_boolean(pointer, group, key, value ? 1 : 0)
    }

    /// Sets the comment at the top of the file (`#` is added per line).
    func setTopComment(_ comment: String) {
        g_key_file_set_comment(pointer, nil, nil, comment, nil)
    }

    /// The key file's text.
    package var text: String {
        guard let data = g_key_file_to_data(pointer, nil, nil) else { return "" }
        defer { g_free(data) }
        return String(cString: data)
    }

    /// Writes the key file atomically and durably (temp file, fsync, rename).
    package func write(to path: String, mode: Int32) throws(GLibError) {
        var length: gsize = 0
        guard let data = g_key_file_to_data(pointer, &length, nil) else {
            throw GLibError(consuming: nil)
        }
        defer { g_free(data) }
        try GLibFile.write(data, length: Int(length), to: path, mode: mode)
    }

    /// Converts and frees a NULL-terminated `gchar**`.
    private func stringList(_ list: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        defer { g_strfreev(list) }
        return StringVector.strings(list)
    }
}
