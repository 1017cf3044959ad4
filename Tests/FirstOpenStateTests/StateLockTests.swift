import Foundation
import XCTest
import FirstOpenState
import FirstOpenTestSupport

/// The lock is checked against real second processes (`flock` from util-linux).
final class StateLockTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private var store: KeyFileVersionStore!
    private var flockTool: String!
    private let appID = "org.example.Car"
    /// `flock -E` exit status when the lock is taken.
    private let busy: Int32 = 75

    override func setUpWithError() throws {
        temp = try TemporaryDirectory()
        store = KeyFileVersionStore(directory: temp.path + "/first-open")
        flockTool = try XCTUnwrap(which("flock"), "the lock tests need flock(1) from util-linux")
    }

    override func tearDown() {
        temp.remove()
    }

    /// Exit status of `flock -n -E 75 <lock file> true` in another process.
    private func otherProcessTryLock() throws -> Int32 {
        try runProgram(flockTool, ["-n", "-E", "\(busy)", store.lockPath(for: appID), "true"])
    }

    func testLockIsExclusiveAcrossProcessesAndReleased() throws {
        let lock = try XCTUnwrap(try store.tryLock(appID: appID))
        XCTAssertTrue(lock.isHeld)
        XCTAssertGreaterThanOrEqual(lock.fileDescriptor, 0)
        XCTAssertEqual(try otherProcessTryLock(), busy)
        lock.release()
        XCTAssertFalse(lock.isHeld)
        XCTAssertEqual(lock.fileDescriptor, -1)
        lock.release()  // twice is harmless
        XCTAssertEqual(try otherProcessTryLock(), 0)
    }

    func testLockIsReleasedOnDeinit() throws {
        var lock = try store.tryLock(appID: appID)
        try withExtendedLifetime(lock) {
            XCTAssertNotNil(lock)
            XCTAssertEqual(try otherProcessTryLock(), busy)
        }
        lock = nil // the last reference goes: deinit releases the lock
        XCTAssertEqual(try otherProcessTryLock(), 0)
    }

    func testSecondLockInTheSameProcessIsRefused() throws {
        let first = try XCTUnwrap(try store.tryLock(appID: appID))
        XCTAssertNil(try store.tryLock(appID: appID))
        XCTAssertNotNil(try store.tryLock(appID: "org.example.Other"), "locks are per app")
        first.release()
        XCTAssertNotNil(try store.tryLock(appID: appID))
    }

    func testLockHeldByAnotherProcessReturnsNil() throws {
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let holder = Process()
        // One process throughout (sh execs flock's "sleep"), so terminating it frees the lock.
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", "exec 9>\"$1\" && \"$2\" -x 9 && echo locked && exec sleep 30",
                            "sh", store.lockPath(for: appID), flockTool]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        defer {
            holder.terminate()
            holder.waitUntilExit()
        }
        // Wait until the other process holds the lock.
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        XCTAssertEqual(line, "locked\n")

        XCTAssertNil(try store.tryLock(appID: appID))
        holder.terminate()
        holder.waitUntilExit()
        XCTAssertNotNil(try store.tryLock(appID: appID))
    }

    /// Spawns `sleep 30` with posix_spawn, which (unlike Foundation.Process) lets the
    /// child inherit every descriptor without FD_CLOEXEC, as `execv` does.
    private func spawnSleeper() throws -> pid_t {
        var pid: pid_t = 0
        let words: [String] = ["/bin/sleep", "30"]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let status = posix_spawn(&pid, "/bin/sleep", nil, nil, arguments, environ)
        guard status == 0 else { throw NSError(domain: "posix_spawn", code: Int(status)) }
        return pid
    }

    private func reap(_ pid: pid_t) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    func testKeepAcrossExecHandsTheLockToTheChild() throws {
        let lock = try XCTUnwrap(try store.tryLock(appID: appID))
        XCTAssertNotEqual(fcntl(lock.fileDescriptor, F_GETFD) & FD_CLOEXEC, 0, "not inherited by default")
        XCTAssertTrue(lock.keepAcrossExec())
        XCTAssertEqual(fcntl(lock.fileDescriptor, F_GETFD) & FD_CLOEXEC, 0)

        let child = try spawnSleeper()
        lock.release()
        // The child's inherited descriptor still holds the lock...
        XCTAssertEqual(try otherProcessTryLock(), busy)
        reap(child)
        // ...until it exits.
        XCTAssertEqual(try otherProcessTryLock(), 0)
    }

    func testWithoutKeepAcrossExecTheChildGetsNothing() throws {
        let lock = try XCTUnwrap(try store.tryLock(appID: appID))
        let child = try spawnSleeper()
        defer { reap(child) }
        lock.release()
        XCTAssertEqual(try otherProcessTryLock(), 0)
    }

    func testAdoptingAnInheritedDescriptor() throws {
        let lock = try XCTUnwrap(try store.tryLock(appID: appID))
        lock.keepAcrossExec()
        // What the helper receives after exec: the same open file description.
        let inherited = dup(lock.fileDescriptor)
        let adopted = try XCTUnwrap(StateLock(adoptingFileDescriptor: inherited))
        XCTAssertEqual(adopted.fileDescriptor, inherited)
        XCTAssertNotEqual(fcntl(inherited, F_GETFD) & FD_CLOEXEC, 0, "close-on-exec again after adoption")
        lock.release()
        XCTAssertEqual(try otherProcessTryLock(), busy, "the adopted descriptor keeps the lock")
        adopted.release()
        XCTAssertEqual(try otherProcessTryLock(), 0)
    }

    func testAdoptingRefusesForeignOrClosedDescriptors() throws {
        let lock = try XCTUnwrap(try store.tryLock(appID: appID))
        // Another open file description of the same file: someone else's lock.
        let foreign = open(store.lockPath(for: appID), O_RDWR)
        XCTAssertGreaterThanOrEqual(foreign, 0)
        XCTAssertNil(StateLock(adoptingFileDescriptor: foreign))
        close(foreign)
        XCTAssertNil(StateLock(adoptingFileDescriptor: -1))
        let closed = dup(0)
        close(closed)
        XCTAssertNil(StateLock(adoptingFileDescriptor: closed))
        withExtendedLifetime(lock) {}
    }
}
