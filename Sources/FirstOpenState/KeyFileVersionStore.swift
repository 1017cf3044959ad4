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
    public static let group = "First Open"
    /// The key holding the recorded version.
    public static let versionKey = "Version"
    /// The key holding when the version was recorded (ISO 8601, local time).
    public static let seenAtKey = "SeenAt"

    /// The directory holding the records.
    public let directory: String

    /// A store in `directory` (created on the first write).
    public init(directory: String) {
        self.directory = directory
    }

    /// A store in ``defaultDirectory``.
    public convenience init() {
        self.init(directory: Self.defaultDirectory)
    }

    /// `g_get_user_state_dir()` + `/first-open`: `$XDG_STATE_HOME/first-open`, by
    /// default `~/.local/state/first-open`. GLib reads the environment once per process.
    public static var defaultDirectory: String {
        String(cString: g_get_user_state_dir()) + "/first-open"
    }

    /// The record file of `appID` (not validated).
    public func path(for appID: String) -> String {
        directory + "/" + appID + ".state"
    }

    /// The lock file of `appID` (not validated).
    public func lockPath(for appID: String) -> String {
        directory + "/" + appID + ".lock"
    }

    // MARK: VersionStore

    public func recordedVersion(for appID: String) throws(StoreError) -> Version? {
        try recordedVersion(for: appID, movingCorruptRecordAside: true)
    }

    /// The recorded version. A corrupt record is moved aside (and reported) when
    /// `movingCorruptRecordAside` is true; otherwise it is reported and left in
    /// place (`keptAs` is then its own path), for read-only callers like `explain`.
    public func recordedVersion(for appID: String, movingCorruptRecordAside: Bool) throws(StoreError) -> Version? {
        try AppID.validate(appID)
        let path = path(for: appID)
        let outcome: ReadOutcome
        do {
            outcome = try GLibFile.withContents(of: path) { data, length in
                Self.parseRecord(data, length: length)
            }
        } catch let failure as GLibFailure {
            if failure.isFileError(G_FILE_ERROR_NOENT) { return nil }
            throw .unreadable(path: path, reason: Self.reason(failure))
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        switch outcome {
        case let .version(version):
            return version
        case let .corrupt(reason):
            let keptAs = movingCorruptRecordAside ? try moveAside(path, reason: reason) : path
            throw .corrupt(path: path, keptAs: keptAs, reason: reason)
        }
    }

    public func record(_ version: Version, for appID: String) throws(StoreError) {
        try AppID.validate(appID)
        try makeDirectory()
        let existing: Version?
        do {
            existing = try recordedVersion(for: appID)
        } catch .corrupt {
            // Moved aside; a fresh record replaces it.
            existing = nil
        }
        if let existing, existing >= version { return }

        let keyFile = KeyFile()
        keyFile.setTopComment(" The last version of \(appID) whose Welcome or What's New window was seen.\n Written by first-open; delete this file to see the Welcome window again.")
        keyFile.setString(version.description, for: Self.versionKey, in: Self.group)
        keyFile.setString(formattedNow("%Y-%m-%dT%H:%M:%S%:z", utc: false), for: Self.seenAtKey, in: Self.group)
        let path = path(for: appID)
        do {
            try keyFile.write(to: path, mode: 0o644)
        } catch {
            throw .unwritable(path: path, reason: Self.reason(error))
        }
    }

    public func forget(_ appID: String) throws(StoreError) {
        try AppID.validate(appID)
        let path = path(for: appID)
        if unlink(path) != 0, errno != ENOENT, errno != ENOTDIR {
            throw .unwritable(path: path, reason: errnoDescription(errno))
        }
    }

    // MARK: Lock

    /// Takes the per-app lock without waiting (`flock(LOCK_EX | LOCK_NB)` on
    /// `<directory>/<appID>.lock`), so that concurrent starts show the window once.
    /// - Returns: the lock, or nil when another process holds it.
    /// - Throws: ``StoreError/unwritable(path:reason:)`` when the lock file cannot be
    ///   created, ``StoreError/invalidAppID(_:)``.
    public func tryLock(appID: String) throws(StoreError) -> StateLock? {
        try AppID.validate(appID)
        try makeDirectory()
        return try StateLock.acquire(path: lockPath(for: appID))
    }

    // MARK: Private

    private enum ReadOutcome {
        case version(Version)
        case corrupt(reason: String)
    }

    private static func parseRecord(_ data: UnsafePointer<gchar>, length: Int) -> ReadOutcome {
        let keyFile = KeyFile()
        do {
            try keyFile.load(data, length: length)
        } catch {
            return .corrupt(reason: "not a key file: \(error.message)")
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

    private func makeDirectory() throws(StoreError) {
        if let reason = GLibFile.makeDirectory(directory, mode: 0o700) {
            throw .unwritable(path: directory, reason: reason)
        }
    }

    /// Moves a corrupt record to `<path>.corrupt-<timestamp>[-N]` without ever
    /// replacing an existing file: `link` fails on an existing name, unlike `rename`.
    private func moveAside(_ path: String, reason: String) throws(StoreError) -> String {
        let base = path + ".corrupt-" + formattedNow("%Y%m%dT%H%M%SZ", utc: true)
        for attempt in 0..<100 {
            let candidate = attempt == 0 ? base : "\(base)-\(attempt)"
            if link(path, candidate) == 0 {
                unlink(path)
                return candidate
            }
            let linkError = errno
            if linkError == EEXIST { continue }
            // Filesystems without hard links: rename, after checking the name is free.
            if linkError == EPERM || linkError == ENOSYS || linkError == EOPNOTSUPP || linkError == EMLINK {
                if access(candidate, F_OK) == 0 { continue }
                if rename(path, candidate) == 0 { return candidate }
                throw .unwritable(path: path, reason: "corrupt record (\(reason)) could not be moved aside: \(errnoDescription(errno))")
            }
            throw .unwritable(path: path, reason: "corrupt record (\(reason)) could not be moved aside: \(errnoDescription(linkError))")
        }
        throw .unwritable(path: path, reason: "corrupt record (\(reason)) could not be moved aside: too many earlier copies")
    }

    /// GLib messages already name the file; keep just the cause after the last ": ".
    private static func reason(_ failure: GLibFailure) -> String {
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
