import Foundation
import XCTest
@testable import FirstOpenState
import FirstOpenTestSupport

/// Read-compare-write under the record lock: concurrent writers in one process (each
/// with its own lock descriptor, as separate processes have) never lower a record,
/// never lose each other's settings, and move a corrupt record aside exactly once.
final class ConcurrentWriteTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private let appID = "org.example.Car"

    override func setUpWithError() throws {
        temp = try TemporaryDirectory()
    }

    override func tearDown() {
        temp.remove()
    }

    /// Runs `count` bodies on concurrent threads and waits for all of them.
    private func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }

    func testConcurrentRecordsEndAtTheHighestVersion() throws {
        let store = KeyFileVersionStore(directory: temp.path + "/state")
        for round in 0..<3 {
            try store.forget(appID)
            try store.record(try Version("1.0"), for: appID)
            let versions = (1...30).map { "2.\($0)" }.shuffled()
            let failures = Failures()
            concurrently(versions.count) { index in
                do {
                    try store.record(try Version(versions[index]), for: "org.example.Car")
                } catch {
                    failures.add("\(error)")
                }
            }
            XCTAssertEqual(failures.all, [])
            XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "2.30", "round \(round)")
        }
    }

    func testLowerAndHigherWrittenTogetherKeepTheHigher() throws {
        let store = KeyFileVersionStore(directory: temp.path + "/state")
        for _ in 0..<20 {
            try store.forget(appID)
            concurrently(2) { index in
                try? store.record(try! Version(index == 0 ? "1.5" : "2.0"), for: "org.example.Car")
            }
            XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "2.0")
        }
    }

    func testACorruptRecordIsMovedAsideOnceWhateverTheNumberOfRepairers() throws {
        let store = KeyFileVersionStore(directory: temp.path + "/state")
        for round in 0..<5 {
            try? FileManager.default.removeItem(atPath: store.directory)
            try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
            let garbage = "garbage \(round)"
            try Data(garbage.utf8).write(to: URL(fileURLWithPath: store.path(for: appID)))
            let current = try Version("3.0")
            let decisions = Failures()
            concurrently(8) { _ in
                // One session per "process"; the store is shared as the directory is.
                let session = FirstOpenSession(appID: "org.example.Car", currentVersion: current, store: store)
                do {
                    let (decision, _) = try session.decideRepairingCorruptRecord()
                    decisions.add("\(decision)")
                } catch {
                    decisions.add("error: \(error)")
                }
            }
            // Nobody is welcomed; the fresh record is never moved aside by a late repairer.
            XCTAssertFalse(decisions.all.contains { $0.contains("welcome") || $0.hasPrefix("error") }, "\(decisions.all)")
            let copies = try FileManager.default.contentsOfDirectory(atPath: store.directory).filter { $0.contains(".corrupt-") }
            XCTAssertEqual(copies.count, 1, "round \(round): \(copies)")
            if let copy = copies.first {
                XCTAssertEqual(try String(contentsOfFile: store.directory + "/" + copy, encoding: .utf8), garbage)
            }
            XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "3.0")
        }
    }

    func testConcurrentSettingsWritersKeepEachOthersChoices() throws {
        let file = temp.path + "/config/first-open/first-open.conf"
        let settings = FirstOpenSettings(userConfigFile: file)
        let apps = (1...12).map { "org.example.App\($0)" }
        let failures = Failures()
        concurrently(apps.count) { index in
            do {
                try settings.setUserShowsWhatsNew(false, appID: apps[index])
            } catch {
                failures.add("\(error)")
            }
        }
        XCTAssertEqual(failures.all, [])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        for app in apps {
            XCTAssertTrue(text.contains("[App \(app)]"), "\(app) lost:\n\(text)")
        }
    }

    func testStaleTemporaryFilesOfKilledWritesAreSweptUnderTheLock() throws {
        let store = KeyFileVersionStore(directory: temp.path + "/state")
        try store.record(try Version("1.0"), for: appID)
        let stale = [".org.example.Car.state.writing.Ab12Cd", ".org.example.Car.state.writing.ZZZZZZ",
                     ".org.example.Car.state.writing"]
        let fresh = ".org.example.Car.state.writing.q1w2e3"
        // GLib's temp-name shape on the record itself is a user's `APPID.state.backup` too.
        let unrelated = ["org.example.Car.state.corrupt-20250101T000000Z", ".org.example.Other.state.writing.Ab12Cd",
                         "org.example.Car.state.Ab12Cd", "org.example.Car.state.backup"]
        for name in stale + [fresh] + unrelated {
            try Data("partial".utf8).write(to: URL(fileURLWithPath: store.directory + "/" + name))
        }
        let old = Date().addingTimeInterval(-Double(KeyFileVersionStore.staleTemporaryFileAge) - 60)
        for name in stale + unrelated {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: store.directory + "/" + name)
        }
        try store.record(try Version("1.1"), for: appID)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: store.directory))
        for name in stale { XCTAssertFalse(left.contains(name), "\(name) swept") }
        // A write in progress (young) and files of other shapes or apps are left alone.
        for name in [fresh] + unrelated { XCTAssertTrue(left.contains(name), "\(name) kept") }
    }

    func testSymbolicLinksAreNeverFollowedWhenWriting() throws {
        let store = KeyFileVersionStore(directory: temp.path + "/state")
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let outside = temp.path + "/outside.txt"
        try Data("[First Open]\nVersion=1.0\n".utf8).write(to: URL(fileURLWithPath: outside))
        // A record that is a symlink is replaced, not written through.
        XCTAssertEqual(symlink(outside, store.path(for: appID)), 0)
        try store.record(try Version("2.0"), for: appID)
        XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), "[First Open]\nVersion=1.0\n")
        var info = stat()
        XCTAssertEqual(lstat(store.path(for: appID), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
        // Lock files are opened with O_NOFOLLOW: a symlink is refused, its target untouched.
        XCTAssertEqual(symlink(outside, store.lockPath(for: appID)), 0)
        XCTAssertThrowsError(try store.tryLock(appID: appID)) { error in
            XCTAssertTrue("\(error)".contains("symbolic link"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), "[First Open]\nVersion=1.0\n")
    }
}

/// A thread-safe list of strings collected by concurrent bodies.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
