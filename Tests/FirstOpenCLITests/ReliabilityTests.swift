import Foundation
import XCTest

/// The reliability campaign, kept: concurrent writers, hostile files, `kill -9` during
/// writes, the display dying. Each test is bounded (a few rounds; the harness kills
/// anything still running after its timeout). `scripts/reliability.sh` runs the same
/// tests with `FIRST_OPEN_RELIABILITY_ROUNDS` raised for the long campaign.
final class ReliabilityTests: XCTestCase {
    /// Rounds of each randomised test: small in CI, large by hand.
    static var rounds: Int {
        Int(ProcessInfo.processInfo.environment["FIRST_OPEN_RELIABILITY_ROUNDS"] ?? "") ?? 1
    }

    private let appID = "org.example.Car"

    private func requireDisplay() throws {
        if (ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty {
            if ProcessInfo.processInfo.environment["FIRST_OPEN_REQUIRE_DISPLAY"] == "1" {
                XCTFail("FIRST_OPEN_REQUIRE_DISPLAY=1 but DISPLAY is unset: run the suite with scripts/test.sh")
            }
            throw XCTSkip("no X display; scripts/test.sh runs these under Xvfb")
        }
    }

    // MARK: One verdict

    /// A colour only one of two checks accepted used to pass `validate` and fail every
    /// login (or the reverse): now every command gives the same verdict and message.
    func testEveryCommandGivesTheSameColourVerdict() throws {
        let cli = try CLIHarness()
        for (value, accepted) in [("#1c71d8\t", true), ("Light Blue", true), ("notacolour", false), ("rgb(,,)", false)] {
            let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0", extra: "AccentColor=\(value)"))
            let validate = try cli.run(["validate", spec])
            let explain = try cli.run(["explain", spec])
            let markSeen = try cli.run(["mark-seen", spec])
            let login = try cli.run([spec], removing: ["DISPLAY", "WAYLAND_DISPLAY"])
            for (name, result) in [("validate", validate), ("explain", explain), ("mark-seen", markSeen), ("login", login)] {
                XCTAssertEqual(result.status, accepted ? 0 : 65, "\(name) \(value.debugDescription): \(result.stdout)\(result.stderr)")
                if !accepted {
                    XCTAssertTrue((result.stdout + result.stderr).contains("AccentColor"), "\(name): \(result.stderr)")
                }
            }
            XCTAssertEqual(cli.recordedVersion(appID) != nil, accepted, "mark-seen records only a valid spec")
            _ = try cli.run(["reset", spec])
        }
    }

    // MARK: Concurrent writers

    func testConcurrentMarkSeensEndAtTheHighestVersion() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        var random = SeededRandom(seed: 0x10_2030)
        for round in 0..<(2 * Self.rounds) {
            XCTAssertEqual(try cli.run(["reset", spec]).status, 0)
            XCTAssertEqual(try cli.run(["mark-seen", spec, "--version", "1.0"]).status, 0)
            let versions = (1...30).map { "2.\($0)" }.shuffled(using: &random)
            let started = try versions.map { try cli.start(["mark-seen", spec, "--version", $0]) }
            for process in started {
                let result = CLIHarness.finish(process)
                XCTAssertEqual(result.status, 0, result.stderr)
            }
            XCTAssertEqual(cli.recordedVersion(appID), "2.30", "round \(round)")
        }
    }

    func testALowerAndAHigherMarkSeenTogetherKeepTheHigher() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        for round in 0..<(10 * Self.rounds) {
            XCTAssertEqual(try cli.run(["reset", spec]).status, 0)
            let lower = try cli.start(["mark-seen", spec, "--version", "1.5"])
            let higher = try cli.start(["mark-seen", spec, "--version", "2.0"])
            XCTAssertEqual(CLIHarness.finish(lower).status, 0)
            XCTAssertEqual(CLIHarness.finish(higher).status, 0)
            XCTAssertEqual(cli.recordedVersion(appID), "2.0", "round \(round)")
        }
    }

    // MARK: Files that could hang or flood the login

    /// Every command that reads these files returns (the harness kills and fails it
    /// otherwise) with one short line, and the app's lock is not left held.
    func testFIFOsAndDevicesWhereFilesBelongNeverBlock() throws {
        let cli = try CLIHarness()
        let fifo = cli.root.appendingPathComponent("hang.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)

        // The spec itself, and metainfo files it names.
        for command in [["explain", fifo], ["mark-seen", fifo], ["validate", fifo], ["show", fifo]] {
            let result = try cli.run(command)
            XCTAssertEqual(result.status, 65, "\(command): \(result.stderr)")
            // validate prints its findings on stdout, the others on stderr.
            XCTAssertTrue((result.stdout + result.stderr).contains("not a regular file"), "\(command): \(result.stderr)")
        }
        // The release notes are read when What's New is due: after 1.2.0 was seen.
        try cli.write("state/first-open/\(appID).state", "[First Open]\nVersion=1.2.0\n")
        for key in ["ReleaseNotes=\(fifo)", "ReleaseNotes=/dev/zero"] {
            let spec = try cli.write("notes.spec", FirstOpenCommandTests.spec(version: "1.3.0", extra: key))
            let result = try cli.run(["explain", spec])
            XCTAssertEqual(result.status, 65, result.stderr)
            XCTAssertTrue(result.stderr.contains("not a regular file"), result.stderr)
        }

        // The record and the settings: reported, never waited on.
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        unlink(cli.recordURL(appID).path)
        XCTAssertEqual(mkfifo(cli.recordURL(appID).path, 0o600), 0)
        let record = try cli.run(["explain", spec])
        XCTAssertEqual(record.status, 74, record.stdout + record.stderr)
        XCTAssertTrue(record.stderr.contains("not a regular file"), record.stderr)
        unlink(cli.recordURL(appID).path)

        let settings = cli.configHome.appendingPathComponent("first-open/first-open.conf")
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(settings.path, 0o600), 0)
        let withSettings = try cli.run(["explain", spec])
        XCTAssertEqual(withSettings.status, 0, withSettings.stderr)
        XCTAssertTrue(withSettings.stderr.contains("not a regular file"), withSettings.stderr)
    }

    func testAFIFOIconDoesNotBlockTheWindowOrHoldTheLock() throws {
        try requireDisplay()
        let cli = try CLIHarness()
        let fifo = cli.root.appendingPathComponent("icon.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0", extra: "Icon=\(fifo)"))
        // The window is drawn and quits by itself; a blocked icon load would never draw
        // it, and the harness would kill it (and fail) at its timeout.
        let shown = CLIHarness.finish(try cli.start([spec], extraEnvironment: ["FIRST_OPEN_QUIT_WHEN_DRAWN": "1"]),
                                      timeout: 60)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        // The lock went with the window: the next start decides again (still due).
        XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("welcome"))
    }

    // MARK: The display dying

    func testTheXServerDyingWhileTheWindowIsOpenIsOneLineAndExit69() throws {
        try requireDisplay() // Xvfb is installed where the suite runs with a display
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        for round in 0..<Self.rounds {
            let server = try PrivateXServer()
            defer { server.stop() }
            let started = try cli.start([spec], extraEnvironment: ["DISPLAY": server.display], removing: ["WAYLAND_DISPLAY"])
            try server.waitForWindow("Welcome to Car")
            server.kill()
            let result = CLIHarness.finish(started)
            XCTAssertEqual(result.status, 69, "round \(round): \(result.stderr)")
            XCTAssertEqual(result.stderr, "first-open: the display went away while the welcome window was open; nothing recorded\n")
            XCTAssertNil(cli.recordedVersion(appID), "the user dismissed nothing")
            XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("welcome"), "still due, lock released")
        }
    }

    // MARK: kill -9 during writes

    func testKillDuringWritesLeavesAnOldOrNewRecordAndStrayFilesAreSwept() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", spec, "--version", "1.0"]).status, 0)
        let directory = cli.stateHome.appendingPathComponent("first-open")
        var random = SeededRandom(seed: 0x9_1111)
        var expected = ["1.0"]
        for kill in 0..<(20 * Self.rounds) {
            let version = "1.\(kill + 1)"
            let started = try cli.start(["mark-seen", spec, "--version", version])
            usleep(UInt32(random.next() % 4_000))
            Glibc.kill(started.process.processIdentifier, SIGKILL)
            _ = CLIHarness.finish(started)
            expected.append(version)
            // Old or new, never torn: the record parses as one of the versions written.
            let recorded = cli.recordedVersion(appID)
            XCTAssertTrue(recorded.map(expected.contains) ?? false, "kill \(kill): \(recorded ?? "no record")")
            // Keep the sequence strictly rising so every write really writes.
            if let recorded, recorded != version { _ = try cli.run(["mark-seen", spec, "--version", version]) }
        }
        // Whatever the kills left (temp files of g_file_set_contents) is swept by the next
        // write once old enough; simulate the minute passing by ageing them.
        let old = Date().addingTimeInterval(-3600)
        let strays = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(appID + ".state.") && !$0.contains("corrupt") }
        for name in strays {
            try FileManager.default.setAttributes([.modificationDate: old],
                                                  ofItemAtPath: directory.appendingPathComponent(name).path)
        }
        XCTAssertEqual(try cli.run(["mark-seen", spec, "--version", "9.0"]).status, 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertEqual(left, [appID + ".record.lock", appID + ".state"], "after \(strays.count) strays")
    }
}

/// An Xvfb of the test's own, on a display number nobody uses, that the test can kill.
final class PrivateXServer {
    let display: String
    private let process = Process()

    init() throws {
        var number = 700 + Int(getpid() % 200)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        display = ":\(number)"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Waits until a window with this title is mapped on this server.
    func waitForWindow(_ title: String) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let found = try CLIHarness.runTool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^\(title)$"],
                                               environment: ["DISPLAY": display])
            if !found.stdout.isEmpty { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("no window titled \(title) on \(display)")
    }

    /// `kill -9`: the server vanishes without closing its clients' connections cleanly.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func stop() {
        if process.isRunning { kill() }
    }
}

/// SplitMix64: a small deterministic generator, so a failing round reproduces.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
