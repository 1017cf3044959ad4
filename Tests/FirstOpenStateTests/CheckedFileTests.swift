import Foundation
import XCTest
@testable import FirstOpenState
import FirstOpenTestSupport

/// The one checked read: regular files only, bounded, never blocking. A read that
/// blocked would hang the suite, so each one runs on a thread that the test waits for
/// with a generous timeout (a hang guard, not a timing assertion).
final class CheckedFileTests: XCTestCase {
    private var temp: TemporaryDirectory!

    override func setUpWithError() throws {
        temp = try TemporaryDirectory()
    }

    override func tearDown() {
        temp.remove()
    }

    private func readGuarded(_ path: String, limit: Int) -> Result<[UInt8], CheckedFile.Failure>? {
        let done = expectation(description: "read of \(path) returned")
        let box = ResultBox()
        Thread.detachNewThread {
            do throws(CheckedFile.Failure) {
                box.result = .success(try CheckedFile.read(path, limit: limit))
            } catch {
                box.result = .failure(error)
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        return box.result
    }

    func testRegularFileIsReadWhole() throws {
        try temp.write("a.state", "[First Open]\nVersion=1.0\n")
        XCTAssertEqual(try readGuarded(temp.path + "/a.state", limit: 100)?.get(), Array("[First Open]\nVersion=1.0\n".utf8))
    }

    func testFIFOIsRefusedWithoutBlocking() {
        let fifo = temp.path + "/icon.png"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        guard case .failure(.notRegularFile(let kind))? = readGuarded(fifo, limit: 100) else {
            return XCTFail("a FIFO must be refused")
        }
        XCTAssertEqual(kind, "a FIFO")
    }

    func testDevicesAndDirectoriesAreRefused() {
        guard case .failure(.notRegularFile)? = readGuarded("/dev/zero", limit: 100) else {
            return XCTFail("/dev/zero must be refused")
        }
        guard case .failure(.notRegularFile("a directory"))? = readGuarded(temp.path, limit: 100) else {
            return XCTFail("a directory must be refused")
        }
    }

    func testTooLargeIsRefusedBeforeReading() throws {
        let huge = temp.path + "/huge"
        XCTAssertTrue(((try? Data().write(to: URL(fileURLWithPath: huge))) != nil))
        XCTAssertEqual(truncate(huge, 1 << 40), 0, "a sparse 1 TiB file")
        guard case .failure(.tooLarge(limit: 4096))? = readGuarded(huge, limit: 4096) else {
            return XCTFail("a huge file must be refused")
        }
    }

    func testProcFilesReportingSizeZeroAreStillBounded() {
        // /proc files say st_size == 0: the limit applies to what is actually read.
        guard case .success(let bytes)? = readGuarded("/proc/self/status", limit: 1 << 20) else {
            return XCTFail("/proc/self/status is readable")
        }
        XCTAssertFalse(bytes.isEmpty)
        guard case .failure(.tooLarge)? = readGuarded("/proc/self/status", limit: 8) else {
            return XCTFail("the limit applies to /proc files too")
        }
    }

    func testMissingFile() {
        guard case .failure(.missing)? = readGuarded(temp.path + "/nothing", limit: 100) else {
            return XCTFail("missing")
        }
    }

    func testAFIFORecordIsUnreadableAndAHugeOneCorrupt() throws {
        let store = KeyFileVersionStore(directory: temp.path + "/state")
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(store.path(for: "org.example.Fifo"), 0o600), 0)
        XCTAssertThrowsError(try store.recordedVersion(for: "org.example.Fifo")) { error in
            guard case .unreadable(_, let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("not a regular file"), reason)
        }
        let huge = store.path(for: "org.example.Huge")
        XCTAssertTrue(((try? Data().write(to: URL(fileURLWithPath: huge))) != nil))
        XCTAssertEqual(truncate(huge, 50 << 20), 0)
        XCTAssertThrowsError(try store.recordedVersion(for: "org.example.Huge")) { error in
            guard case .corrupt(_, _, let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertLessThan("\(error)".utf8.count, 400, "the message stays short: \(reason)")
        }
    }

    func testAFIFOSettingsFileIsAWarningNotAHang() throws {
        let user = temp.path + "/config"
        try FileManager.default.createDirectory(atPath: user + "/first-open", withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(user + "/first-open/first-open.conf", 0o600), 0)
        let done = expectation(description: "settings loaded")
        let box = ResultBox()
        Thread.detachNewThread {
            box.warnings = FirstOpenSettings.load(appID: "org.example.Car", systemConfigDirs: [], userConfigDir: user).warnings
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(box.warnings.count, 1)
        XCTAssertTrue(box.warnings.first?.contains("not a regular file") ?? false, "\(box.warnings)")
    }
}

private final class ResultBox: @unchecked Sendable {
    var result: Result<[UInt8], CheckedFile.Failure>?
    var warnings: [String] = []
}
