import Foundation
import XCTest
import FirstOpenState
import FirstOpenTestSupport

final class KeyFileVersionStoreTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private var store: KeyFileVersionStore!
    private let appID = "org.example.Car"

    override func setUpWithError() throws {
        temp = try TemporaryDirectory()
        // The state directory does not exist yet: the store creates it.
        store = KeyFileVersionStore(directory: temp.path + "/state/first-open")
    }

    override func tearDown() {
        temp.remove()
    }

    private func storeError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> StoreError? {
        do {
            try body()
            XCTFail("no error thrown", file: file, line: line)
            return nil
        } catch let error as StoreError {
            XCTAssertFalse(error.description.contains("\n"), file: file, line: line)
            return error
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
            return nil
        }
    }

    func testMissingRecordIsNil() throws {
        XCTAssertNil(try store.recordedVersion(for: appID))
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.directory), "reading creates nothing")
    }

    func testRoundTripWritesACompleteKeyFileAtomically() throws {
        let previousMask = umask(0o022)
        defer { umask(previousMask) }
        try store.record(try Version("1:1.3.0~rc1"), for: appID)

        let recorded = try XCTUnwrap(try store.recordedVersion(for: appID))
        XCTAssertEqual(recorded.description, "1:1.3.0~rc1")
        XCTAssertEqual(recorded, try Version("1:1.3.0~rc1"))

        let path = store.path(for: appID)
        XCTAssertEqual(path, store.directory + "/org.example.Car.state")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        XCTAssertTrue(text.contains("[First Open]\n"), text)
        XCTAssertTrue(text.contains("\nVersion=1:1.3.0~rc1\n"), text)
        let seenAt = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("SeenAt=") })
        XCTAssertNotNil(ISO8601DateFormatter().date(from: String(seenAt.dropFirst("SeenAt=".count))), String(seenAt))
        XCTAssertTrue(text.hasSuffix("\n"), "complete file")

        // No temp file left behind, only the record and the lock its write took.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted(),
                       ["org.example.Car.record.lock", "org.example.Car.state"])
        XCTAssertEqual(permissions(of: path), 0o644)
        XCTAssertEqual(permissions(of: store.directory), 0o700)

        // Atomic: a rewrite replaces the file (rename of a complete temp file), so a
        // reader holding the old file still sees the old, complete record.
        let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? reader.close() }
        var before = stat()
        XCTAssertEqual(stat(path, &before), 0)
        try store.record(try Version("1:1.4.0"), for: appID)
        var after = stat()
        XCTAssertEqual(stat(path, &after), 0)
        XCTAssertNotEqual(before.st_ino, after.st_ino, "a new file was renamed over the record")
        XCTAssertEqual(String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self), text,
                       "the old file is untouched")
    }

    func testRecordNeverLowers() throws {
        try store.record(try Version("2.0"), for: appID)
        try store.record(try Version("1.9"), for: appID)
        XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "2.0")
        try store.record(try Version("2.0.0"), for: appID)
        XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "2.0", "equal keeps the stored text")
        try store.record(try Version("2.1"), for: appID)
        XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "2.1")
        try store.record(try Version("3.0"), for: "org.example.Other")
        XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "2.1", "records are per app")
    }

    func testForget() throws {
        try store.record(try Version("1.0"), for: appID)
        try store.forget(appID)
        XCTAssertNil(try store.recordedVersion(for: appID))
        XCTAssertNoThrow(try store.forget(appID), "forgetting nothing is fine")
    }

    private func assertCorrupt(_ bytes: [UInt8], reasonContains fragment: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let path = store.path(for: appID)
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        guard case let .corrupt(reportedPath, keptAs, reason)? = storeError({ _ = try store.recordedVersion(for: appID) }, file: file, line: line) else {
            return XCTFail("expected .corrupt", file: file, line: line)
        }
        XCTAssertEqual(reportedPath, path, file: file, line: line)
        XCTAssertTrue(reason.contains(fragment), reason, file: file, line: line)
        XCTAssertTrue(keptAs.hasPrefix(path + ".corrupt-"), keptAs, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "moved, not copied", file: file, line: line)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: keptAs))), bytes,
                       "original bytes preserved", file: file, line: line)
        // The next read sees no record; the next write starts afresh.
        XCTAssertNil(try store.recordedVersion(for: appID), file: file, line: line)
    }

    func testGarbageIsMovedAsideWithItsBytes() throws {
        try assertCorrupt(Array("this is not a key file\n".utf8) + [0xFF, 0xFE, 0x00, 0x41], reasonContains: "not a key file")
    }

    func testMissingVersionIsCorrupt() throws {
        try assertCorrupt(Array("[First Open]\nSeenAt=2024-01-01T00:00:00Z\n".utf8), reasonContains: "no Version key")
    }

    func testEmptyFileIsCorrupt() throws {
        try assertCorrupt([], reasonContains: "no Version key")
    }

    func testUnparsableVersionIsCorrupt() throws {
        try assertCorrupt(Array("[First Open]\nVersion=abc!!\n".utf8), reasonContains: "invalid version \"abc!!\"")
    }

    func testCorruptCopiesAreNeverOverwritten() throws {
        try assertCorrupt(Array("first".utf8), reasonContains: "not a key file")
        try assertCorrupt(Array("second".utf8), reasonContains: "not a key file")
        let asides = try FileManager.default.contentsOfDirectory(atPath: store.directory)
            .filter { $0.contains(".corrupt-") }
        XCTAssertEqual(asides.count, 2, "\(asides)")
        let contents = try asides.map { try String(contentsOfFile: store.directory + "/" + $0, encoding: .utf8) }
        XCTAssertEqual(Set(contents), ["first", "second"])
    }

    func testRecordAfterCorruptionWritesAFreshRecord() throws {
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: store.path(for: appID)))
        try store.record(try Version("1.3.0"), for: appID)
        XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "1.3.0")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.directory)
            .filter { $0.contains(".corrupt-") }.count, 1)
    }

    func testUnreadableWhenTheRecordIsADirectory() throws {
        // Works as root too, where chmod 000 would not stop reads.
        try FileManager.default.createDirectory(atPath: store.path(for: appID), withIntermediateDirectories: true)
        guard case let .unreadable(path, reason)? = storeError({ _ = try store.recordedVersion(for: appID) }) else {
            return XCTFail("expected .unreadable")
        }
        XCTAssertEqual(path, store.path(for: appID))
        XCTAssertFalse(reason.isEmpty)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "left in place")
        // Writing must not replace it either.
        XCTAssertNotNil(storeError({ try store.record(try Version("1.0"), for: appID) }))
    }

    func testUnreadableWhenTheParentIsARegularFile() throws {
        try temp.write("state-file", "not a directory")
        let blocked = KeyFileVersionStore(directory: temp.path + "/state-file")
        guard case let .unreadable(path, reason)? = storeError({ _ = try blocked.recordedVersion(for: appID) }) else {
            return XCTFail("expected .unreadable")
        }
        XCTAssertEqual(path, temp.path + "/state-file/org.example.Car.state")
        XCTAssertEqual(reason, "Not a directory")
    }

    func testUnreadableWithoutPermission() throws {
        try store.record(try Version("1.0"), for: appID)
        let path = store.path(for: appID)
        XCTAssertEqual(chmod(path, 0), 0)
        defer { chmod(path, 0o644) }
        if getuid() == 0 {
            // root reads regardless of mode bits: the record must still read fine.
            XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "1.0")
        } else {
            guard case .unreadable? = storeError({ _ = try store.recordedVersion(for: appID) }) else {
                return XCTFail("expected .unreadable")
            }
        }
    }

    /// `sudo -E`: the records' folder, or the nearest folder on the way to it, belongs to
    /// another uid than the one writing. Nothing may be created there: no record, no lock,
    /// no folder (the other user's own first-open could no longer write them).
    func testRefusesToCreateAnythingInAnotherUsersFolder() throws {
        let otherUID = getuid() + 4242
        let before = try FileManager.default.subpathsOfDirectory(atPath: temp.path)
        let intruder = KeyFileVersionStore(directory: temp.path + "/state/first-open", effectiveUID: otherUID)
        for (what, body) in [
            ("record", { try intruder.record(try Version("1.0"), for: self.appID) }),
            ("tryLock", { _ = try intruder.tryLock(appID: self.appID) }),
        ] as [(String, () throws -> Void)] {
            guard case let .otherUsersFolder(directory, owner)? = storeError(body) else {
                return XCTFail("\(what): expected .otherUsersFolder")
            }
            XCTAssertEqual(directory, intruder.directory, what)
            XCTAssertTrue(owner.hasPrefix("\(temp.path) belongs to uid \(getuid()), and uid \(otherUID) this process runs as may not"), owner)
        }
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: temp.path), before, "nothing created")
        // Reading is no write: the other user's record still reads.
        try store.record(try Version("1.0"), for: appID)
        XCTAssertEqual(try intruder.recordedVersion(for: appID)?.description, "1.0")
        // The folder exists now, still the owner's: the intruder writes nothing into it.
        let files = try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted()
        XCTAssertNotNil(storeError({ try intruder.record(try Version("2.0"), for: self.appID) }))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted(), files)
        XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "1.0")
    }

    /// A world-writable sticky folder (`/tmp`) is nobody's home: a folder created in it is
    /// the writer's own.
    func testASharedStickyFolderIsNobodysHome() throws {
        let shared = temp.path + "/shared"
        XCTAssertEqual(mkdir(shared, 0o755), 0)
        XCTAssertEqual(chmod(shared, 0o1777), 0)
        XCTAssertNotNil(OtherUsersFolder.find(creatingIn: temp.path + "/own/first-open", effectiveUID: getuid() + 1))
        XCTAssertNil(OtherUsersFolder.find(creatingIn: shared + "/state/first-open", effectiveUID: getuid() + 1))
        XCTAssertNil(OtherUsersFolder.find(creatingIn: temp.path + "/own/first-open"))
    }

    func testUnwritableWhenTheDirectoryIsARegularFile() throws {
        try temp.write("state-file", "not a directory")
        let blocked = KeyFileVersionStore(directory: temp.path + "/state-file")
        guard case let .unwritable(path, reason)? = storeError({ try blocked.record(try Version("1.0"), for: appID) }) else {
            return XCTFail("expected .unwritable")
        }
        XCTAssertEqual(path, temp.path + "/state-file")
        XCTAssertEqual(reason, "Not a directory")
        XCTAssertEqual(try temp.read("state-file"), "not a directory", "untouched")
        guard case .unwritable? = storeError({ _ = try blocked.tryLock(appID: appID) }) else {
            return XCTFail("expected .unwritable from tryLock")
        }
    }

    func testInvalidAppIDsAreRejected() throws {
        for bad in ["../x", "a/b", "", ".hidden", "..", "a b", "org.example.Car\n", "/etc/passwd", "ünïcode",
                    String(repeating: "a", count: 201)] {
            for operation in [
                { _ = try self.store.recordedVersion(for: bad) },
                { try self.store.record(try Version("1.0"), for: bad) },
                { try self.store.forget(bad) },
                { _ = try self.store.tryLock(appID: bad) },
            ] as [() throws -> Void] {
                guard case let .invalidAppID(reported)? = storeError(operation) else {
                    XCTFail("expected .invalidAppID for \(bad.debugDescription)")
                    continue
                }
                XCTAssertEqual(reported, bad)
            }
        }
        XCTAssertEqual(try temp.contents(), [], "nothing written anywhere")
        for good in ["org.example.Car", "org.gnome.Nautilus", "io.github.some_one.App-2", "debian", "a..b"] {
            XCTAssertTrue(AppID.isValid(good), good)
        }
    }

    func testErrorMessagesAreOneClearLine() {
        XCTAssertEqual(StoreError.unreadable(path: "/s/a.state", reason: "Is a directory").description,
                       "cannot read state record /s/a.state: Is a directory")
        XCTAssertEqual(StoreError.unwritable(path: "/s", reason: "Not a directory").description,
                       "cannot write state record /s: Not a directory")
        XCTAssertEqual(StoreError.corrupt(path: "/s/a.state", keptAs: "/s/a.state.corrupt-1", reason: "no Version key in [First Open]").description,
                       "corrupt state record /s/a.state (no Version key in [First Open]); kept as /s/a.state.corrupt-1")
        XCTAssertTrue(StoreError.invalidAppID("../x").description.hasPrefix("invalid app ID \"../x\""))
    }

    func testDefaultDirectoryFollowsXDGStateHome() {
        let environment = ProcessInfo.processInfo.environment
        let expected = (environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()) + "/.local/state")
            + "/first-open"
        XCTAssertEqual(KeyFileVersionStore.defaultDirectory, expected)
        XCTAssertEqual(KeyFileVersionStore().directory, expected)
    }
}
