import Glibc

/// A folder that belongs to another user than the one this process runs as, found where
/// first-open was about to create a file: `sudo -E app` (and `sudo --preserve-env`,
/// `pkexec` wrappers, `su -m` …) runs the app and first-open as root with the user's
/// `HOME` and `XDG_*`, and every file created there would be root's, in the user's home.
/// The user's own first-open could then no longer write its record or lock (permission
/// denied: exit 74, What's New never shown again). So nothing is created instead.
///
/// The rule is the file that would be left, judged by the folders the path lies in, not by
/// `$HOME` (root's `HOME=/root` with `XDG_STATE_HOME` in a user's home is the same case):
/// - **root** creates nothing under a folder of another user: neither the nearest folder
///   that exists on the way nor any folder above it may belong to a uid other than 0 —
///   a `~/.local` already root's (an earlier `sudo pip`) still lies in the user's home;
/// - **any other uid** owns what it creates, so it is refused only where it could not
///   create anything: the nearest existing folder is another user's and its mode does not
///   let this uid write there (a group-writable team folder of a group the user is in is
///   the user's to write).
/// A world-writable sticky folder (`/tmp`) is nobody's home: everyone creates their own
/// files there.
package struct OtherUsersFolder: Equatable, Sendable, CustomStringConvertible {
    /// The folder that belongs to someone else.
    package let path: String
    /// Its owner's uid.
    package let owner: UInt32
    /// This process's effective uid.
    package let effectiveUID: UInt32

    package var description: String {
        guard effectiveUID == 0 else {
            return "\(path) belongs to uid \(owner), and uid \(effectiveUID) this process runs as may not create files there"
        }
        return "\(path) belongs to uid \(owner), not to uid \(effectiveUID) this process runs as "
            + "(sudo -E keeps another user's environment); run it as that user"
    }

    /// The other user's folder in the way of creating files in `directory`, or nil when
    /// this process may create them there as its own.
    package static func find(creatingIn directory: String, effectiveUID: UInt32 = geteuid()) -> OtherUsersFolder? {
        var path = directory
        var info = stat()
        while stat(path, &info) != 0 {
            // Missing, out of reach (a folder above it this uid cannot search), or a file in
            // the way (which the write reports itself): look further up.
            guard errno == ENOENT || errno == ENOTDIR || errno == EACCES, let parent = parent(of: path) else {
                return nil
            }
            path = parent
        }
        guard effectiveUID == 0 else {
            guard info.st_uid != effectiveUID, !isSharedSticky(info), !mayCreate(in: info, as: effectiveUID) else {
                return nil
            }
            return OtherUsersFolder(path: path, owner: info.st_uid, effectiveUID: effectiveUID)
        }
        // root writes anywhere: every folder up to / is asked whose space the file lands in.
        while true {
            if info.st_uid != 0, !isSharedSticky(info) {
                return OtherUsersFolder(path: path, owner: info.st_uid, effectiveUID: effectiveUID)
            }
            guard let parent = parent(of: path), stat(parent, &info) == 0 else { return nil }
            path = parent
        }
    }

    /// `/tmp` and its kind: world-writable with the sticky bit.
    private static func isSharedSticky(_ info: stat) -> Bool {
        info.st_mode & (S_ISVTX | S_IWOTH) == (S_ISVTX | S_IWOTH)
    }

    /// Whether `uid` may create files in the folder `info` describes, by its mode (the
    /// group counts when `uid` is this process's and the folder's group is one of its).
    private static func mayCreate(in info: stat, as uid: UInt32) -> Bool {
        let writeSearch: (mode_t, mode_t)
        if info.st_uid == uid {
            writeSearch = (S_IWUSR, S_IXUSR)
        } else if uid == geteuid(), isMember(of: info.st_gid) {
            writeSearch = (S_IWGRP, S_IXGRP)
        } else {
            writeSearch = (S_IWOTH, S_IXOTH)
        }
        return info.st_mode & writeSearch.0 != 0 && info.st_mode & writeSearch.1 != 0
    }

    /// Whether this process's effective or supplementary groups include `gid`.
    private static func isMember(of gid: gid_t) -> Bool {
        if getegid() == gid { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let filled = getgroups(count, &groups)
        return filled > 0 && groups.prefix(Int(filled)).contains(gid)
    }

    private static func parent(of path: String) -> String? {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return nil }
        if slash == trimmed.startIndex { return trimmed.count > 1 ? "/" : nil }
        return String(trimmed[..<slash])
    }
}
