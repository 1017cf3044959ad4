internal import CGLib

/// The locale names a translation may be tagged with, best first, as GLib lists them
/// for GKeyFile and gettext: `de_DE.UTF-8@euro` → `de_DE.UTF-8@euro`, `de_DE@euro`,
/// `de.UTF-8@euro`, `de@euro`, `de_DE.UTF-8`, `de_DE`, `de.UTF-8`, `de`.
enum LocaleVariants {
    /// Variants of `locale`, or of the process's languages (`LANGUAGE`, `LC_ALL`,
    /// `LC_MESSAGES`, `LANG`) when `nil`. `C` and `POSIX` mean "untranslated" and are
    /// left out.
    static func list(for locale: String?) -> [String] {
        var names: [String] = []
        if let locale {
            guard let variants = g_get_locale_variants(locale) else { return [] }
            defer { g_strfreev(variants) }
            var index = 0
            while let name = variants[index] {
                names.append(String(cString: name))
                index += 1
            }
        } else if let languages = g_get_language_names() {
            // Owned by GLib: not freed.
            var index = 0
            while let name = languages[index] {
                names.append(String(cString: name))
                index += 1
            }
        }
        return names.filter { $0 != "C" && $0 != "POSIX" && !$0.isEmpty }
    }
}
