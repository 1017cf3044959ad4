import Foundation
import FirstOpenTestSupport
import XCTest

/// Reliability round 3 (issue 19): the attacks an adversarial run found to work, each
/// kept as a test through the real binaries. `scripts/reliability.sh` runs them too.
final class AttackTests: XCTestCase {
    private let appID = "org.example.Car"

    private func requireDisplay() throws {
        try requireXDisplay()
    }

    /// Runs `first-open ARGUMENTS` through `/bin/sh -c SCRIPT`, where the script ends in
    /// `exec "$@"` (with redirections or limits before it).
    private func runThroughShell(_ cli: CLIHarness, _ script: String, _ arguments: [String],
                                 extraEnvironment: [String: String] = [:], timeout: TimeInterval = 60) throws -> CLIHarness.Result {
        let environment = cli.environment.merging(extraEnvironment) { $1 }
        return CLIHarness.finish(try CLIHarness.launchTool(
            "/bin/sh", ["-c", script, "sh", CLIHarness.firstOpen.path] + arguments, environment: environment),
                                 timeout: timeout)
    }

    // MARK: Closed standard streams

    /// `first-open SPEC >&- 2>&-` at login with a user gtk.css GTK warns about: the lock
    /// file became fd 1 and the X connection fd 2, GTK's warning went into the X stream
    /// and the helper hung for good, holding the lock. Both binaries now start with fds
    /// 0–2 open (on /dev/null when closed).
    func testClosedStandardStreamsNeitherHangTheWindowNorWriteIntoTheLock() throws {
        try requireDisplay()
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        try cli.write("config/gtk-3.0/gtk.css", "window { color: ; }\n@@@ broken {\n")
        for redirections in ["<&- >&- 2>&-", ">&- 2>&-", "2>&-"] {
            let result = try runThroughShell(cli, "exec \"$@\" \(redirections)", [spec],
                                             extraEnvironment: ["FIRST_OPEN_QUIT_WHEN_DRAWN": "1"], timeout: 60)
            XCTAssertEqual(result.status, 0, "\(redirections): \(result.stdout) \(result.stderr)")
            let lock = cli.stateHome.appendingPathComponent("first-open").path
            for name in (try? FileManager.default.contentsOfDirectory(atPath: lock)) ?? [] where name.hasSuffix(".lock") {
                let size = (try FileManager.default.attributesOfItem(atPath: lock + "/" + name)[.size] as? Int) ?? -1
                XCTAssertEqual(size, 0, "\(redirections): output went into \(name)")
            }
            XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("welcome"), "lock released, nothing recorded")
        }
    }

    /// A window whose X window another program destroyed (`xdotool windowclose`) exited
    /// with four GDK criticals and no summary line. One line now, nothing recorded, still due.
    func testAWindowDestroyedFromOutsideIsOneLineAndStillDue() throws {
        try requireDisplay()
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let started = try cli.start([spec])
        let window = waitFor(timeout: 60) {
            (try? CLIHarness.runTool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^Welcome to Car$"]))?
                .stdout.split(separator: "\n").first.map(String.init)
        } ?? ""
        XCTAssertFalse(window.isEmpty, "the window appeared")
        XCTAssertEqual(try CLIHarness.runTool("/usr/bin/xdotool", ["windowclose", window]).status, 0)
        let result = CLIHarness.finish(started, timeout: 30)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "nothing: the welcome window went away without being dismissed "
                           + "(another program closed it); nothing recorded\n")
        XCTAssertFalse(result.stderr.contains("CRITICAL"), result.stderr)
        XCTAssertNil(cli.recordedVersion(appID))
        XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("welcome"), "still due, lock released")
    }

    /// The same for the GTK-free commands: nothing they print lands in a file they open.
    func testClosedStandardOutputDoesNotWriteIntoTheRecord() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let result = try runThroughShell(cli, "exec \"$@\" <&- >&-", ["mark-seen", spec, "--version", "1.2.0"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(cli.recordedVersion(appID), "1.2.0")
        // A corrupt record is reported on stderr (closed here) while the new one is written.
        try "garbage".write(to: cli.recordURL(appID), atomically: false, encoding: .utf8)
        let repaired = try runThroughShell(cli, "exec \"$@\" <&- >&- 2>&-", ["mark-seen", spec])
        XCTAssertEqual(repaired.status, 0)
        XCTAssertEqual(cli.recordedVersion(appID), "1.3.0")
        // What mark-seen printed ("recorded …", the corrupt record's line) went nowhere:
        // not into the record lock, which was the first file it opened.
        let directory = cli.stateHome.appendingPathComponent("first-open").path
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".lock") {
            XCTAssertEqual(try String(contentsOfFile: directory + "/" + name, encoding: .utf8), "", name)
        }
    }

    // MARK: Non-UTF-8 names

    /// A spec path and an `XDG_STATE_HOME` with a byte that is not UTF-8 (`\\xff`) were
    /// turned into U+FFFD and a different path used. The spec path is refused (64, one
    /// line); the state directory is ignored like a relative one.
    func testNonUTF8PathsAreNeverMangledIntoOtherPaths() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let bad = cli.root.path + "/bad"
        let result = try runThroughShell(cli, "exec \"$1\" explain \"$(printf '\(bad)\\377.spec')\"", [])
        XCTAssertEqual(result.status, 64, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("not valid UTF-8"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)

        let state = try runThroughShell(cli, "XDG_STATE_HOME=\"$(printf '\(bad)\\377state')\" exec \"$1\" mark-seen \"$2\"",
                                        [spec])
        XCTAssertEqual(state.status, 0, state.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.root.path)
        XCTAssertFalse(names.contains { $0.hasPrefix("bad") }, "a mangled directory: \(names)")
        XCTAssertTrue(FileManager.default.fileExists(
            atPath: cli.root.appendingPathComponent(".local/state/first-open/\(appID).state").path))
    }

    // MARK: Resource limits

    /// With `ulimit -n 6` the window tool could not open the spec and said "bad spec"
    /// (65): running out of file descriptors is an I/O error (74), one line.
    func testRunningOutOfFileDescriptorsIsAnIOErrorNotABadSpec() throws {
        try requireDisplay()
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        for limit in [5, 6, 7, 12] {
            let result = try runThroughShell(cli, "ulimit -n \(limit) && exec \"$@\"", [spec],
                                             extraEnvironment: ["FIRST_OPEN_QUIT_WHEN_DRAWN": "1"])
            XCTAssertTrue([0, 74].contains(result.status), "ulimit -n \(limit): \(result.status) \(result.stdout) \(result.stderr)")
            if result.status == 74 {
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            }
            XCTAssertNil(cli.recordedVersion(appID))
        }
    }

    // MARK: Foreign files in the state directory

    /// Files a user keeps next to a record (`APPID.state.backup`, `.saved1`, …) have the
    /// shape of GLib's temp names (six letters or digits) and were deleted by the next
    /// write once a minute old. Only this program's own temp names are swept now.
    func testFilesTheProgramDidNotCreateAreNeverSwept() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", spec, "--version", "1.0"]).status, 0)
        let directory = cli.stateHome.appendingPathComponent("first-open")
        let foreign = ["state.backup", "state.Backup", "state.saved1", "state.orig00", "state.abcdef", "state.XXXXXX"]
            .map { appID + "." + $0 }
        let old = Date().addingTimeInterval(-3600)
        for name in foreign {
            let path = directory.appendingPathComponent(name).path
            XCTAssertTrue(((try? Data("mine\n".utf8).write(to: URL(fileURLWithPath: path))) != nil))
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        }
        XCTAssertEqual(try cli.run(["mark-seen", spec, "--version", "1.2"]).status, 0)
        XCTAssertEqual(try cli.run(["mark-seen", spec, "--version", "1.3"]).status, 0)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        for name in foreign {
            XCTAssertTrue(left.contains(name), "\(name) was deleted")
        }
    }

    /// With the disk full and a corrupt record, every start linked one more
    /// `.corrupt-<time>` copy of the same record (its repair's fresh write failed).
    func testAFailedRepairKeepsOneCopyOfTheCorruptRecord() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let directory = cli.stateHome.appendingPathComponent("first-open")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "garbage".write(to: cli.recordURL(appID), atomically: false, encoding: .utf8)
        // Every write fails: a directory (with a file in it) where the fresh record is staged.
        let blocker = directory.appendingPathComponent(".\(appID).state.writing")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        XCTAssertTrue(((try? Data().write(to: URL(fileURLWithPath: blocker.appendingPathComponent("x").path))) != nil))
        for attempt in 0..<3 {
            let result = try cli.run(["mark-seen", spec])
            XCTAssertEqual(result.status, 74, "attempt \(attempt): \(result.stderr)")
            Thread.sleep(forTimeInterval: 1.1) // a new timestamp for each copy
        }
        let copies = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".corrupt-") }
        XCTAssertEqual(copies.count, 1, "\(copies)")
        XCTAssertEqual(try String(contentsOf: cli.recordURL(appID), encoding: .utf8), "garbage", "the record is kept")
        // Once writes work again, the record is repaired and the one copy stays.
        try FileManager.default.removeItem(at: blocker)
        XCTAssertEqual(try cli.run(["mark-seen", spec]).status, 0)
        XCTAssertEqual(cli.recordedVersion(appID), "1.3.0")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".corrupt-") }, copies)
    }

    // MARK: Set-user-ID

    /// Installed set-user-ID or set-group-ID, first-open honoured `FIRST_OPEN_HELPER` (and
    /// GLib every `XDG_*` variable) and ran the helper with the raised euid. It refuses
    /// to run now: one line, exit 77, nothing executed.
    func testSetuidOrSetgidFirstOpenRefusesToRun() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to make a set-user-ID copy and run it as another uid") }
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let marker = cli.root.appendingPathComponent("helper-ran").path
        let helper = try cli.write("evil-helper", "#!/bin/sh\nid > '\(marker)'\n")
        XCTAssertEqual(chmod(helper, 0o755), 0)
        let binaries = cli.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: binaries, withIntermediateDirectories: true)
        for path in [cli.root.path, binaries.path] { XCTAssertEqual(chmod(path, 0o755), 0) }
        XCTAssertEqual(chmod(spec, 0o644), 0)
        for (mode, name) in [(0o4755, "setuid"), (0o2755, "setgid")] {
            let copy = binaries.appendingPathComponent("first-open-\(name)").path
            try FileManager.default.copyItem(atPath: CLIHarness.firstOpen.path, toPath: copy)
            XCTAssertEqual(chmod(copy, mode_t(mode)), 0)
            var environment = cli.environment
            environment["FIRST_OPEN_HELPER"] = helper
            environment["DISPLAY"] = ":99"
            for arguments in [[spec], ["explain", spec], ["--version"]] {
                let result = CLIHarness.finish(try CLIHarness.launchTool(
                    "/usr/bin/setpriv", ["--reuid=1500", "--regid=1500", "--clear-groups", copy] + arguments,
                    environment: environment), timeout: 20)
                XCTAssertEqual(result.status, 77, "\(name) \(arguments): \(result.stdout) \(result.stderr)")
                XCTAssertEqual(result.stderr,
                               "first-open: refusing to run set-user-ID or set-group-ID; install it with mode 0755\n")
                XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "\(name): the helper ran")
            }
        }
    }

    // MARK: Control characters

    /// ESC and BEL in `SecondaryURL` reached the terminal raw and `validate` accepted them.
    func testControlCharactersInURLsAndNamesAreRejected() throws {
        let cli = try CLIHarness()
        let escape = "\u{1B}]0;PWNED\u{07}"
        let cases: [(String, String)] = [
            ("SecondaryLabel=Release Notes\nSecondaryURL=https://example.org/\(escape)", "SecondaryURL"),
            ("SecondaryLabel=Release\u{1B}[31mNotes\nSecondaryURL=https://example.org/", "SecondaryLabel"),
        ]
        for (extra, key) in cases {
            let spec = try cli.write("control.spec", FirstOpenCommandTests.spec(version: "1.3.0", extra: extra))
            let validated = try cli.run(["validate", spec])
            XCTAssertEqual(validated.status, 65, key + ": " + validated.stdout + validated.stderr)
            XCTAssertTrue(validated.stdout.contains("error: [First Open] \(key): "), validated.stdout)
            XCTAssertTrue(validated.stdout.contains("control character"), validated.stdout)
            let explained = try cli.run(["explain", spec])
            XCTAssertEqual(explained.status, 65, key + ": " + explained.stdout + explained.stderr)
            for output in [validated.stdout, validated.stderr, explained.stdout, explained.stderr] {
                XCTAssertFalse(output.contains("\u{1B}") || output.contains("\u{07}"), "raw control character: \(output)")
            }
        }
        let named = try cli.write("name.spec", FirstOpenCommandTests.spec(version: "1.3.0")
            .replacingOccurrences(of: "Name=Car", with: "Name=Car\u{1B}[2J"))
        let result = try cli.run(["validate", named])
        XCTAssertEqual(result.status, 65, result.stdout)
        XCTAssertTrue(result.stdout.contains("error: [First Open] Name: "), result.stdout)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), result.stdout)
    }

    /// A newline in `Name` splits the headline in two: allowed, but `validate` says so.
    func testANewlineInNameIsAWarning() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("newline.spec", FirstOpenCommandTests.spec(version: "1.3.0")
            .replacingOccurrences(of: "Name=Car", with: "Name=Car\\nTrain"))
        let result = try cli.run(["validate", spec])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("warning: [First Open] Name: "), result.stdout)
        XCTAssertTrue(result.stdout.contains("line break"), result.stdout)
    }

    // MARK: Long values

    /// A 100 KB `SecondaryURL` froze the window for minutes when the link could not open
    /// (Pango lays out one unbreakable word superlinearly) and made a 100 KB stderr line.
    /// URLs are capped now: `validate` warns, and the window leaves the button out.
    func testAnOverlongSecondaryURLIsAWarningAndNoButton() throws {
        let cli = try CLIHarness()
        let url = "https://example.org/" + String(repeating: "a", count: 100_000)
        let spec = try cli.write("long.spec", FirstOpenCommandTests.spec(
            version: "1.3.0", extra: "SecondaryLabel=Release Notes\nSecondaryURL=\(url)"))
        let result = try cli.run(["validate", spec])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("warning: [First Open] SecondaryURL: "), result.stdout)
        XCTAssertTrue(result.stdout.contains("longer than 2048 characters"), result.stdout)
        XCTAssertLessThan(result.stdout.utf8.count, 2000, "the warning quotes the URL cut")
        let explained = try cli.run(["explain", spec])
        XCTAssertEqual(explained.status, 0, explained.stderr)
    }

    // MARK: Names of the state files

    /// AppId `X.record` used AppId `X`'s record lock as its window lock: while its window
    /// was open, `mark-seen X` waited 10 s and failed.
    func testAWindowLockNeverBlocksAnotherAppsRecord() throws {
        let cli = try CLIHarness()
        let first = try cli.write("x.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let second = try cli.write("x-record.spec", FirstOpenCommandTests.spec(version: "1.3.0")
            .replacingOccurrences(of: "AppId=org.example.Car", with: "AppId=org.example.Car.record"))
        // The window of org.example.Car.record is "open": a helper that sleeps holds its lock.
        let helper = try cli.write("sleeping-helper", "#!/bin/sh\nsleep 30\n")
        XCTAssertEqual(chmod(helper, 0o755), 0)
        let window = try cli.start([second], extraEnvironment: ["FIRST_OPEN_HELPER": helper, "DISPLAY": ":99"])
        defer { kill(window.process.processIdentifier, SIGKILL) }
        let lockDirectory = cli.stateHome.appendingPathComponent("first-open").path
        waitUntil(timeout: 20) {
            ((try? FileManager.default.contentsOfDirectory(atPath: lockDirectory)) ?? [])
                .contains(where: { $0.hasPrefix("org.example.Car.record.") && $0.hasSuffix("lock") })
        }
        Thread.sleep(forTimeInterval: 0.3)
        let started = Date()
        let result = try cli.run(["mark-seen", first])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "waited for another app's window")
        XCTAssertEqual(cli.recordedVersion(appID), "1.3.0")
    }

    // MARK: Messages

    /// `validate` printed nothing on success; a user could not tell it from a no-op.
    func testValidateSaysOkOnSuccess() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let result = try cli.run(["validate", spec])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(spec): ok\n")
    }

    /// `reset` said "forgot" when there was no record.
    func testResetSaysWhenThereWasNothingToForget() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let nothing = try cli.run(["reset", spec])
        XCTAssertEqual(nothing.status, 0, nothing.stderr)
        XCTAssertEqual(nothing.stdout, "nothing to forget: no record of \(appID)\n")
        XCTAssertEqual(try cli.run(["mark-seen", spec]).status, 0)
        XCTAssertEqual(try cli.run(["reset", spec]).stdout, "forgot \(appID)\n")
    }

    /// A broken `ReleaseNotes=` file: `validate` named the key, but `explain` and the
    /// login path printed only "PATH: No such file or directory".
    func testABrokenReleaseNotesFileIsNamedWithSpecGroupAndKeyEverywhere() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(
            version: "1.3.0", extra: "ReleaseNotes=missing.metainfo.xml"))
        XCTAssertEqual(try cli.run(["mark-seen", spec, "--version", "1.2.0"]).status, 0)
        for arguments in [["explain", spec], [spec]] {
            let result = try cli.run(arguments, extraEnvironment: ["DISPLAY": ":99"])
            XCTAssertEqual(result.status, 65, "\(arguments): \(result.stdout) \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("first-open: \(spec): [First Open] ReleaseNotes: "), result.stderr)
            XCTAssertTrue(result.stderr.contains("missing.metainfo.xml"), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
    }

    /// A relative `XDG_STATE_HOME`/`XDG_CONFIG_HOME` was used relative to the current
    /// directory; the XDG Base Directory spec says such a value is invalid and ignored.
    func testRelativeXDGDirectoriesAreIgnored() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let work = cli.root.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let result = try runThroughShell(cli, "cd '\(work.path)' && exec \"$@\"", ["mark-seen", spec],
                                         extraEnvironment: ["XDG_STATE_HOME": "relative-state",
                                                            "XDG_CONFIG_HOME": "relative-config"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("relative-state").path))
        // The default, $HOME/.local/state, is used instead.
        XCTAssertTrue(FileManager.default.fileExists(
            atPath: cli.root.appendingPathComponent(".local/state/first-open/\(appID).state").path))
    }
}

/// What a new user trips over (issue 19, second half).
final class NewUserTests: XCTestCase {
    private let appID = "org.example.Car"

    /// `docs/spec-format.md` said `ShowWhatsNew=false` records updates silently; the
    /// record stays at the old version (spec, user and admin setting alike), so that
    /// turning What's New back on shows what was missed. Behaviour and docs agree now.
    func testShowWhatsNewFalseLeavesTheRecordAndTheDocsSaySo() throws {
        let cli = try CLIHarness()
        let helper = try cli.write("no-window", "#!/bin/sh\nexit 99\n")
        XCTAssertEqual(chmod(helper, 0o755), 0)
        let settings: [(String, String)] = [
            ("car.spec", FirstOpenCommandTests.spec(version: "1.3.0", extra: "ShowWhatsNew=false")),
            ("config/first-open/first-open.conf", "[Defaults]\nShowWhatsNew=false\n"),
            ("etc-xdg/first-open/first-open.conf", "[Defaults]\nShowWhatsNew=false\n"),
        ]
        for (file, text) in settings {
            let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
            try cli.write(file, text)
            defer { try? FileManager.default.removeItem(atPath: cli.root.appendingPathComponent(file).path) }
            XCTAssertEqual(try cli.run(["reset", spec]).status, 0)
            XCTAssertEqual(try cli.run(["mark-seen", spec, "--version", "1.2.0"]).status, 0)
            let login = try cli.run([spec], extraEnvironment: ["DISPLAY": ":99", "FIRST_OPEN_HELPER": helper])
            XCTAssertEqual(login.status, 0, "\(file): \(login.stdout) \(login.stderr)")
            XCTAssertTrue(login.stdout.hasPrefix("nothing: What's New is turned off"), "\(file): \(login.stdout)")
            // Which file turned it off (issue 19.13).
            let path = file == "car.spec" ? spec : cli.root.appendingPathComponent(file).path
            let group = file == "car.spec" ? "First Open" : "Defaults"
            XCTAssertTrue(login.stdout.hasSuffix(" by ShowWhatsNew=false in \(path) [\(group)]\n"), "\(file): \(login.stdout)")
            XCTAssertEqual(try cli.run(["explain", spec]).stdout, login.stdout)
            XCTAssertEqual(cli.recordedVersion(appID), "1.2.0", "\(file): the record stays at the version seen")
        }
        // An admin's lock is named too: the user cannot turn it back on.
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let admin = try cli.write("etc-xdg/first-open/first-open.conf", "[Defaults]\nShowWhatsNew=false\nLocked=ShowWhatsNew\n")
        try cli.write("config/first-open/first-open.conf", "[Defaults]\nShowWhatsNew=true\n")
        XCTAssertEqual(try cli.run(["explain", spec]).stdout,
                       "nothing: What's New is turned off for \(appID) (1.2.0 -> 1.3.0) by ShowWhatsNew=false in "
                           + "\(admin) [Defaults], locked by the administrator\n")
        let docs = try String(contentsOf: packageRoot.appendingPathComponent("docs/spec-format.md"),
                              encoding: .utf8)
        let row = try XCTUnwrap(docs.components(separatedBy: "\n").first { $0.hasPrefix("| `ShowWhatsNew` |") })
        XCTAssertFalse(row.contains("recorded silently"), row)
        XCTAssertTrue(row.contains("nothing is written"), row)
    }

    /// `scripts/demo.sh` installed the whole test and packaging toolchain (weston, valac,
    /// gjs, orca, debhelper, lintian…) to show one window, and every apt step failed at
    /// once while another apt held the dpkg lock.
    func testTheDemoInstallsOnlyWhatItNeedsAndAptWaitsForTheLock() throws {
        let root = packageRoot
        let listed = try CLIHarness.runTool("/bin/bash", [root.appendingPathComponent("scripts/setup.sh").path, "--demo", "--list"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let demo = Set(listed.stdout.split(separator: "\n").map(String.init))
        XCTAssertTrue(demo.isSuperset(of: ["libgtk-3-dev", "pkg-config", "xvfb", "xauth", "gettext"]), "\(demo)")
        for tool in ["weston", "valac", "gjs", "orca", "debhelper", "lintian", "meson", "appstream", "xdotool"] {
            XCTAssertFalse(demo.contains(tool), "the demo installs \(tool)")
        }
        let full = try CLIHarness.runTool("/bin/bash", [root.appendingPathComponent("scripts/setup.sh").path, "--list"])
        XCTAssertTrue(Set(full.stdout.split(separator: "\n").map(String.init)).isSuperset(of: demo))
        let demoScript = try String(contentsOf: root.appendingPathComponent("scripts/demo.sh"), encoding: .utf8)
        XCTAssertTrue(demoScript.contains("\nscripts/setup.sh --demo"), "demo.sh installs the demo's set")
        let setup = try String(contentsOf: root.appendingPathComponent("scripts/setup.sh"), encoding: .utf8)
        let aptLines = setup.split(separator: "\n").filter { $0.contains("apt-get ") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        XCTAssertFalse(aptLines.isEmpty)
        for line in aptLines {
            XCTAssertTrue(line.contains("apt_options"), "waits for the dpkg lock: \(line)")
        }
        XCTAssertTrue(setup.contains("apt_options=(-o DPkg::Lock::Timeout="), setup)
    }

    /// The hand-written autostart sample still said `TryExec=first-open`: a removed spec
    /// package's leftover entry would then fail at every login. It names the package's own
    /// link, as the entry Meson generates does.
    func testTheAutostartSampleNamesItsPackagesOwnTryExecLink() throws {
        let sample = try String(contentsOf: packageRoot.appendingPathComponent(
            "data/autostart/first-open-os-release.desktop"), encoding: .utf8)
        let lines = sample.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("Exec=first-open show /usr/share/first-open/os-release.spec"), sample)
        // meson.build: TRYEXEC = prefix / libexecdir / 'autostart-' + the spec's stem.
        XCTAssertTrue(lines.contains("TryExec=/usr/libexec/first-open/autostart-os-release"), sample)
        let meson = try String(contentsOf: packageRoot.appendingPathComponent("meson.build"), encoding: .utf8)
        XCTAssertTrue(meson.contains("autostart_marker = 'autostart-' + fs.stem(autostart_spec)"), "the name Meson installs")
    }

    /// In a quiet session (a greeter, a live session) with a window due, a broken row
    /// failed the login with 65 instead of staying quiet: the rows are read only once the
    /// session is known to show windows.
    func testAQuietSessionStaysQuietWithABrokenRow() throws {
        // A system account (uid 500) is a quiet session; root never is.
        guard getuid() == 0 else { throw XCTSkip("needs root to run first-open as a system account") }
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0")
            .replacingOccurrences(of: "Title=Car\n", with: ""))
        XCTAssertEqual(try cli.run(["validate", spec]).status, 65, "the row is broken")
        XCTAssertEqual(chmod(spec, 0o644), 0)
        for path in [cli.root.path, cli.stateHome.path, cli.configHome.path, cli.configDirs.path] {
            XCTAssertEqual(chmod(path, 0o755), 0)
        }
        var environment = cli.environment
        environment["DISPLAY"] = ":99"
        environment["USER"] = "daemon-like"
        let result = CLIHarness.finish(try CLIHarness.launchTool(
            "/usr/bin/setpriv", ["--reuid=500", "--regid=500", "--clear-groups", CLIHarness.firstOpen.path, spec],
            environment: environment), timeout: 20)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("nothing: "), result.stdout)
        XCTAssertEqual(result.stderr, "")
    }

    /// `validate` read the spec and its metainfo file twice (once to check, once more for
    /// the icon's pixel cap). Counted with inotify: each is opened once.
    func testValidateReadsTheSpecAndItsMetainfoOnce() throws {
        let cli = try CLIHarness()
        let example = packageRoot.appendingPathComponent("data/examples")
        for name in ["org.example.Car.spec", "org.example.Car.metainfo.xml"] {
            try FileManager.default.copyItem(at: example.appendingPathComponent(name),
                                             to: cli.root.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: example.appendingPathComponent("icons"),
                                         to: cli.root.appendingPathComponent("icons"))
        let spec = cli.root.appendingPathComponent("org.example.Car.spec").path
        let metainfo = cli.root.appendingPathComponent("org.example.Car.metainfo.xml").path
        // inotify through ctypes: IN_OPEN events on both files while validate runs.
        let script = """
            import ctypes, os, struct, subprocess, sys
            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.inotify_init1(os.O_NONBLOCK)
            watches = {libc.inotify_add_watch(fd, p.encode(), 0x20): p for p in sys.argv[2:4]}
            status = subprocess.run(sys.argv[1:2] + ["validate", sys.argv[2]], stdout=subprocess.DEVNULL).returncode
            counts = dict.fromkeys(watches.values(), 0)
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                data = b""
            offset = 0
            while offset < len(data):
                wd, mask, cookie, length = struct.unpack_from("iIII", data, offset)
                counts[watches[wd]] += 1
                offset += 16 + length
            print(status, *(counts[p] for p in sys.argv[2:4]))
            """
        let result = try CLIHarness.runTool("/usr/bin/python3", ["-c", script, CLIHarness.firstOpen.path, spec, metainfo],
                                            environment: cli.environment)
        XCTAssertEqual(result.stdout, "0 1 1\n", "validate's status, opens of the spec, of the metainfo file: " + result.stderr)
    }
}
