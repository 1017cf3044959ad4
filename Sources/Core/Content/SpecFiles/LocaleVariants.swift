internal import CGLib
internal import FirstOpenState

/// The locale names a translation may be tagged with, best first, as GLib lists them
/// for GKeyFile and gettext: `de_DE.UTF-8@euro` → `de_DE.UTF-8@euro`, `de_DE@euro`,
/// `de.UTF-8@euro`, `de@euro`, `de_DE.UTF-8`, `de_DE`, `de.UTF-8`, `de`.
enum LocaleVariants {
    /// Variants of `locale`, or of the process's languages (`LANGUAGE`, `LC_ALL`,
    /// `LC_MESSAGES`, `LANG`, as gettext honours them: ``GettextLanguages``) when `nil`.
    /// `C` and `POSIX` mean "untranslated" and are left out.
    static func list(for locale: String?) -> [String] {
        let names: [String]
        if let locale {
            let variants = g_get_locale_variants(locale)
            defer { g_strfreev(variants) }
            names = StringVector.strings(variants)
        } else {
            names = GettextLanguages.current()
        }
        return names.filter { $0 != "C" && $0 != "POSIX" && !$0.isEmpty }
    }
}
