import Foundation
import XCTest
import FirstOpenTestSupport

/// End-to-end tests of `first-open` without a window: decisions, records, errors.
final class FirstOpenCommandTests: XCTestCase {
    static func spec(version: String, policy: String = "minor", extra: String = "") -> String {
        """
        [First Open]
        AppId=org.example.Car
        Name=Car
        Version=\(version)
        Policy=\(policy)
        \(extra)

        [Welcome 1]
        Icon=starred-symbolic
        Title=Car
        Subtitle=A car is a wheeled motor vehicle used for transportation.

        [Release 1.2.0 1]
        Icon=starred-symbolic
        Title=Favourites
        Subtitle=Star the places you visit most.

        [Release 1.3.0 1]
        Icon=weather-clear-night-symbolic
        Title=Dark style
        Subtitle=Follows the system dark style.

        [Release 1.3.0 2]
        Icon=find-location-symbolic
        Title=Nearby
        Subtitle=Finds trams near you.

        """
    }

    func testFirstRunExplainsWelcomeAndChangesNothing() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        let result = try cli.run(["explain", spec])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("welcome"), result.stdout)
        XCTAssertTrue(result.stdout.contains("1.3.0"), result.stdout)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1)
        XCTAssertNil(cli.recordedVersion("org.example.Car"))
    }

    func testNoDisplayExitsZeroAndRecordsNothing() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        let result = try cli.run([spec], removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("no display"), result.stdout)
        XCTAssertNil(cli.recordedVersion("org.example.Car"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cli.recordURL("org.example.Car").path))
    }

    func testSameVersionPatchUpgradeAndDowngradeShowNothing() throws {
        let cli = try CLIHarness()
        let seen = try cli.write("seen.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", seen]).status, 0)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")

        let same = try cli.run(["explain", seen])
        XCTAssertTrue(same.stdout.hasPrefix("nothing"), same.stdout)

        let patch = try cli.write("patch.spec", Self.spec(version: "1.3.1"))
        let patchResult = try cli.run(["explain", patch])
        XCTAssertTrue(patchResult.stdout.hasPrefix("nothing"), patchResult.stdout)
        XCTAssertTrue(patchResult.stdout.contains("patch"), patchResult.stdout)
        // show on the nothing path exits 0 and leaves the record alone.
        XCTAssertEqual(try cli.run([patch], removing: ["DISPLAY", "WAYLAND_DISPLAY"]).status, 0)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")

        let older = try cli.write("older.spec", Self.spec(version: "1.2.0"))
        let downgrade = try cli.run(["explain", older])
        XCTAssertTrue(downgrade.stdout.hasPrefix("nothing"), downgrade.stdout)
        XCTAssertTrue(downgrade.stdout.contains("downgrade"), downgrade.stdout)
        // The login command on a downgrade: nothing, and the record keeps the higher version.
        let login = try cli.run([older], extraEnvironment: ["DISPLAY": ":nonexistent"], removing: ["WAYLAND_DISPLAY"])
        XCTAssertEqual(login.status, 0, login.stderr)
        XCTAssertTrue(login.stdout.hasPrefix("nothing: downgrade"), login.stdout)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")
        XCTAssertEqual(try cli.run(["mark-seen", older]).status, 0)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0", "a record is never lowered")
    }

    func testMinorUpgradeExplainsWhatsNewWithTheCrossedRange() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.1.0", spec]).status, 0)
        let result = try cli.run(["explain", spec])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("whats-new"), result.stdout)
        XCTAssertTrue(result.stdout.contains("1.1.0") && result.stdout.contains("1.3.0"), result.stdout)
    }

    func testResetForgetsTheRecord() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", spec]).status, 0)
        XCTAssertEqual(try cli.run(["reset", spec]).status, 0)
        XCTAssertNil(cli.recordedVersion("org.example.Car"))
        XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("welcome"))
    }

    func testCorruptRecordIsKeptAsideAndNeverWelcomesAgain() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        let record = cli.recordURL("org.example.Car")
        let folder = record.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let garbage = Data([0x00, 0xff, 0x5b, 0x0a, 0x13, 0x37])
        try garbage.write(to: record)
        func keptAside() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasPrefix("org.example.Car.state.corrupt") }
        }

        // explain changes nothing and does not call a returning user new.
        let explained = try cli.run(["explain", spec])
        XCTAssertTrue(explained.stdout.hasPrefix("nothing"), explained.stdout)
        XCTAssertTrue(explained.stdout.contains("unusable"), explained.stdout)
        XCTAssertEqual(try Data(contentsOf: record), garbage)

        // No display: say what is wrong, leave the record untouched.
        let headless = try cli.run([spec], removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(headless.status, 0, headless.stderr)
        XCTAssertEqual(headless.stderr.split(separator: "\n").count, 1, headless.stderr)
        XCTAssertTrue(headless.stderr.contains("corrupt"), headless.stderr)
        // "no display; welcome stays due" would mean a returning user was taken for new.
        XCTAssertFalse(headless.stdout.contains("welcome"), headless.stdout)
        XCTAssertEqual(try Data(contentsOf: record), garbage)
        XCTAssertEqual(try keptAside(), [])

        // With a display (never opened on this path): kept aside, fresh record, no window.
        let result = try cli.run([spec], extraEnvironment: ["DISPLAY": ":nonexistent"], removing: ["WAYLAND_DISPLAY"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("nothing"), result.stdout)
        XCTAssertTrue(result.stderr.contains("corrupt"), result.stderr)
        let aside = try keptAside()
        XCTAssertEqual(aside.count, 1, "the broken file is kept aside")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent(aside[0])), garbage)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")
        XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("nothing"))
    }

    func testMarkSeenReportsACorruptRecordItKeepsAside() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        let record = cli.recordURL("org.example.Car")
        try FileManager.default.createDirectory(at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "Version=".write(to: record, atomically: false, encoding: .utf8)
        let result = try cli.run(["mark-seen", spec])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("corrupt") && result.stderr.contains("kept as"), result.stderr)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")
    }

    func testBrokenSpecExits65NamingGroupAndKey() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("broken.spec", """
            [First Open]
            AppId=org.example.Car
            Version=1.0

            """)
        let result = try cli.run(["explain", spec])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("[First Open]") && result.stderr.contains("Name"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)

        let missing = try cli.run(["explain", cli.root.appendingPathComponent("nope.spec").path])
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
    }

    func testUsageErrorsExit64() throws {
        let cli = try CLIHarness()
        XCTAssertEqual(try cli.run([]).status, 64)
        XCTAssertEqual(try cli.run(["explain"]).status, 64)
        XCTAssertEqual(try cli.run(["show", "--no-such-option", "x.spec"]).status, 64)
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["show", "--force", "sideways", spec]).status, 64)
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "not a version!", spec]).status, 64)
        XCTAssertEqual(try cli.run(["autostart", "toggle", spec]).status, 64)
        let typo = try cli.run(["explian", spec])
        XCTAssertEqual(typo.status, 64, typo.stderr)
        XCTAssertTrue(typo.stderr.contains("unknown command 'explian'"), typo.stderr)
    }

    func testMissingWindowHelperIsAnInternalError() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        let result = try cli.run(["show", "--force", "welcome", spec],
                                 extraEnvironment: ["FIRST_OPEN_HELPER": cli.root.appendingPathComponent("gone").path])
        XCTAssertEqual(result.status, 70, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("window helper"), result.stderr)
    }

    func testBrokenSpecAtLoginExits65WithOneLine() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("broken.spec", "[First Open]\nAppId=org.example.Car\nName=Car\n")
        let result = try cli.run([spec])
        XCTAssertEqual(result.status, 65, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("[First Open]"), result.stderr)
    }

    func testNoContentForTheCaseIsRecordedSilently() throws {
        let cli = try CLIHarness()
        // No [Welcome N] rows: a first start has nothing to show.
        let spec = try cli.write("quiet.spec", """
            [First Open]
            AppId=org.example.Quiet
            Name=Quiet
            Version=2.0

            [Release 2.0 1]
            Icon=starred-symbolic
            Title=New
            Subtitle=Something new.

            """)
        XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("nothing: no content"))
        // A display is named but never opened on this path.
        let result = try cli.run([spec], extraEnvironment: ["DISPLAY": ":nonexistent"], removing: ["WAYLAND_DISPLAY"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("recorded silently"), result.stdout)
        XCTAssertEqual(cli.recordedVersion("org.example.Quiet"), "2.0")
    }

    func testValidateExitsZeroWithWarningsOnly() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("warn.spec", Self.spec(version: "1.3.0", extra: "Colour=#ff0000"))
        let result = try cli.run(["validate", spec])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("warning: [First Open] Colour"), result.stdout)
        XCTAssertFalse(result.stdout.contains("error:"), result.stdout)
    }

    func testHelpAndVersion() throws {
        let cli = try CLIHarness()
        let help = try cli.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for command in ["show", "explain", "mark-seen", "reset", "validate", "screenshot", "autostart"] {
            XCTAssertTrue(help.stdout.contains(command), "overview lists \(command)")
        }
        let showHelp = try cli.run(["show", "--help"])
        XCTAssertEqual(showHelp.status, 0)
        XCTAssertTrue(showHelp.stdout.contains("--force"), showHelp.stdout)
        let version = try cli.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("first-open "), version.stdout)
    }

    /// Every exit status the man page documents is also named in `first-open --help`.
    func testHelpNamesEveryExitStatusOfTheManPage() throws {
        let manPage = try String(contentsOf: packageRoot.appendingPathComponent("data/first-open.1"),
                                 encoding: .utf8)
        let section = try XCTUnwrap(manPage.components(separatedBy: ".SH EXIT STATUS").dropFirst().first)
            .components(separatedBy: "\n.SH ").first ?? ""
        let lines = section.components(separatedBy: "\n")
        let statuses = zip(lines, lines.dropFirst()).compactMap { tag, line in
            tag == ".TP" && line.hasPrefix(".B ") ? String(line.dropFirst(3)) : nil
        }
        XCTAssertEqual(statuses, ["0", "1", "2", "3", "4", "64", "65", "69", "70", "73", "74", "77"],
                       "the man page's list")
        let help = try CLIHarness().run(["--help"]).stdout
        for status in statuses {
            let named = help.range(of: "(^|[^0-9])\(status) [A-Za-z(]", options: .regularExpression) != nil
            XCTAssertTrue(named, "--help names exit status \(status): \(help)")
        }
    }

    func testAutostartInstallWritesAValidEntryAndRemoveDeletesIt() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("with space/car.spec", Self.spec(version: "1.3.0"))
        let install = try cli.run(["autostart", "install", spec])
        XCTAssertEqual(install.status, 0, install.stderr)
        // Installed from the build tree: the entry would break when it is cleaned; said so.
        XCTAssertTrue(install.stderr.hasPrefix("first-open: warning: the entry runs \(CLIHarness.firstOpen.path) from "
                                               + "the build tree \(packageRoot.path)"), install.stderr)
        XCTAssertEqual(install.stderr.split(separator: "\n").count, 1, install.stderr)
        let entry = cli.configHome.appendingPathComponent("autostart/first-open-org.example.Car.desktop")
        let text = try String(contentsOf: entry, encoding: .utf8)
        XCTAssertTrue(text.contains("Exec=\(CLIHarness.firstOpen.path) show \"\(spec)\""), text)
        let validation = try CLIHarness.runTool("/usr/bin/desktop-file-validate", [entry.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr)
        XCTAssertEqual(validation.stdout, "", "no warnings either")

        XCTAssertEqual(try cli.run(["autostart", "remove", spec]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: entry.path))
        XCTAssertEqual(try cli.run(["autostart", "remove", spec]).status, 0, "removing twice is fine")

        // The app was uninstalled: its spec is gone, its entry can still be removed.
        XCTAssertEqual(try cli.run(["autostart", "install", spec]).status, 0)
        try FileManager.default.removeItem(atPath: spec)
        let orphan = try cli.run(["autostart", "remove", spec])
        XCTAssertEqual(orphan.status, 0, orphan.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: entry.path))
        XCTAssertEqual(try cli.run(["autostart", "remove", spec]).status, 65, "nothing left: the spec error stands")
    }

    func testUnwritableStateDirectoryIsAnIOErrorNotACrash() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        // A regular file where the state directory should be: unwritable even for root.
        let blocker = try cli.write("blocked", "not a directory")
        let result = try cli.run(["mark-seen", spec], extraEnvironment: ["XDG_STATE_HOME": blocker])
        XCTAssertEqual(result.status, 74, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }

    func testStateDirectoryTheUserCannotWriteFailsBeforeTheWindowShows() throws {
        // An ordinary account (uid 1500, no passwd entry needed) whose state directory and
        // lock file exist but whose directory is read-only: the lock can still be taken,
        // the record could not be written on dismissal. One line and 74, no window.
        guard getuid() == 0 else { throw XCTSkip("needs root to run first-open as another uid") }
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(chmod(spec, 0o644), 0)
        let directory = cli.stateHome.appendingPathComponent("first-open").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let lock = directory + "/org.example.Car.window.lock"
        XCTAssertTrue(((try? Data().write(to: URL(fileURLWithPath: lock))) != nil))
        for path in [cli.root.path, cli.stateHome.path, cli.configHome.path, cli.configDirs.path] {
            XCTAssertEqual(chmod(path, 0o755), 0)
        }
        XCTAssertEqual(chown(directory, 1500, 1500), 0)
        XCTAssertEqual(chown(lock, 1500, 1500), 0)
        XCTAssertEqual(chmod(directory, 0o555), 0)
        defer { chmod(directory, 0o755) }
        var environment = cli.environment
        environment["USER"] = "fo-test"
        environment["LOGNAME"] = "fo-test"
        // The display's cookie, readable by that account (xvfb-run's file is root's alone),
        // so that without the check the window would really open.
        if let cookie = environment["XAUTHORITY"] {
            let copy = cli.root.appendingPathComponent("Xauthority").path
            try FileManager.default.copyItem(atPath: cookie, toPath: copy)
            XCTAssertEqual(chown(copy, 1500, 1500), 0)
            environment["XAUTHORITY"] = copy
        }
        let result = CLIHarness.finish(try CLIHarness.launchTool(
            "/usr/bin/setpriv",
            ["--reuid=1500", "--regid=1500", "--clear-groups", CLIHarness.firstOpen.path, spec],
            environment: environment), timeout: 20)
        XCTAssertEqual(result.status, 74, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(directory), result.stderr)
        XCTAssertNil(cli.recordedVersion("org.example.Car"))
    }

    /// An account without a passwd entry and without USER, LOGNAME (systemd's
    /// `DynamicUser=`, a container's arbitrary uid), on a system whose passwd database
    /// also asks systemd: the statically linked first-open crashed in glibc's NSS module
    /// (exit 139) asking for the login name (quiet-session check) or the home folder. Run
    /// in a mount namespace of its own whose /etc/nsswitch.conf says `files systemd`, with
    /// a cleared environment: it decides, and records in the home it was given.
    func testAnAccountWithoutPasswdEntryOrLoginNameDoesNotCrash() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to run first-open as another uid in a mount namespace") }
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        let nsswitch = try cli.write("nsswitch.conf", "passwd: files systemd\ngroup: files systemd\nshadow: files\n")
        let home = cli.root.appendingPathComponent("home").path
        XCTAssertEqual(mkdir(home, 0o755), 0)
        XCTAssertEqual(chown(home, 5000, 5000), 0)
        for path in [cli.root.path, spec, nsswitch] { XCTAssertEqual(chmod(path, 0o755), 0) }
        let script = """
            mount --bind "$1" /etc/nsswitch.conf && shift && \
            exec setpriv --reuid=5000 --regid=5000 --clear-groups env -i "$@"
            """
        func run(_ environment: [String], _ arguments: [String]) throws -> CLIHarness.Result {
            CLIHarness.finish(try CLIHarness.launchTool(
                "/usr/bin/unshare", ["--mount", "--propagation", "private", "sh", "-c", script, "sh", nsswitch]
                    + environment + [CLIHarness.firstOpen.path] + arguments), timeout: 20)
        }
        let explain = try run(["HOME=\(home)"], ["explain", spec])
        XCTAssertEqual(explain.status, 0, explain.stdout + explain.stderr)
        XCTAssertTrue(explain.stdout.hasPrefix("welcome: no record of org.example.Car"), explain.stdout)
        let noHome = try run([], ["explain", spec])
        XCTAssertEqual(noHome.status, 0, noHome.stdout + noHome.stderr)
        XCTAssertTrue(noHome.stdout.hasPrefix("welcome:"), noHome.stdout)
        let seen = try run(["HOME=\(home)"], ["mark-seen", spec])
        XCTAssertEqual(seen.status, 0, seen.stdout + seen.stderr)
        var info = stat()
        XCTAssertEqual(stat(home + "/.local/state/first-open/org.example.Car.state", &info), 0, "no record in the home")
        XCTAssertEqual(info.st_uid, 5000)
    }

    /// root with its own `HOME` but `XDG_STATE_HOME` / `XDG_CONFIG_HOME` in a user's home,
    /// where a folder on the way is already root's (an earlier `sudo pip` made `~/.local`
    /// and `~/.config`): judged by the home the path lies in, nothing is created (77, one
    /// line), and the user's own first-open writes its record afterwards.
    func testRootCreatesNothingInAUsersHomeWhateverHOMESays() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to be another uid than the home's owner") }
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(chmod(spec, 0o644), 0)
        XCTAssertEqual(chmod(cli.root.path, 0o755), 0)
        let home = cli.root.appendingPathComponent("home-user").path
        XCTAssertEqual(mkdir(home, 0o755), 0)
        XCTAssertEqual(chown(home, 1500, 1500), 0)
        for folder in [".local", ".config"] { XCTAssertEqual(mkdir(home + "/" + folder, 0o755), 0) }  // root's
        let rootHome = cli.root.appendingPathComponent("root-home").path
        XCTAssertEqual(mkdir(rootHome, 0o700), 0)
        let environment = ["HOME": rootHome, "XDG_STATE_HOME": home + "/.local/state", "XDG_CONFIG_HOME": home + "/.config"]
        for arguments in [["mark-seen", spec], ["autostart", "install", spec]] {
            let result = try cli.run(arguments, extraEnvironment: environment)
            XCTAssertEqual(result.status, 77, "\(arguments): \(result.stdout + result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("\(home) belongs to uid 1500"), result.stderr)
        }
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: home).sorted(), [".config", ".local"])
    }

    /// A team folder (mode 2775) of another user, whose group the user is in: the user may
    /// create files there and would own them, so first-open records there.
    func testAGroupWritableTeamFolderIsTheUsersToWrite() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to run first-open as another uid and group") }
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(chmod(spec, 0o644), 0)
        XCTAssertEqual(chmod(cli.root.path, 0o755), 0)
        let team = cli.root.appendingPathComponent("team").path
        XCTAssertEqual(mkdir(team, 0o755), 0)
        XCTAssertEqual(chown(team, 1600, 2000), 0)
        XCTAssertEqual(chmod(team, 0o2775), 0)
        var environment = cli.environment
        environment["XDG_STATE_HOME"] = team + "/state"
        environment["USER"] = "fo-test"
        let result = CLIHarness.finish(try CLIHarness.launchTool(
            "/usr/bin/setpriv", ["--reuid=1500", "--regid=1500", "--groups=2000", CLIHarness.firstOpen.path,
                                 "mark-seen", spec], environment: environment), timeout: 20)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        var info = stat()
        XCTAssertEqual(stat(team + "/state/first-open/org.example.Car.state", &info), 0, "no record")
        XCTAssertEqual(info.st_uid, 1500)
        // Without the group the folder is not the user's to write: refused, one line.
        let outsider = CLIHarness.finish(try CLIHarness.launchTool(
            "/usr/bin/setpriv", ["--reuid=1700", "--regid=1700", "--clear-groups", CLIHarness.firstOpen.path,
                                 "mark-seen", spec], environment: environment), timeout: 20)
        XCTAssertEqual(outsider.status, 77, outsider.stdout + outsider.stderr)
        XCTAssertEqual(outsider.stderr.split(separator: "\n").count, 1, outsider.stderr)
    }

    /// `sudo -E app`: root with the user's HOME (and XDG_STATE_HOME, when the session set
    /// it). Nothing root creates may appear in the user's home: first-open refuses with
    /// one line and 77, shows and records nothing, and the user's own first-open still
    /// writes its record and sees What's New after the next update.
    func testRootWithAnotherUsersEnvironmentCreatesNothingInTheirHome() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to be another uid than the home's owner") }
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(chmod(spec, 0o644), 0)
        XCTAssertEqual(chmod(cli.root.path, 0o755), 0)
        let user: UInt32 = 1500
        func asUser(_ arguments: [String], home: String) throws -> CLIHarness.Result {
            var environment = cli.environment
            environment["HOME"] = home
            // A login sets them; without, the static debug build asks NSS (no passwd entry).
            environment["USER"] = "fo-test"
            environment["LOGNAME"] = "fo-test"
            environment.removeValue(forKey: "XDG_STATE_HOME")
            return CLIHarness.finish(try CLIHarness.launchTool(
                "/usr/bin/setpriv", ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", CLIHarness.firstOpen.path] + arguments,
                environment: environment), timeout: 20)
        }
        /// Every path under `home` whose owner is not the user.
        func foreignFiles(_ home: String) throws -> [String] {
            try FileManager.default.subpathsOfDirectory(atPath: home).filter { name in
                var info = stat()
                return lstat(home + "/" + name, &info) != 0 || info.st_uid != user
            }
        }
        for (name, keepsStateHome, seeded) in [("fresh", false, false), ("seeded", false, true), ("xdg", true, true)] {
            let home = cli.root.appendingPathComponent("home-\(name)").path
            XCTAssertEqual(mkdir(home, 0o755), 0)
            XCTAssertEqual(chown(home, user, user), 0)
            if seeded {
                let seed = try asUser(["mark-seen", "--version", "1.2.0", spec], home: home)
                XCTAssertEqual(seed.status, 0, seed.stderr)
            }
            let before = try FileManager.default.subpathsOfDirectory(atPath: home).sorted()
            var extra = ["HOME": home]
            if keepsStateHome { extra["XDG_STATE_HOME"] = home + "/.local/state" }
            for arguments in [[spec], ["mark-seen", spec], ["show", "--parent", "x11:0x1", spec]] {
                let result = try cli.run(arguments, extraEnvironment: extra,
                                         removing: keepsStateHome ? [] : ["XDG_STATE_HOME"])
                XCTAssertEqual(result.status, 77, "\(name) \(arguments): \(result.stdout + result.stderr)")
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
                XCTAssertTrue(result.stderr.contains("refusing to write state records in \(home)/.local/state/first-open"),
                              result.stderr)
                XCTAssertTrue(result.stderr.contains("belongs to uid \(user), not to uid 0"), result.stderr)
            }
            XCTAssertEqual(try foreignFiles(home), [], name)
            XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: home).sorted(), before, "\(name): nothing created")
            // The user's own first-open: What's New is due (from 1.2.0, or Welcome on a fresh
            // home), and the record is still theirs to write.
            let explanation = try asUser(["explain", spec], home: home)
            XCTAssertTrue(explanation.stdout.hasPrefix(seeded ? "whats-new: 1.2.0 -> 1.3.0" : "welcome"), explanation.stdout + explanation.stderr)
            let marked = try asUser(["mark-seen", spec], home: home)
            XCTAssertEqual(marked.status, 0, marked.stderr)
            XCTAssertEqual(try foreignFiles(home), [], name)
        }
    }

    func testPolicyAnyShowsPrereleaseStepsAndOthersDoNot() throws {
        let cli = try CLIHarness()
        let rc2Notes = "\n[Release 1.3.0~rc2 1]\nIcon=starred-symbolic\nTitle=Second candidate\nSubtitle=Fixes.\n"
        for (from, to) in [("1.3.0~rc1", "1.3.0"), ("1.3.0~rc1", "1.3.0~rc2"), ("1.3.0-beta.2", "1.3.0")] {
            for policy in ["any", "patch"] {
                let spec = try cli.write("car-\(policy).spec", Self.spec(version: to, policy: policy, extra: rc2Notes))
                XCTAssertEqual(try cli.run(["reset", spec]).status, 0)
                XCTAssertEqual(try cli.run(["mark-seen", "--version", from, spec]).status, 0)
                let line = try cli.run(["explain", spec]).stdout
                if policy == "any" {
                    XCTAssertTrue(line.hasPrefix("whats-new: \(from) -> \(to)"), "\(policy) \(from) -> \(to): \(line)")
                } else {
                    XCTAssertTrue(line.hasPrefix("nothing"), "\(policy) \(from) -> \(to): \(line)")
                }
            }
        }
    }

    func testLetterSuffixIsAnUpgradeNotADowngrade() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0a", policy: "minor"))
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.3.0", spec]).status, 0)
        XCTAssertEqual(try cli.run(["explain", spec]).stdout,
                       "nothing: 1.3.0a is a post-release of 1.3.0 (policy minor)\n")
        let notes = "\n[Release 1.3.0a 1]\nIcon=starred-symbolic\nTitle=Security fix\nSubtitle=Fixes.\n"
        let any = try cli.write("car-any.spec", Self.spec(version: "1.3.0a", policy: "any", extra: notes))
        XCTAssertTrue(try cli.run(["explain", any]).stdout.hasPrefix("whats-new: 1.3.0 -> 1.3.0a"))
        XCTAssertEqual(try cli.run(["mark-seen", spec]).stdout, "recorded org.example.Car 1.3.0a\n")
    }

    func testAdminCanDisableWhatsNewFleetWide() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.2.0", spec]).status, 0)
        XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("whats-new"))
        try cli.write("etc-xdg/first-open/first-open.conf", """
            [Defaults]
            ShowWhatsNew=false

            """)
        let result = try cli.run(["explain", spec])
        XCTAssertTrue(result.stdout.hasPrefix("nothing"), result.stdout)
    }

    func testNothingToShowPathLoadsNoGTK() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", spec]).status, 0)
        let binary = try ELFDynamicInfo(path: CLIHarness.firstOpen.path)
        let forbidden = ["libgtk-3", "libgdk-3", "libX11", "libwayland-client", "libcairo"]
        if binary.isStatic {
            // The default build: linked fully static, so the loader maps nothing but the
            // binary itself (LD_DEBUG has nothing to report). Nothing was linked in either.
            let text = try Data(contentsOf: CLIHarness.firstOpen)
            for symbol in ["gtk_init", "gdk_display_open", "XOpenDisplay", "wl_display_connect", "cairo_create"] {
                XCTAssertNil(text.range(of: Data(symbol.utf8)), "\(symbol) is linked into first-open")
            }
            let result = try cli.run([spec])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("nothing"), result.stdout)
            return
        }
        // -Dlogin_linking=dynamic: ask the loader what it maps.
        XCTAssertTrue(binary.neededLibraries.contains { $0.hasPrefix("libglib-2.0") }, "\(binary.neededLibraries)")
        for library in forbidden {
            XCTAssertFalse(binary.neededLibraries.contains { $0.hasPrefix(library) }, "\(library) is in DT_NEEDED")
        }
        let result = try cli.run([spec], extraEnvironment: ["LD_DEBUG": "libs"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("nothing"), result.stdout)
        XCTAssertTrue(result.stderr.contains("libglib-2.0"), "LD_DEBUG output is there")
        for library in forbidden {
            XCTAssertFalse(result.stderr.contains(library), "\(library) was loaded on the nothing path")
        }
    }

    /// A chroot or container without /proc mounted: the Swift runtime found argv and its
    /// own path there (the static build aborted, the dynamic one lost its arguments);
    /// Sources/Shims/CProgramStart takes both from elsewhere.
    func testWorksWithoutProc() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", spec]).status, 0)
        // A private mount namespace (as root, or in a user namespace) with an empty /proc.
        let script = #"mount -t tmpfs none /proc && test ! -e /proc/self && exec "$@""#
        let result = try CLIHarness.runTool("/usr/bin/unshare",
                                            ["--mount", "--map-root-user", "sh", "-c", script, "sh",
                                             CLIHarness.firstOpen.path, "explain", spec],
                                            environment: cli.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "nothing: 1.3.0 already seen\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testReleaseNotesAreReadOnlyWhenWhatsNewIsDue() throws {
        let cli = try CLIHarness()
        try cli.write("notes.metainfo.xml", "<component><releases><release version=")  // not XML
        let spec = try cli.write("car.spec", Self.spec(version: "1.3.0", extra: "ReleaseNotes=notes.metainfo.xml"))
        // Nothing due: the file is not read, so its damage does not matter at login.
        XCTAssertEqual(try cli.run(["mark-seen", spec]).status, 0)
        let nothing = try cli.run([spec])
        XCTAssertEqual(nothing.status, 0, nothing.stderr)
        XCTAssertTrue(nothing.stdout.hasPrefix("nothing: 1.3.0 already seen"), nothing.stdout)
        // What's New due: it is read, and its error is the spec's (65, one line).
        // (A record is never lowered: forget it first.)
        XCTAssertEqual(try cli.run(["reset", spec]).status, 0)
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.2.0", spec]).status, 0)
        let due = try cli.run(["explain", spec])
        XCTAssertEqual(due.status, 65, due.stdout + due.stderr)
        XCTAssertTrue(due.stderr.contains("notes.metainfo.xml"), due.stderr)
        XCTAssertEqual(due.stderr.split(separator: "\n").count, 1, due.stderr)
        // validate still reports every problem, this one included.
        let validate = try cli.run(["validate", spec])
        XCTAssertNotEqual(validate.status, 0)
        XCTAssertTrue(validate.stdout.contains("ReleaseNotes") || validate.stderr.contains("ReleaseNotes"),
                      validate.stdout + validate.stderr)
    }

    func testRowGroupsAreReadOnlyWhenAWindowIsDue() throws {
        let cli = try CLIHarness()
        let good = Self.spec(version: "1.3.0")
        let spec = try cli.write("car.spec", good)
        XCTAssertEqual(try cli.run(["mark-seen", spec]).status, 0)
        // Broken rows: a Welcome row without Title, a release row with a colour GTK rejects.
        let broken = good.replacingOccurrences(of: "Title=Car\n", with: "")
            .replacingOccurrences(of: "Title=Nearby\n", with: "Title=Nearby\nColor=notacolour\n")
        XCTAssertNotEqual(broken, good)
        try cli.write("car.spec", broken)
        // Nothing due: the decision needs only [First Open]; the rows are not read.
        let nothing = try cli.run([spec])
        XCTAssertEqual(nothing.status, 0, nothing.stderr)
        XCTAssertTrue(nothing.stdout.hasPrefix("nothing: 1.3.0 already seen"), nothing.stdout)
        XCTAssertEqual(nothing.stderr, "")
        // validate reports both rows.
        let validate = try cli.run(["validate", spec])
        XCTAssertEqual(validate.status, 65, validate.stdout + validate.stderr)
        XCTAssertTrue(validate.stdout.contains("[Welcome 1] Title"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("[Release 1.3.0 2] Color"), validate.stdout)
        // mark-seen still reads the whole spec (unchanged).
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.4.0", spec]).status, 65)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")
        // What's New due: the login fails with 65 and one line, and records nothing.
        try cli.write("car.spec", good)
        XCTAssertEqual(try cli.run(["reset", spec]).status, 0)
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.2.0", spec]).status, 0)
        try cli.write("car.spec", broken)
        let whatsNew = try cli.run([spec], removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(whatsNew.status, 65, whatsNew.stdout + whatsNew.stderr)
        XCTAssertEqual(whatsNew.stderr.split(separator: "\n").count, 1, whatsNew.stderr)
        XCTAssertTrue(whatsNew.stderr.contains("[Welcome 1]") || whatsNew.stderr.contains("[Release 1.3.0 2]"),
                      whatsNew.stderr)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.2.0")
        // Welcome due (no record): the same, and explain --content says so too.
        XCTAssertEqual(try cli.run(["reset", spec]).status, 65, "reset reads the whole spec (unchanged)")
        try cli.write("car.spec", good)
        XCTAssertEqual(try cli.run(["reset", spec]).status, 0)
        try cli.write("car.spec", broken)
        for arguments in [[spec], ["explain", "--content", spec]] {
            let welcome = try cli.run(arguments, removing: ["DISPLAY", "WAYLAND_DISPLAY"])
            XCTAssertEqual(welcome.status, 65, "\(arguments): \(welcome.stdout)\(welcome.stderr)")
            XCTAssertEqual(welcome.stderr.split(separator: "\n").count, 1, welcome.stderr)
        }
        XCTAssertNil(cli.recordedVersion("org.example.Car"))
        // Repaired: explain --content shows the rows again.
        try cli.write("car.spec", good)
        let content = try cli.run(["explain", "--content", spec])
        XCTAssertEqual(content.status, 0, content.stderr)
        XCTAssertTrue(content.stdout.hasPrefix("welcome") && content.stdout.contains("Car"), content.stdout)
    }

    func testShippedLoginBinaryIsStaticUnlessDynamicWasChosen() throws {
        let binary = try ELFDynamicInfo(path: CLIHarness.firstOpen.path)
        let dynamicChosen = ProcessInfo.processInfo.environment["FIRST_OPEN_LOGIN_LINKING"] == "dynamic"
        XCTAssertEqual(binary.isStatic, !dynamicChosen,
                       "interpreter \(binary.interpreter ?? "none"), DT_NEEDED \(binary.neededLibraries)")
        // The window helper keeps linking GTK dynamically.
        let helper = try ELFDynamicInfo(path: CLIHarness.productsDirectory.appendingPathComponent("first-open-window").path)
        XCTAssertTrue(helper.neededLibraries.contains { $0.hasPrefix("libgtk-3") }, "\(helper.neededLibraries)")
    }

    func testWorksWithoutHOMEThroughTheUserDatabase() throws {
        // No HOME, USER, LOGNAME, XDG_STATE_HOME: GLib asks the user database (NSS; in
        // the static binary glibc's built-in files source) for the home directory.
        let cli = try CLIHarness()
        let appID = "org.example.NoHome\(UInt32.random(in: 0...UInt32.max))"
        let spec = try cli.write("nohome.spec", Self.spec(version: "1.3.0").replacingOccurrences(
            of: "AppId=org.example.Car", with: "AppId=\(appID)"))
        let result = try cli.run(["explain", spec], removing: ["HOME", "USER", "LOGNAME", "XDG_STATE_HOME"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.hasPrefix("welcome: no record of \(appID)"), result.stdout)
    }

    /// GNOME Software 42.4 → 43.5, as its Debian metainfo is shaped: explain --content
    /// lists every crossed version, development releases included, with whole notes.
    func testExplainListsEveryCrossedVersionOfTheReleaseNotes() throws {
        let cli = try CLIHarness()
        _ = try cli.write("software.metainfo.xml", """
            <component><id>org.example.Software</id><releases>
              <release version="43.5" date="2023-03-02"><description><p>Fix few memory leaks</p></description></release>
              <release version="43.4" date="2023-02-10"><description><ul><li>Crash fixes</li></ul></description></release>
              <release version="43.0" date="2022-09-16"><description>
                <p>Features:</p><ol><li>App details show <em>permissions</em></li><li>A new <code>--search</code></li></ol>
              </description></release>
              <release version="43.beta" date="2022-08-05" type="development"><description><p>Beta notes</p></description></release>
              <release version="42.4" date="2022-08-01"><description><p>Old</p></description></release>
            </releases></component>
            """)
        let spec = try cli.write("software.spec", """
            [First Open]
            AppId=org.example.Software
            Name=Software
            Version=43.5
            ReleaseNotes=software.metainfo.xml
            """)
        XCTAssertEqual(try cli.run(["mark-seen", spec, "--version", "42.4"]).status, 0)
        let result = try cli.run(["explain", "--content", spec])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Array(result.stdout.split(separator: "\n").dropFirst()), [
            "  Version 43.5", "    Fix few memory leaks",
            "  Version 43.4", "    - Crash fixes",
            "  Version 43.0", "    Features:", "    1. App details show permissions", "    2. A new --search",
            "  Version 43.beta", "    Beta notes",
        ])
    }

    /// validate names a themed icon that no theme on the search path has; names the
    /// Adwaita theme or the spec's own icons/ folder has are fine.
    func testValidateNamesThemedIconsNoThemeHas() throws {
        let cli = try CLIHarness()
        let own = cli.root.appendingPathComponent("icons/hicolor/48x48/apps")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        // Any bytes will do: validate looks the name up, it does not decode it.
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: own.appendingPathComponent("org.example.Own.png"))
        let spec = try cli.write("icons.spec", """
            [First Open]
            AppId=org.example.Own
            Name=Own
            Version=1.0
            Icon=org.example.Own

            [Welcome 1]
            Icon=object-select-symbolic
            Title=Adwaita has it

            [Welcome 2]
            Icon=org.example.no-such-icon-symbolic
            Title=Nobody has it
            """)
        let result = try cli.run(["validate", spec])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(spec): warning: [Welcome 2] Icon: no icon theme on the search path (nor "
            + "\(cli.root.path)/icons) has \"org.example.no-such-icon-symbolic\"; the window shows no icon\n")
    }

    /// A name one Adwaita has and the next has not: emblem-favorite-symbolic is in
    /// Adwaita 43 (Debian 12) and gone from Adwaita 48 (Debian 13), whose symbolic icons
    /// moved to Adwaita/symbolic/ (starred-symbolic is found there). validate judges by
    /// the themes of the system it runs on; the oracle is the installed package's version.
    func testValidateJudgesThemedIconsByTheReleaseItRunsOn() throws {
        let cli = try CLIHarness()
        let dpkg = try CLIHarness.runTool("/usr/bin/dpkg-query", ["-W", "-f=${Version}", "adwaita-icon-theme"])
        let major = Int(dpkg.stdout.prefix { $0.isNumber }) ?? 0
        XCTAssertTrue(major == 43 || major >= 48, "adwaita-icon-theme \(dpkg.stdout) \(dpkg.stderr)")
        let spec = try cli.write("release.spec", """
            [First Open]
            AppId=org.example.Release
            Name=Release
            Version=1.0
            Icon=starred-symbolic

            [Welcome 1]
            Icon=emblem-favorite-symbolic
            Title=Adwaita 43 has it
            """)
        let result = try cli.run(["validate", spec])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, major >= 48
            ? "\(spec): warning: [Welcome 1] Icon: no icon theme on the search path (nor \(cli.root.path)/icons) has "
                + "\"emblem-favorite-symbolic\"; the window shows no icon\n"
            : "\(spec): ok\n")
    }
}
