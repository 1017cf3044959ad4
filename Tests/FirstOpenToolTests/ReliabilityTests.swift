import Foundation
import FirstOpenTestSupport
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
        try requireXDisplay()
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

    // MARK: Hostile corpora and fuzzed specs through the real binaries

    static let corpusDirectory = packageRoot.appendingPathComponent("Tests/Corpus")

    static func corpus(_ kind: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = corpusDirectory.appendingPathComponent(kind)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map {
            ($0, Array(try Data(contentsOf: directory.appendingPathComponent($0))))
        }
    }

    /// One clear line at most on stderr, no raw escape sequence, a documented status.
    private func assertWellBehaved(_ result: CLIHarness.Result, _ label: String, allowed: Set<Int32>,
                                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(allowed.contains(result.status), "\(label): status \(result.status): \(result.stderr)", file: file, line: line)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertLessThanOrEqual(lines.count, 2, "\(label): \(result.stderr)", file: file, line: line)
        for text in lines + result.stdout.split(separator: "\n") {
            XCTAssertLessThan(text.utf8.count, 2_000, "\(label): a line of \(text.utf8.count) bytes", file: file, line: line)
            XCTAssertFalse(text.utf8.contains(0x1B), "\(label): raw ESC", file: file, line: line)
        }
    }

    /// `validate` and the login path give the same verdict on every corpus spec and on
    /// mutants of them (fixed seed). What's New is made due first, so the login path
    /// reads everything a window would need (release notes are read only then).
    func testValidateAndTheLoginPathAgreeOnTheCorpusAndOnMutants() throws {
        let cli = try CLIHarness()
        var random = SeededRandom(seed: 0xC0_4415)
        let corpus = try Self.corpus("specs")
        XCTAssertGreaterThan(corpus.count, 20)
        var cases = corpus
        for index in 0..<(40 * Self.rounds) {
            let seed = corpus[Int(random.next() % UInt64(corpus.count))]
            cases.append(("mutant \(index) of \(seed.name)", Self.mutate(seed.bytes, using: &random)))
        }
        for (name, bytes) in cases {
            let spec = cli.root.appendingPathComponent("case.spec")
            try Data(bytes).write(to: spec)
            try? FileManager.default.removeItem(at: cli.stateHome)
            let seen = try cli.run(["mark-seen", spec.path, "--version", "0.1"])
            assertWellBehaved(seen, "\(name) mark-seen", allowed: [0, 65, 74])
            let validate = try cli.run(["validate", spec.path])
            let login = try cli.run([spec.path], removing: ["DISPLAY", "WAYLAND_DISPLAY"])
            assertWellBehaved(login, "\(name) login", allowed: [0, 65, 74])
            XCTAssertTrue([0, 65].contains(validate.status), "\(name) validate: \(validate.status) \(validate.stderr)")
            XCTAssertEqual(validate.status == 65, login.status == 65,
                           "\(name): validate \(validate.status) \(validate.stdout) / login \(login.status) \(login.stderr)")
        }
    }

    /// Hostile records: never a crash, never Welcome for a returning user, one line,
    /// and a write afterwards keeps the bad bytes aside and records a real version.
    func testHostileStatesAreReportedAndRepairedWithoutWelcomingAgain() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let directory = cli.stateHome.appendingPathComponent("first-open")
        for (name, bytes) in try Self.corpus("states") {
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: cli.recordURL(appID))
            let explain = try cli.run(["explain", spec])
            assertWellBehaved(explain, "\(name) explain", allowed: [0, 74])
            XCTAssertFalse(explain.stdout.hasPrefix("welcome"), "\(name): a record existed: \(explain.stdout)")
            let login = try cli.run([spec], removing: ["DISPLAY", "WAYLAND_DISPLAY"])
            assertWellBehaved(login, "\(name) login", allowed: [0, 74])
            XCTAssertEqual(Array(try Data(contentsOf: cli.recordURL(appID))), bytes, "\(name): no display, nothing changed")
            let seen = try cli.run(["mark-seen", spec])
            assertWellBehaved(seen, "\(name) mark-seen", allowed: [0])
            // A usable record (higher, or a duplicate key GLib resolves) is kept; any
            // other is replaced by the current version.
            XCTAssertTrue(seen.stdout.hasPrefix("recorded org.example.Car 1.3.0") || seen.stdout.hasPrefix("kept"),
                          "\(name): \(seen.stdout)")
            let recorded = cli.recordedVersion(appID)
            let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".corrupt-") }
            if recorded == "1.3.0", kept.count == 1 {
                XCTAssertEqual(Array(try Data(contentsOf: directory.appendingPathComponent(kept[0]))), bytes, name)
            }
        }
    }

    static func mutate(_ seed: [UInt8], using random: inout SeededRandom) -> [UInt8] {
        var bytes = seed
        let tokens: [[UInt8]] = [[0], [0x1B], [0xE9], Array("\n".utf8), Array("=".utf8), Array("\n[Welcome 1]\n".utf8),
                                 Array("\nAccentColor=Light Blue\n".utf8), Array("\nVersion=2.0\n".utf8)]
        for _ in 0..<(1 + Int(random.next() % 3)) {
            let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
            switch random.next() % 3 {
            case 0 where position < bytes.count: bytes[position] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: position)
            default:
                let end = min(bytes.count, position + Int(random.next() % 12))
                bytes.removeSubrange(position..<end)
            }
        }
        return bytes
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

    /// first-open decides Welcome without reading the `ReleaseNotes=` file; the window
    /// helper it hands over to used to read it anyway and fail the login with 65.
    func testABrokenReleaseNotesFileDoesNotStopTheWelcomeWindow() throws {
        try requireDisplay()
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(
            version: "1.3.0", extra: "ReleaseNotes=missing.metainfo.xml"))
        XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("welcome"))
        let shown = CLIHarness.finish(try cli.start([spec], extraEnvironment: ["FIRST_OPEN_QUIT_WHEN_DRAWN": "1"]),
                                      timeout: 60)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stderr, "")
        // What's New needs the file: there the login fails with 65 and names it.
        let forced = try cli.run(["show", "--force", "whats-new", spec])
        XCTAssertEqual(forced.status, 65, forced.stdout + forced.stderr)
        XCTAssertTrue(forced.stderr.contains("missing.metainfo.xml"), forced.stderr)
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
            // On a machine shared with other X servers, a fresh server is occasionally not
            // reachable yet; that is the environment, not the behaviour under test: retry.
            var attempts = 0
            var result: CLIHarness.Result
            repeat {
                attempts += 1
                let server = try PrivateXServer()
                defer { server.stop() }
                let started = try cli.start([spec], extraEnvironment: ["DISPLAY": server.display], removing: ["WAYLAND_DISPLAY"])
                let shown = server.waitForWindow("Welcome to Car")
                server.kill()
                result = CLIHarness.finish(started)
                if shown { break }
            } while attempts < 3 && result.stdout.contains("cannot open a display")
            XCTAssertEqual(result.status, 69, "round \(round): \(result.stdout) \(result.stderr)")
            XCTAssertEqual(result.stderr, "first-open: the display went away while the welcome window was open; nothing recorded\n")
            XCTAssertNil(cli.recordedVersion(appID), "the user dismissed nothing")
            XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("welcome"), "still due, lock released")
        }
    }

    func testValidateReportsTheIconPixelCapTheWindowEnforces() throws {
        let cli = try CLIHarness()
        let png = cli.root.appendingPathComponent("huge.png").path
        // A PNG header declaring 20000 × 20000 pixels (a few bytes on disk).
        let script = """
            import struct, sys, zlib
            def chunk(kind, data):
                return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
            with open(sys.argv[1], 'wb') as f:
                f.write(b'\\x89PNG\\r\\n\\x1a\\n')
                f.write(chunk(b'IHDR', struct.pack('>IIBBBBB', 20000, 20000, 8, 0, 0, 0, 0)))
                f.write(chunk(b'IDAT', zlib.compress(b'\\x00' * 100)))
                f.write(chunk(b'IEND', b''))
            """
        XCTAssertEqual(try CLIHarness.runTool("/usr/bin/python3", ["-c", script, png]).status, 0)
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0", extra: "Icon=\(png)"))
        let result = try cli.run(["validate", spec], removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "\(spec): warning: [First Open] Icon: \(png) is 20000 × 20000 pixels; "
                           + "images are limited to 16 megapixels; the window shows no icon\n")
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
        // Whatever the kills left (the staging record and GLib's temp files next to it) is
        // swept by the next write once old enough; simulate the minute passing by ageing them.
        let old = Date().addingTimeInterval(-3600)
        let strays = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("." + appID + ".state.writing") }
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
        // -displayfd: Xvfb picks a free display itself and writes its number (no race
        // with other servers on a busy machine).
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.hasSuffix("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        display = ":" + text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until a window with this title is mapped on this server; false if none
    /// appears within 30 s.
    func waitForWindow(_ title: String) -> Bool {
        waitUntil {
            let found = try? CLIHarness.runTool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^\(title)$"],
                                                environment: ["DISPLAY": display])
            return !(found?.stdout.isEmpty ?? true)
        }
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

