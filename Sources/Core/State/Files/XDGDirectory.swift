internal import CGLib

/// GLib's XDG base directories, with the rule of the XDG Base Directory specification
/// that GLib does not apply: "All paths set in these environment variables must be
/// absolute. If an implementation encounters a relative path in any of these variables
/// it should consider the path invalid and ignore it." A relative `XDG_STATE_HOME`
/// would otherwise put the record wherever the session happened to start the process.
/// A value that is not UTF-8 is ignored the same way: Swift strings cannot hold it, and
/// its repaired spelling (U+FFFD for each bad byte) would name another directory.
package enum XDGDirectory {
    /// `$XDG_STATE_HOME`, or `~/.local/state` when it is unset, empty or relative.
    package static var userState: String {
        absolute(g_get_user_state_dir(), default: ".local/state")
    }

    /// `$XDG_CONFIG_HOME`, or `~/.config` when it is unset, empty or relative.
    package static var userConfig: String {
        absolute(g_get_user_config_dir(), default: ".config")
    }

    /// `$XDG_DATA_HOME`, or `~/.local/share` when it is unset, empty or relative.
    package static var userData: String {
        absolute(g_get_user_data_dir(), default: ".local/share")
    }

    /// The absolute entries of `$XDG_DATA_DIRS`; `/usr/local/share` and `/usr/share`
    /// when none is (the specification's default).
    package static var systemData: [String] {
        let directories = StringVector.strings(g_get_system_data_dirs())
            .filter { $0.hasPrefix("/") && !$0.unicodeScalars.contains("\u{FFFD}") }
        return directories.isEmpty ? ["/usr/local/share", "/usr/share"] : directories
    }

    /// The data folders in the order they are searched: ``userData``, then
    /// ``systemData`` (metainfo files, desktop entries, icon themes).
    package static var data: [String] {
        [userData] + systemData
    }

    /// `$XDG_CACHE_HOME`, or `~/.cache` when it is unset, empty or relative.
    package static var userCache: String {
        absolute(g_get_user_cache_dir(), default: ".cache")
    }

    /// The absolute entries of `$XDG_CONFIG_DIRS`; `/etc/xdg` when none is.
    package static var systemConfig: [String] {
        let directories = StringVector.strings(g_get_system_config_dirs())
            .filter { $0.hasPrefix("/") && !$0.unicodeScalars.contains("\u{FFFD}") }
        return directories.isEmpty ? ["/etc/xdg"] : directories
    }

    private static func absolute(_ value: UnsafePointer<gchar>?, default relative: String) -> String {
        if let value, UInt8(bitPattern: value.pointee) == UInt8(ascii: "/"), g_utf8_validate(value, -1, nil) != 0 {
            return String(cString: value)
        }
        return String(cString: g_get_home_dir()) + "/" + relative
    }
}
