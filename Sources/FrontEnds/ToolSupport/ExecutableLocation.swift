internal import CGLib

/// Where the running program lives, for finding its helper and for the command an
/// autostart entry runs.
package enum ExecutableLocation {
    /// The absolute path of the running binary (`/proc/self/exe`), or `nil`.
    package static var path: String? {
        guard let resolved = g_file_read_link("/proc/self/exe", nil) else { return nil }
        defer { g_free(resolved) }
        return String(cString: resolved)
    }

    /// The folder of the running binary, or `nil`.
    package static var directory: String? {
        guard let path, let folder = g_path_get_dirname(path) else { return nil }
        defer { g_free(folder) }
        return String(cString: folder)
    }

    /// `path` made absolute and canonical (`.`/`..` and duplicate slashes removed)
    /// against the working directory, without requiring it to exist: an autostart
    /// entry runs from another working directory, and `remove` names a spec that may
    /// be gone.
    package static func absolute(_ path: String) -> String {
        guard let canonical = g_canonicalize_filename(path, nil) else { return path }
        defer { g_free(canonical) }
        return String(cString: canonical)
    }
}
