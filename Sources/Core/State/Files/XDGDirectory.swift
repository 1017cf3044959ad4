internal import CGLib
import Glibc

/// The XDG base directories as GLib reads them, with the rule of the XDG Base Directory
/// specification that GLib does not apply: "All paths set in these environment variables
/// must be absolute. If an implementation encounters a relative path in any of these
/// variables it should consider the path invalid and ignore it." A relative
/// `XDG_STATE_HOME` would otherwise put the record wherever the session happened to start
/// the process. A value that is not UTF-8 is ignored the same way: Swift strings cannot
/// hold it, and its repaired spelling (U+FFFD for each bad byte) would name another
/// directory. The user's folders are read from the environment here rather than through
/// `g_get_user_state_dir()` and its kind, which fall back on `g_get_home_dir()`: for an
/// account without a passwd line and without `HOME` that printed two GLib warnings on
/// every start (``home`` is the same answer, quietly).
package enum XDGDirectory {
    /// `$XDG_STATE_HOME`, or `~/.local/state` when it is unset, empty or relative.
    package static var userState: String {
        userDirectory("XDG_STATE_HOME", default: ".local/state")
    }

    /// `$XDG_CONFIG_HOME`, or `~/.config` when it is unset, empty or relative.
    package static var userConfig: String {
        userDirectory("XDG_CONFIG_HOME", default: ".config")
    }

    /// `$XDG_DATA_HOME`, or `~/.local/share` when it is unset, empty or relative.
    package static var userData: String {
        userDirectory("XDG_DATA_HOME", default: ".local/share")
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
        userDirectory("XDG_CACHE_HOME", default: ".cache")
    }

    /// The absolute entries of `$XDG_CONFIG_DIRS`; `/etc/xdg` when none is.
    package static var systemConfig: [String] {
        let directories = StringVector.strings(g_get_system_config_dirs())
            .filter { $0.hasPrefix("/") && !$0.unicodeScalars.contains("\u{FFFD}") }
        return directories.isEmpty ? ["/etc/xdg"] : directories
    }

    /// The home folder: `$HOME` when it is absolute and UTF-8, else the user database's
    /// entry for this uid, else `/` (GLib's last resort too).
    package static var home: String {
        if let value = getenv("HOME"), isAbsoluteUTF8(value) { return String(cString: value) }
        // The entry's strings point into the buffer: read inside its access, where the
        // buffer is alive (QuietSession.userName says what happened otherwise).
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        return buffer.withUnsafeMutableBufferPointer { storage -> String in
            if getpwuid_r(getuid(), &entry, storage.baseAddress!, storage.count, &result) == 0, result != nil,
               let directory = entry.pw_dir, isAbsoluteUTF8(directory) {
                return String(cString: directory)
            }
            return "/"
        }
    }

    private static func userDirectory(_ variable: String, default relative: String) -> String {
        if let value = getenv(variable), isAbsoluteUTF8(value) { return String(cString: value) }
        let home = home
        return (home == "/" ? "" : home) + "/" + relative
    }

    private static func isAbsoluteUTF8(_ value: UnsafePointer<CChar>) -> Bool {
        UInt8(bitPattern: value.pointee) == UInt8(ascii: "/") && g_utf8_validate(value, -1, nil) != 0
    }
}
