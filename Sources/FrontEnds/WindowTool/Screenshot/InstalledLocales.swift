internal import CGLib

/// The UTF-8 locales installed on this system (`locale -a`, read once): what the
/// screenshot renderer may set `LC_MESSAGES` to where glibc ignores `LANGUAGE` in
/// `C.UTF-8` (2.41, Debian 13).
enum InstalledLocales {
    /// Names such as `de_DE.utf8`, in `locale -a`'s order; `C.*` and `POSIX` left out.
    static let utf8Names: [String] = {
        var output: UnsafeMutablePointer<gchar>?
        var status: gint = 0
        guard g_spawn_command_line_sync("locale -a", &output, nil, &status, nil) != 0, status == 0,
              let output else { return [] }
        defer { g_free(output) }
        return String(cString: output).split(separator: "\n").map(String.init).filter { name in
            let lower = name.lowercased()
            return !lower.hasPrefix("c.") && lower != "c" && lower != "posix"
                && (lower.hasSuffix(".utf8") || lower.hasSuffix(".utf-8") || lower.contains(".utf8@") || lower.contains(".utf-8@"))
        }
    }()
}
