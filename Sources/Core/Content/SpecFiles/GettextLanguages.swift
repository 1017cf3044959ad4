internal import CGLib
internal import FirstOpenState
import Glibc

/// The languages gettext translates into in this process, best first, as GLib names
/// them (`de_DE.UTF-8`, `de_DE`, `de.UTF-8`, `de`, …, `C`): the spec's translations are
/// picked from the same list, so a window never mixes a spec's German text with English
/// built-in strings.
///
/// `g_get_language_names()` puts `LANGUAGE` first whatever the locale; gettext ignores
/// `LANGUAGE` when the `LC_MESSAGES` locale is `C` or `POSIX`, and glibc 2.41 (Debian 13)
/// also when it is `C.UTF-8` (glibc bug 16621; glibc 2.36, Debian 12, honours `LANGUAGE`
/// there). Then only `LC_ALL`, `LC_MESSAGES` and `LANG` count, as for gettext.
package enum GettextLanguages {
    /// The first glibc whose gettext treats `C.UTF-8` as `C` (measured: 2.36 does not,
    /// 2.41 does).
    static let cUTF8IgnoresLanguageSince = (major: 2, minor: 41)

    /// The process's languages as gettext uses them now.
    package static func current() -> [String] {
        let messagesLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        guard let language = g_getenv("LANGUAGE"), language.pointee != 0,
              ignoresLanguage(messagesLocale: messagesLocale, libcVersion: libcVersion())
        else { return StringVector.strings(g_get_language_names()) }
        return languagesFromLocaleVariables()
    }

    /// Whether gettext ignores `LANGUAGE` with `LC_MESSAGES` set to `messagesLocale`, on
    /// the glibc of version `libcVersion` (major, minor).
    package static func ignoresLanguage(messagesLocale: String, libcVersion: (major: Int, minor: Int)) -> Bool {
        if messagesLocale == "C" || messagesLocale == "POSIX" { return true }
        let isCUTF8 = messagesLocale == "C.UTF-8" || messagesLocale == "C.utf8"
        let since = cUTF8IgnoresLanguageSince
        return isCUTF8 && (libcVersion.major, libcVersion.minor) >= (since.major, since.minor)
    }

    /// The running glibc's version, e.g. (2, 41) (`confstr`'s "glibc 2.41").
    package static func libcVersion() -> (major: Int, minor: Int) {
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { confstr(Int32(_CS_GNU_LIBC_VERSION), $0.baseAddress, $0.count) }
        }
        guard length > 1, length <= buffer.count else { return (0, 0) }
        let text = String(decoding: buffer[..<(length - 1)], as: UTF8.self)
        let number = text.split(separator: " ").last.map(String.init) ?? ""
        let parts = number.split(separator: ".").map { Int($0) ?? 0 }
        return (parts.first ?? 0, parts.count > 1 ? parts[1] : 0)
    }

    /// GLib's list as it would be without `LANGUAGE`: the variants of the first of
    /// `LC_ALL`, `LC_MESSAGES`, `LANG` that is set, then `C`.
    private static func languagesFromLocaleVariables() -> [String] {
        let set = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { (name: String) -> String? in
            guard let value = g_getenv(name), value.pointee != 0 else { return nil }
            return String(cString: value)
        }
        let locale = set.first ?? "C"
        let variants = g_get_locale_variants(locale)
        defer { g_strfreev(variants) }
        var names = StringVector.strings(variants)
        if !names.contains("C") { names.append("C") }
        return names
    }
}
