internal import CGLib
import Glibc

/// A folder that belongs to another user than the one this process runs as, found where
/// first-open was about to create a file: `sudo -E app` (and `sudo --preserve-env`,
/// `pkexec` wrappers, `su -m` …) runs the app and first-open as root with the user's
/// `HOME` and `XDG_*`, and every file created there would be root's, in the user's home.
/// The user's own first-open could then no longer write its record or lock (permission
/// denied: exit 74, What's New never shown again). So nothing is created instead.
///
/// The owner compared with the effective uid is that of the nearest folder that exists
/// on the way to the one to be written (the folder itself once it exists), and, for root,
/// of the home folder when the folder lies in it. A world-writable sticky folder (`/tmp`) is
/// nobody's home: everyone creates their own files there.
package struct OtherUsersFolder: Equatable, Sendable, CustomStringConvertible {
    /// The folder that belongs to someone else.
    package let path: String
    /// Its owner's uid.
    package let owner: UInt32
    /// This process's effective uid.
    package let effectiveUID: UInt32

    package var description: String {
        "\(path) belongs to uid \(owner), not to uid \(effectiveUID) this process runs as "
            + "(sudo -E keeps another user's environment); run it as that user"
    }

    /// The other user's folder in the way of creating files in `directory`, or nil when
    /// this process may create them there as its own.
    package static func find(creatingIn directory: String, effectiveUID: UInt32 = geteuid()) -> OtherUsersFolder? {
        var path = directory
        while true {
            var info = stat()
            if stat(path, &info) == 0 {
                let sharedSticky = info.st_mode & (S_ISVTX | S_IWOTH) == (S_ISVTX | S_IWOTH)
                if info.st_uid != effectiveUID && !sharedSticky {
                    return OtherUsersFolder(path: path, owner: info.st_uid, effectiveUID: effectiveUID)
                }
                break
            }
            // Missing (or a file in the way, which the write reports itself): look further up.
            guard errno == ENOENT || errno == ENOTDIR, let parent = parent(of: path) else { break }
            path = parent
        }
        // root writes anywhere: a folder on the way that is already root's (made by an
        // earlier `sudo -E`, before this check) must not let it go on in a user's home.
        // Another uid can only write where the owner let it, so only root is asked this.
        guard effectiveUID == 0 else { return nil }
        let home = String(cString: g_get_home_dir())
        guard home.count > 1, directory == home || directory.hasPrefix(home + "/") else { return nil }
        var info = stat()
        guard stat(home, &info) == 0, info.st_uid != effectiveUID else { return nil }
        return OtherUsersFolder(path: home, owner: info.st_uid, effectiveUID: effectiveUID)
    }

    private static func parent(of path: String) -> String? {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return nil }
        if slash == trimmed.startIndex { return trimmed.count > 1 ? "/" : nil }
        return String(trimmed[..<slash])
    }
}
