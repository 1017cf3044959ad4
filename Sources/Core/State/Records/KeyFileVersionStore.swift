internal import CGLib
import Glibc

/// A ``VersionStore`` that keeps one key file per app in a directory, by default
/// `$XDG_STATE_HOME/first-open` (`~/.local/state/first-open`).
///
/// `<directory>/<appID>.state`:
/// ```ini
/// [First Open]
/// Version=1.3.0
/// SeenAt=2025-03-01T09:12:44+01:00
/// ```
/// Writes are atomic and durable (`g_file_set_contents_full` with `CONSISTENT |
/// DURABLE`, mode 0644). A record that is not a valid record is moved aside to
/// `<appID>.state.corrupt-<UTC timestamp>`, never deleted or overwritten, and reported
/// as ``StoreError/corrupt(path:keptAs:reason:)``.
public final class KeyFileVersionStore: VersionStore, Sendable {
    /// The key-file group of a record.
    package static let group = "First Open"
    /// The key holding the recorded version.
    package static let versionKey = "Version"
    /// The key holding when the version was recorded (ISO 8601, local time).
    package static let seenAtKey = "SeenAt"

    /// The directory holding the records.
    package let directory: String

    /// The effective uid the store writes as: a folder of another user is never written
    /// (``StoreError/otherUsersFolder(directory:owner:)``).
    package let effectiveUID: UInt32

    /// A store in `directory` (created on the first write).
    public init(directory: String) {
        self.directory = directory
        effectiveUID = geteuid()
    }

    /// A store in `directory` that writes as `effectiveUID` (tests: another user's folder
    /// without being root).
    package init(directory: String, effectiveUID: UInt32) {
        self.directory = directory
        self.effectiveUID = effectiveUID
    }

    /// A store in ``defaultDirectory``.
    public convenience init() {
        self.init(directory: Self.defaultDirectory)
    }

    /// `g_get_user_state_dir()` + `/first-open`: `$XDG_STATE_HOME/first-open`, by
    /// default `~/.local/state/first-open`. GLib reads the environment once per process.
    package static var defaultDirectory: String {
        XDGDirectory.userState + "/first-open"
    }

    /// The record file of `appID` (not validated).
    package func path(for appID: String) -> String {
        directory + "/" + appID + ".state"
    }

    /// The lock file of `appID` (not validated): held by the process showing the window.
    ///
    /// The names of one app's files end in `.state`, `.window.lock` and `.record.lock`,
    /// none a suffix of another, so no two app IDs share a file: with `APPID.lock` here,
    /// app `X.record`'s window lock was app `X`'s record lock.
    package func lockPath(for appID: String) -> String {
        directory + "/" + appID + ".window.lock"
    }

    /// The lock file that serialises writes of `appID`'s record (not validated): held
    /// only for a read-compare-write, never while a window is open.
    package func recordLockPath(for appID: String) -> String {
        directory + "/" + appID + ".record.lock"
    }

    /// How long a write waits for another process's read-compare-write of the same
    /// record (those take milliseconds; this bound only matters for a stuck process).
    package static let recordLockTimeout = 10.0

    /// Temporary files of interrupted writes (``stagingPath(for:)`` and GLib's temp files
    /// next to it, left by a `kill -9` between the temp file and the last rename) older
    /// than this are removed under the record lock.
    package static let staleTemporaryFileAge = 60

    /// Where a record is written before it is renamed over ``path(for:)``: a hidden
    /// name no user file and no other app's file has (app IDs never start with `.`).
    /// GLib's temp file for it is `<staging path>.XXXXXX`.
    package func stagingPath(for appID: String) -> String {
        directory + "/." + appID + ".state.writing"
    }

    // MARK: VersionStore

    /// The recorded version. A corrupt record is moved aside (and reported) when
    /// `movingCorruptRecordAside` is true; otherwise it is reported and left in
    /// place (`keptAs` is then its own path), for read-only callers like `explain`.
    ///
    /// Moving aside happens under the record lock, after reading the file again: a
    /// concurrent process may have replaced the corrupt record with a fresh, valid one
    /// meanwhile, and that one must never be moved aside.
    public func recordedVersion(for appID: String, movingCorruptRecordAside: Bool) throws(StoreError) -> Version? {
        try AppID.validate(appID)
        let path = path(for: appID)
        switch try read(path) {
        case nil:
            return nil
        case let .version(version)?:
            return version
        case let .corrupt(reason)?:
            guard movingCorruptRecordAside else { throw .corrupt(path: path, keptAs: path, reason: reason) }
            return try withRecordLock(appID) { () throws(StoreError) -> Version? in
                switch try read(path) {
                case let .version(version)?:
                    return version
                case nil:
                    // Another process moved it aside between our two reads and has not
                    // written the fresh record yet: this user still has been here before.
                    throw .corrupt(path: path, keptAs: path, reason: "\(reason); moved aside by another process meanwhile")
                case let .corrupt(reason)?:
                    throw .corrupt(path: path, keptAs: try moveAside(path, reason: reason, removingOriginal: true), reason: reason)
                }
            }
        }
    }

    /// Records `version` unless a higher one is recorded: the read, the comparison and
    /// the write happen under the record lock (``recordLockPath(for:)``), so concurrent
    /// writers (two `mark-seen`s, a dismissal and a `mark-seen`) end at the highest
    /// version whatever their order.
    ///
    /// A corrupt record is replaced in one step: a hard link keeps its bytes as
    /// `<appID>.state.corrupt-<time>`, then the fresh record is renamed over it, so a
    /// concurrent reader sees the corrupt record or the fresh one, never no record (which
    /// would welcome a returning user).
    /// - Returns: the version recorded afterwards (`version`, or the higher or equal one
    ///   that was kept), and the corrupt record that was replaced, if any.
    @discardableResult
    public func recordKeepingHigher(_ version: Version, for appID: String) throws(StoreError) -> (stored: Version, replacedCorrupt: StoreError?) {
        try AppID.validate(appID)
        try makeDirectory()
        let path = path(for: appID)
        return try withRecordLock(appID) { () throws(StoreError) -> (stored: Version, replacedCorrupt: StoreError?) in
            removeStaleTemporaryFiles(of: appID)
            var replaced: StoreError?
            switch try read(path) {
            case let .version(existing)?:
                if existing >= version { return (existing, nil) }
            case let .corrupt(reason)?:
                let keptAs = try moveAside(path, reason: reason, removingOriginal: false)
                replaced = .corrupt(path: path, keptAs: keptAs, reason: reason)
            case nil:
                break
            }
            let keyFile = KeyFile()
            keyFile.setTopComment(" The last version of \(appID) whose Welcome or What's New window was seen.\n Written by first-open; delete this file to see the Welcome window again.")
            keyFile.setString(version.description, for: Self.versionKey, in: Self.group)
            keyFile.setString(formattedNow("%Y-%m-%dT%H:%M:%S%:z", utc: false), for: Self.seenAtKey, in: Self.group)
            try writeThroughStagingName(keyFile, appID: appID)
            return (version, replaced)
        }
    }

    /// Removes the record file, so the next start shows Welcome. No record is not an error.
    public func forget(_ appID: String) throws(StoreError) {
        try AppID.validate(appID)
        let path = path(for: appID)
        if unlink(path) != 0, errno != ENOENT, errno != ENOTDIR {
            throw .unwritable(path: path, reason: errnoDescription(errno))
        }
    }

    // MARK: Lock

    /// Takes the per-app lock without waiting (`flock(LOCK_EX | LOCK_NB)` on
    /// `<directory>/<appID>.window.lock`), so that concurrent starts show the window once.
    /// - Returns: the lock, or nil when another process holds it.
    /// - Throws: ``StoreError/unwritable(path:reason:)`` when the lock file cannot be
    ///   created (or is a symbolic link, a FIFO…), ``StoreError/invalidAppID(_:)``.
    public func tryLock(appID: String) throws(StoreError) -> StateLock? {
        try AppID.validate(appID)
        try makeDirectory()
        // The window is shown under this lock and recorded on dismissal: a directory
        // where the record cannot be written (read-only, or the user's own chmod) would
        // show it at every login and fail only afterwards. Say so before showing.
        if access(directory, W_OK) != 0 {
            throw .unwritable(path: directory, reason: String(cString: strerror(errno)))
        }
        return try StateLock.acquire(path: lockPath(for: appID))
    }

    /// Runs `body` holding the record lock of `appID` (waiting up to
    /// ``recordLockTimeout``), then releases it.
    private func withRecordLock<T>(_ appID: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try makeDirectory()
        let lockPath = recordLockPath(for: appID)
        guard let lock = try StateLock.acquire(path: lockPath, waitingUpTo: Self.recordLockTimeout) else {
            throw .unwritable(path: lockPath, reason: "another process has held the record lock for \(Int(Self.recordLockTimeout)) s")
        }
        defer { lock.release() }
        return try body()
    }

    /// Writes the record with `g_file_set_contents_full` (temp file, fsync, rename) to
    /// ``stagingPath(for:)``, then renames that over the record. Two renames instead of
    /// one because GLib names its temp file `<target>.XXXXXX`: for the record itself that
    /// is `APPID.state.XXXXXX`, the shape of a user's `APPID.state.backup`, and the sweep
    /// of files left by killed writes could not tell the two apart. Either rename may be
    /// interrupted: the record is then the old one, and the staging files are swept.
    private func writeThroughStagingName(_ keyFile: KeyFile, appID: String) throws(StoreError) {
        let path = path(for: appID)
        let staging = stagingPath(for: appID)
        do throws(GLibError) {
            try keyFile.write(to: staging, mode: 0o644)
        } catch {
            throw .unwritable(path: path, reason: Self.reason(error))
        }
        if rename(staging, path) != 0 {
            let reason = errnoDescription(errno)
            unlink(staging)
            throw .unwritable(path: path, reason: reason)
        }
    }

    /// Removes this program's temp files of `appID` older than ``staleTemporaryFileAge``
    /// seconds: ``stagingPath(for:)`` and GLib's `<staging path>.XXXXXX`, nothing else.
    /// Called under the record lock, where no writer is between its temp file and its
    /// last rename; the age keeps a writer that does not take the lock safe too.
    private func removeStaleTemporaryFiles(of appID: String) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        let staging = Array(("." + appID + ".state.writing").utf8)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard name == staging || Self.isTemporaryFileName(name, prefix: staging + [UInt8(ascii: ".")])
            else { continue }
            let path = directory + "/" + String(decoding: name, as: UTF8.self)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                  now.tv_sec - info.st_mtim.tv_sec > Self.staleTemporaryFileAge else { continue }
            unlink(path)
        }
    }

    /// `prefix` + six letters or digits: the name `g_file_set_contents` gives its temp
    /// file (`g_mkstemp`'s XXXXXX).
    static func isTemporaryFileName(_ name: [UInt8], prefix: [UInt8]) -> Bool {
        guard name.count == prefix.count + 6, name.starts(with: prefix) else { return false }
        return name[prefix.count...].allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    // MARK: Private

    private enum ReadOutcome {
        case version(Version)
        case corrupt(reason: String)
    }

    /// Reads the record with the checked read (a FIFO or a huge file in its place
    /// neither blocks nor fills the memory); nil when there is none. A file too large to
    /// be a record is corrupt; one that is not a regular file is unreadable.
    private func read(_ path: String) throws(StoreError) -> ReadOutcome? {
        do {
            return try CheckedFile.withContents(of: path, limit: Self.recordLimit) { data, length in
                Self.parseRecord(data, length: length)
            }
        } catch CheckedFile.Failure.missing {
            return nil
        } catch let failure as CheckedFile.Failure {
            if case .tooLarge = failure { return .corrupt(reason: "not a record: \(failure)") }
            throw .unreadable(path: path, reason: failure.description)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    /// A record is a few lines; anything bigger is not one.
    static let recordLimit = 64 * 1024

    private static func parseRecord(_ data: UnsafePointer<gchar>, length: Int) -> ReadOutcome {
        let keyFile = KeyFile()
        do {
            try keyFile.load(data, length: length)
        } catch {
            return .corrupt(reason: "not a key file: \(Quoted.line(error.message, limit: 200))")
        }
        let text: String
        do {
            text = try keyFile.string(versionKey, in: group)
        } catch {
            return .corrupt(reason: "no \(versionKey) key in [\(group)]")
        }
        do {
            return .version(try Version(text))
        } catch {
            return .corrupt(reason: error.description)
        }
    }

    /// Creates the records' folder; every write (record, locks, a corrupt record's copy)
    /// comes here first, so none creates a file in another user's folder.
    private func makeDirectory() throws(StoreError) {
        if let other = OtherUsersFolder.find(creatingIn: directory, effectiveUID: effectiveUID) {
            throw .otherUsersFolder(directory: directory, owner: other.description)
        }
        if let reason = GLibFile.makeDirectory(directory, mode: 0o700) {
            throw .unwritable(path: directory, reason: reason)
        }
    }

    /// Keeps a corrupt record as `<path>.corrupt-<timestamp>[-N]` without ever
    /// replacing an existing file: `link` fails on an existing name, unlike `rename`.
    /// With `removingOriginal` false the record stays too, for a write that replaces it.
    private func moveAside(_ path: String, reason: String, removingOriginal: Bool) throws(StoreError) -> String {
        // A repair whose fresh write failed (a full disk) left the corrupt record and its
        // hard-linked copy: the next start would add one more copy at every login.
        if let kept = existingCopy(of: path) {
            if removingOriginal { unlink(path) }
            return kept
        }
        let base = path + ".corrupt-" + formattedNow("%Y%m%dT%H%M%SZ", utc: true)
        for attempt in 0..<100 {
            let candidate = attempt == 0 ? base : "\(base)-\(attempt)"
            if link(path, candidate) == 0 {
                if removingOriginal { unlink(path) }
                return candidate
            }
            let linkError = errno
            if linkError == EEXIST { continue }
            // Filesystems without hard links: rename, after checking the name is free.
            if linkError == EPERM || linkError == ENOSYS || linkError == EOPNOTSUPP || linkError == EMLINK {
                if access(candidate, F_OK) == 0 { continue }
                // Without hard links the original cannot stay: the fresh write follows at once.
                if rename(path, candidate) == 0 { return candidate }
                throw .unwritable(path: path, reason: "corrupt record (\(reason)) could not be moved aside: \(errnoDescription(errno))")
            }
            throw .unwritable(path: path, reason: "corrupt record (\(reason)) could not be moved aside: \(errnoDescription(linkError))")
        }
        throw .unwritable(path: path, reason: "corrupt record (\(reason)) could not be moved aside: too many earlier copies")
    }

    /// A `<path>.corrupt-…` name that is a hard link to `path` itself, if there is one.
    private func existingCopy(of path: String) -> String? {
        var record = stat()
        guard lstat(path, &record) == 0, record.st_nlink > 1, let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let prefix = Array((name + ".corrupt-").utf8)
        while let entry = readdir(dir) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard entryName.starts(with: prefix) else { continue }
            let candidate = directory + "/" + String(decoding: entryName, as: UTF8.self)
            var info = stat()
            if lstat(candidate, &info) == 0, info.st_ino == record.st_ino, info.st_dev == record.st_dev {
                return candidate
            }
        }
        return nil
    }

    /// GLib messages already name the file; keep just the cause after the last ": ".
    private static func reason(_ failure: GLibError) -> String {
        let message = failure.message
        var cut = message.startIndex
        var index = message.startIndex
        while index < message.endIndex {
            let next = message.index(after: index)
            if message[index] == ":", next < message.endIndex, message[next] == " " {
                cut = message.index(after: next)
            }
            index = next
        }
        return cut < message.endIndex ? String(message[cut...]) : message
    }
}
