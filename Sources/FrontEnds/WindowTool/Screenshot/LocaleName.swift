internal import FirstOpenContent
internal import FirstOpenFlow
internal import CGtk
internal import FirstOpenState
import FirstOpenViews

/// A locale name as users write it for `--locale`, copied from `$LANG` or not:
/// `de`, `pt_BR`, `sr@latin`, `de_DE.UTF-8`, `sr_RS.UTF-8@latin`, `C.UTF-8`.
///
/// The name itself is kept as given: it fills the `{locale}` placeholder of output
/// paths and picks the spec's `Key[LOCALE]=` translations (GKeyFile tries its variants
/// without codeset, territory and modifier). gettext gets ``languages``.
struct LocaleName: Sendable {
    /// The name as given.
    let name: String
    /// gettext's `LANGUAGE` list for it, best first and without codeset (`LANGUAGE`
    /// holds language names, not locales): `sr_RS.UTF-8@latin` → `sr_RS@latin`,
    /// `sr@latin`, `sr_RS`, `sr`. `C` and `POSIX` (with any codeset) → `C`.
    let languages: [String]

    /// `nil` unless `text` looks like `language[_territory][.codeset][@modifier]`.
    init?(_ text: String) {
        guard let first = text.utf8.first, Self.isLetter(first),
              text.utf8.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || Self.punctuation.contains($0) })
        else { return nil }
        name = text
        // GLib's own rule, as GKeyFile and g_get_language_names apply it.
        let variants = g_get_locale_variants(text)
        defer { g_strfreev(variants) }
        let withoutCodeset = StringVector.strings(variants).filter { !$0.contains(".") }
        languages = withoutCodeset.contains { $0 == "C" || $0 == "POSIX" } ? ["C"] : withoutCodeset
    }

    /// `LANGUAGE`'s value: the languages joined by colons.
    var languageVariable: String { languages.joined(separator: ":") }

    /// Whether the built-in strings need no translation: `C`, `POSIX` and English
    /// (the strings are written in English).
    var isUntranslated: Bool {
        languages == ["C"] || languages.last == "en"
    }

    /// The one-line warning for a language without a compiled catalogue of the built-in
    /// strings (the window would silently stay English), or `nil` when there is one or
    /// none is needed.
    var missingTranslationWarning: String? {
        if isUntranslated || Localization.catalogLanguage(among: languages) != nil { return nil }
        let directory = Self.canonical(Localization.localeDirectory ?? Localization.systemLocaleDirectory)
        let prefix = "--locale \(name): no \(Localization.domain).mo for \(languages.joined(separator: ", ")) in \(directory)"
        if let sources = Localization.sourceTranslations(among: languages) {
            let target = Localization.localeDirectory.map(Self.canonical) ?? sources.buildDirectory
            return prefix + "; the built-in strings stay English until you run: "
                + "\(sources.packageRoot)/scripts/build-translations.sh \(target)"
        }
        return prefix + ": the built-in strings stay English (no \(Localization.domain) translation for this language)"
    }

    /// `path` without `..` steps, for messages.
    private static func canonical(_ path: String) -> String {
        guard let canonical = g_canonicalize_filename(path, nil) else { return path }
        defer { g_free(canonical) }
        return String(cString: canonical)
    }

    private static let punctuation: Set<UInt8> = [UInt8(ascii: "_"), UInt8(ascii: "@"), UInt8(ascii: "."),
                                                  UInt8(ascii: "-")]

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
