internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import CFirstOpenConfig
internal import CGtk

/// Translations of the window's built-in strings ("Welcome to", "Continue", …) in the
/// gettext domain `first-open`.
///
/// The domain is bound once, on first use, to the first of:
/// 1. `$FIRST_OPEN_LOCALEDIR` (for tests and uninstalled trees);
/// 2. the locale directory Meson installed the catalogues in (`-Dlocaledir`, given to
///    the build: `first-open-config.h`), in the programs and in libfirst-open alike;
/// 3. in a development build (`swift build`, no install paths), the source tree's
///    `.build/locale` (written by `scripts/build-translations.sh`) when it holds
///    catalogues;
/// 4. otherwise the system default (`/usr/share/locale`).
/// Nothing is guessed from where the program or the library was loaded from.
///
/// Lookups use `dgettext` with the domain, never `textdomain()`: the embedding app owns
/// the default domain. As with any gettext program, `LANGUAGE` is honoured only when
/// the locale is not `C` (`LANG=C.UTF-8` or any real locale will do).
package enum Localization {
    /// The gettext domain of the built-in strings.
    package static let domain = "first-open"

    /// The environment variable that points at a locale directory.
    package static let localeDirectoryVariable = "FIRST_OPEN_LOCALEDIR"

    /// The locale directory the domain is bound to, or `nil` for the system default.
    package static var localeDirectory: String? { binding.directory }

    /// Where gettext looks when the domain is not bound: glibc's default.
    package static let systemLocaleDirectory = "/usr/share/locale"

    /// The first of `languages` (as in `LANGUAGE`: `sr_RS@latin`, `sr`) with a compiled
    /// catalogue `<dir>/<language>/LC_MESSAGES/first-open.mo` in the directory the
    /// domain is bound to, or `nil`: then the built-in strings stay English.
    package static func catalogLanguage(among languages: [String]) -> String? {
        let directory = localeDirectory ?? systemLocaleDirectory
        return languages.first { language in
            g_file_test("\(directory)/\(language)/LC_MESSAGES/\(domain).mo", G_FILE_TEST_IS_REGULAR) != 0
        }
    }

    /// When this program runs from the package's build tree (`swift build` puts it in
    /// `<root>/.build/`) and `po/` there has a translation for one of `languages`: the
    /// package root and the folder `scripts/build-translations.sh` compiles into by
    /// default, which the lookup finds. `nil` for an installed program.
    package static func sourceTranslations(among languages: [String]) -> (packageRoot: String, buildDirectory: String)? {
        guard let root = packageRoot(), let executable = executableDirectory(), executable.hasPrefix(root + "/.build/"),
              languages.contains(where: { g_file_test("\(root)/po/\($0).po", G_FILE_TEST_IS_REGULAR) != 0 })
        else { return nil }
        return (root, root + "/.build/locale")
    }

    /// `msgid` translated in the `first-open` domain (or `msgid` itself).
    package static func gettext(_ msgid: String) -> String {
        _ = binding
        // Untranslated, dgettext returns the msgid pointer it was given: read it while
        // that C string is still alive (a temporary bridged string would be gone).
        return msgid.withCString { cMsgid in
            guard let translated = dgettext(domain, cMsgid) else { return msgid }
            return String(cString: translated)
        }
    }

    /// `msgid` in `context` translated in the `first-open` domain (gettext's `pgettext`),
    /// or `nil` when the catalogue has no translation for it.
    package static func pgettext(_ context: String, _ msgid: String) -> String? {
        // gettext stores a context as "context\u{4}msgid" (what xgettext's
        // --keyword=pgettext:1c,2 writes); an untranslated lookup returns the key itself.
        let key = context + "\u{4}" + msgid
        let translated = gettext(key)
        return translated == key ? nil : translated
    }

    /// The singular or plural form for `count`, translated in the `first-open` domain.
    package static func ngettext(_ singular: String, _ plural: String, _ count: Int) -> String {
        _ = binding
        return singular.withCString { cSingular in
            plural.withCString { cPlural in
                guard let translated = dngettext(domain, cSingular, cPlural, UInt(max(count, 0))) else {
                    return count == 1 ? singular : plural
                }
                return String(cString: translated)
            }
        }
    }

    /// Replaces the first `%s` / `%1$s` (or `%d` / `%1$d`) in a translated template.
    static func substitute(_ template: String, _ argument: String) -> String {
        substitute(template, [argument])
    }

    /// Fills the placeholders of a translated template with `arguments`: `%1$s`,
    /// `%2$s` (or `%1$d`, …) by position, plain `%s` / `%d` in order; `%%` is a percent
    /// sign. A placeholder without an argument, and anything else after `%`, stays as
    /// written. Written out rather than handed to a printf-style formatter: a
    /// translation (or an app name) with a stray `%n` or `%s` must never be interpreted
    /// as a format, and the arguments themselves are never scanned.
    static func substitute(_ template: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.first == "%" {
                result += "%"
                rest = after.dropFirst()
                continue
            }
            let digits = after.prefix(while: \.isASCII).prefix(while: \.isNumber)
            let tail = after.dropFirst(digits.count)
            if !digits.isEmpty, tail.first == "$", let kind = tail.dropFirst().first, kind == "s" || kind == "d",
               let position = Int(digits), (1...arguments.count).contains(position) {
                result += arguments[position - 1]
                rest = tail.dropFirst(2)
            } else if let kind = after.first, kind == "s" || kind == "d", next < arguments.count {
                result += arguments[next]
                next += 1
                rest = after.dropFirst()
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }

    // MARK: Binding

    private struct Binding: Sendable {
        let directory: String?
    }

    // Swift runs a static `let` initialiser exactly once, thread-safely.
    private static let binding: Binding = {
        let directory = findLocaleDirectory()
        if let directory {
            bindtextdomain(domain, directory)
        }
        bind_textdomain_codeset(domain, "UTF-8")
        return Binding(directory: directory)
    }()

    private static func findLocaleDirectory() -> String? {
        if let variable = g_getenv(localeDirectoryVariable), variable.pointee != 0 {
            return String(cString: variable)
        }
        if let installed = fo_config_locale_directory() {
            return String(cString: installed)
        }
        // A development build: the catalogues scripts/build-translations.sh compiled.
        if let root = packageRoot(), containsCatalogs(root + "/.build/locale") {
            return root + "/.build/locale"
        }
        return nil
    }

    private static func executableDirectory() -> String? {
        guard let resolved = g_file_read_link("/proc/self/exe", nil) else { return nil }
        defer { g_free(resolved) }
        guard let directory = g_path_get_dirname(resolved) else { return nil }
        defer { g_free(directory) }
        return String(cString: directory)
    }

    /// The package's source tree in a development build; `nil` in a build with install
    /// paths (no path of the build machine is compiled into those).
    private static func packageRoot() -> String? {
        fo_config_source_root().map { String(cString: $0) }
    }

    /// Whether `<directory>/<lang>/LC_MESSAGES/first-open.mo` exists for some language.
    private static func containsCatalogs(_ directory: String) -> Bool {
        guard let dir = g_dir_open(directory, 0, nil) else { return false }
        defer { g_dir_close(dir) }
        while let entry = g_dir_read_name(dir) {
            let catalog = "\(directory)/\(String(cString: entry))/LC_MESSAGES/\(domain).mo"
            if g_file_test(catalog, G_FILE_TEST_IS_REGULAR) != 0 { return true }
        }
        return false
    }
}
