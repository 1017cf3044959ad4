internal import CGLib

/// A thin owner of a `GKeyFile`: the spec-file reader's only window onto GLib's
/// keyfile parser, so every `GError` and returned string is freed in one place.
final class KeyFile {
    /// What went wrong while loading: the file system, or the keyfile syntax.
    enum LoadFailure: Error {
        case unreadable(String)
        case malformed(String)
    }

    private let handle: OpaquePointer

    /// Loads `path` keeping every translation (`Title[de]=`), so any locale can be
    /// asked for later, not only the process's own.
    init(path: String) throws(LoadFailure) {
        // Load into a local first: a throwing class initialiser must not leave a
        // half-owned handle for `deinit`.
        guard let handle = g_key_file_new() else { throw .unreadable("out of memory") }
        var error: UnsafeMutablePointer<GError>?
        let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
        if g_key_file_load_from_file(handle, path, flags, &error) == 0 {
            g_key_file_free(handle)
            // Read the domain before `consume` frees the GError.
            let isFileError = error.map { $0.pointee.domain == g_file_error_quark() } ?? false
            let message = KeyFile.consume(error) ?? "cannot be read"
            throw isFileError ? .unreadable(message) : .malformed(KeyFile.elidingQuotedLine(message))
        }
        self.handle = handle
    }

    deinit { g_key_file_free(handle) }

    /// Group names in file order.
    var groups: [String] {
        var length: gsize = 0
        guard let list = g_key_file_get_groups(handle, &length) else { return [] }
        defer { g_strfreev(list) }
        return KeyFile.strings(list, count: Int(length))
    }

    /// Key names of `group` in file order, translations (`Title[de]`) included.
    func keys(in group: String) -> [String] {
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard let list = g_key_file_get_keys(handle, group, &length, &error) else {
            _ = KeyFile.consume(error)
            return []
        }
        defer { g_strfreev(list) }
        return KeyFile.strings(list, count: Int(length))
    }

    func hasKey(_ key: String, in group: String) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let found = g_key_file_has_key(handle, group, key, &error) != 0
        _ = KeyFile.consume(error)
        return found
    }

    /// The unescaped value (`\n`, `\s`, `\\` …), or `nil` when the key is absent or
    /// its escapes are invalid.
    func string(_ key: String, in group: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_string(handle, group, key, &error) else {
            _ = KeyFile.consume(error)
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The best translation of `key` for `locale` (`nil`: the process's locale), with
    /// GLib's usual fallbacks (de_DE.UTF-8@euro → de_DE@euro → de_DE → de → untranslated).
    func localizedString(_ key: String, in group: String, locale: String?) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_locale_string(handle, group, key, locale, &error) else {
            _ = KeyFile.consume(error)
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// `true`/`false` as GLib reads them, or the GLib message when the value is neither.
    func boolean(_ key: String, in group: String) -> Result<Bool, KeyFileValueError>? {
        guard hasKey(key, in: group) else { return nil }
        var error: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_boolean(handle, group, key, &error)
        if let message = KeyFile.consume(error) {
            return .failure(KeyFileValueError(message: message))
        }
        return .success(value != 0)
    }

    /// The raw text of a key as written, escapes and all (for messages).
    func rawValue(_ key: String, in group: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_value(handle, group, key, &error) else {
            _ = KeyFile.consume(error)
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// Frees `error` and returns its message (`nil` when there was no error).
    static func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// GLib quotes the offending line (“…”) in its parse errors; a binary file's
    /// "line" can be kilobytes long. Keep its start.
    static func elidingQuotedLine(_ message: String, limit: Int = 60) -> String {
        guard let open = message.firstIndex(of: "\u{201C}"),
              let close = message.lastIndex(of: "\u{201D}"), open < close else { return message }
        let quoted = message[message.index(after: open)..<close]
        guard quoted.count > limit else { return message }
        return String(message[...open]) + quoted.prefix(limit) + "\u{2026}" + message[close...]
    }

    private static func strings(
        _ list: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>, count: Int
    ) -> [String] {
        (0..<count).compactMap { list[$0].map { String(cString: $0) } }
    }
}

/// GLib's message for a value of the wrong type.
struct KeyFileValueError: Error {
    var message: String
}
