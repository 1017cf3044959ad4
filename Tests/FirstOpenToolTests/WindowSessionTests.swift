import Foundation
import FirstOpenTestSupport
import XCTest

/// End-to-end tests with a real window: `first-open` under the test's X server,
/// driven with xdotool as a user would (Enter, Escape), state in private XDG dirs.
final class WindowSessionTests: XDisplayTestCase {
    func testFirstRunShowsWelcomeAndEnterRecords() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let started = try cli.start([spec])
        let window = try waitForWindow("Welcome to Car")
        XCTAssertNil(cli.recordedVersion("org.example.Car"), "nothing is recorded while the window is open")
        try press("Return", in: window)
        let result = CLIHarness.finish(started)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")
        XCTAssertTrue(try cli.run(["explain", spec]).stdout.hasPrefix("nothing"))
    }

    func testMinorUpgradeShowsWhatsNewWithEveryCrossedVersionAndEscapeRecords() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.1.0", spec]).status, 0)

        let preview = try cli.run(["explain", "--content", spec])
        let lines = preview.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.first?.hasPrefix("whats-new") ?? false, preview.stdout)
        // Newest first: 1.3.0's two rows, then 1.2.0's.
        let titles = lines.filter { ["Dark style", "Nearby", "Favourites"].contains($0) }
        XCTAssertEqual(titles, ["Dark style", "Nearby", "Favourites"], preview.stdout)
        let headings = lines.filter { $0.hasPrefix("Version ") }
        XCTAssertEqual(headings, ["Version 1.3.0", "Version 1.2.0"], preview.stdout)

        let started = try cli.start([spec])
        let window = try waitForWindow("What’s New in Car|What's New in Car")
        try press("Escape", in: window)
        let result = CLIHarness.finish(started)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")
    }

    /// `first-open-demo` (what scripts/demo.sh runs on a display) shows its own window
    /// and the Welcome window over it, modal and transient for it; Enter dismisses it.
    func testDemoShowsWelcomeOverItsWindow() throws {
        let cli = try CLIHarness()
        let demo = CLIHarness.productsDirectory.appendingPathComponent("first-open-demo").path
        let started = try CLIHarness.launchTool(demo, [], environment: cli.environment)
        defer { if started.process.isRunning { kill(started.process.processIdentifier, SIGKILL) } }
        let appWindow = try waitForWindow("FirstOpenViews Demo")
        let welcome = try waitForWindow("Welcome to Car")
        let transient = try CLIHarness.runTool("/usr/bin/xprop", ["-id", welcome, "WM_TRANSIENT_FOR"])
        let parent = transient.stdout.split(separator: "#").last?.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(parent.flatMap { UInt($0.dropFirst(2), radix: 16) }, UInt(appWindow),
                       "Welcome is transient for the demo's window: \(transient.stdout)")
        let state = try CLIHarness.runTool("/usr/bin/xprop", ["-id", welcome, "_NET_WM_STATE"])
        XCTAssertTrue(state.stdout.contains("_NET_WM_STATE_MODAL"), state.stdout)
        try press("Return", in: welcome)
        try waitUntil { try windowCount("Welcome to Car") == 0 }
        XCTAssertEqual(try windowCount("Welcome to Car"), 0, "Enter dismissed the Welcome window")
        XCTAssertEqual(try windowCount("FirstOpenViews Demo"), 1, "the demo's own window stays")
        XCTAssertTrue(started.process.isRunning)
        kill(started.process.processIdentifier, SIGTERM)
        let result = CLIHarness.finish(started)
        XCTAssertFalse(result.stderr.contains("CRITICAL") || result.stderr.contains("first-open:"), result.stderr)
    }

    func testConcurrentStartsShowOneWindow() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let first = try cli.start([spec])
        let window = try waitForWindow("Welcome to Car")
        let second = try cli.run([spec])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("already showing"), second.stdout)
        // What libfirst-open-client passes: already showing has a status of its own.
        let detailed = try cli.run(["show", "--detailed-status", spec])
        XCTAssertEqual(detailed.status, 4, detailed.stdout + detailed.stderr)
        XCTAssertTrue(detailed.stdout.contains("already showing"), detailed.stdout)
        XCTAssertEqual(try windowCount("Welcome to Car"), 1)

        try press("Return", in: window)
        let result = CLIHarness.finish(first)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")
        // After dismissal the lock is free and the decision is "nothing".
        XCTAssertTrue(try cli.run([spec]).stdout.hasPrefix("nothing"))
    }

    /// Issue 19.2: the spec path is a symbolic link swapped to another app's spec between
    /// first-open's decision and the window process's start. The window process must not
    /// show "Welcome to Bike" and record Bike at Car's version: it refuses (65, one
    /// line), shows nothing and records nothing; the next start decides again.
    func testSpecSwappedBetweenDecisionAndWindowShowsAndRecordsNothing() throws {
        let cli = try CLIHarness()
        let car = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let bike = try cli.write("bike.spec", FirstOpenCommandTests.spec(version: "1.3.0")
            .replacingOccurrences(of: "org.example.Car", with: "org.example.Bike")
            .replacingOccurrences(of: "Name=Car", with: "Name=Bike"))
        let link = cli.root.appendingPathComponent("current.spec").path
        XCTAssertEqual(symlink(car, link), 0)
        // Stands in for the window tool: swaps the link, then starts the real one.
        let window = CLIHarness.productsDirectory.appendingPathComponent("first-open-window").path
        let swapper = try cli.write("swap-then-window", "#!/bin/sh\nln -sfn '\(bike)' '\(link)'\nexec '\(window)' \"$@\"\n")
        XCTAssertEqual(chmod(swapper, 0o755), 0)

        let started = try cli.start([link], extraEnvironment: ["FIRST_OPEN_HELPER": swapper])
        // Before the fix the window appeared: dismiss it so the test ends, and fail.
        try waitUntil {
            guard try windowCount("Welcome to Bike") > 0 else { return !started.process.isRunning }
            XCTFail("the swapped-in app's window was shown")
            try press("Return", in: try waitForWindow("Welcome to Bike"))
            return true
        }
        let result = CLIHarness.finish(started)
        XCTAssertEqual(result.status, 65, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("org.example.Car"), result.stderr)
        XCTAssertNil(cli.recordedVersion("org.example.Bike"), "another app's record was written")
        XCTAssertNil(cli.recordedVersion("org.example.Car"), "nothing was shown, so nothing is recorded")
        // Car's lock was released: the next start decides again (Bike's Welcome, now).
        XCTAssertTrue(try cli.run(["explain", link]).stdout.hasPrefix("welcome"))
    }

    func testForcedWindowLeavesTheRecordAlone() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let started = try cli.start(["show", "--force", "whats-new", spec])
        let window = try waitForWindow("What’s New in Car|What's New in Car")
        try press("Return", in: window)
        let result = CLIHarness.finish(started)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertNil(cli.recordedVersion("org.example.Car"))
    }

    func testForcedWindowWithoutDisplayExits69() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let result = try cli.run(["show", "--force", "welcome", spec], extraEnvironment: ["DISPLAY": ":9999"],
                                 removing: ["WAYLAND_DISPLAY"])
        XCTAssertEqual(result.status, 69, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }
}

extension WindowSessionTests {
    /// Records 1.2.0, starts `first-open SPEC` (What's New up to 1.3.0), presses Tab,
    /// Space and then `dismissal` (Alt+C, Continue's mnemonic, by default) in the window,
    /// and returns how the process ended.
    func upgradeAndCheckTheOptOutBox(_ cli: CLIHarness, _ spec: String,
                                     dismissal: String = "alt+c") throws -> CLIHarness.Result {
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.2.0", spec]).status, 0)
        let started = try cli.start([spec])
        let window = try waitForWindow("What’s New in Car|What's New in Car")
        try press("Tab", in: window)
        try press("space", in: window)
        try press(dismissal, in: window)
        return CLIHarness.finish(started)
    }

    func testDontShowAfterUpdatesIsSavedForTheUser() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        // Focus starts on Continue; Tab reaches the check box, Space checks it, Alt+C continues.
        let result = try upgradeAndCheckTheOptOutBox(cli, spec)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("turned off"), result.stdout)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")

        let settings = try String(contentsOf: cli.configHome.appendingPathComponent("first-open/first-open.conf"),
                                  encoding: .utf8)
        XCTAssertTrue(settings.contains("ShowWhatsNew=false"), settings)
        // The next minor upgrade shows nothing for this user.
        let next = try cli.write("next.spec", FirstOpenCommandTests.spec(version: "1.4.0"))
        let explained = try cli.run(["explain", next])
        XCTAssertTrue(explained.stdout.hasPrefix("nothing"), explained.stdout)
    }

    /// Escape (and the close button) cancel: the version is recorded as seen, the
    /// checked box is not saved.
    func testEscapeDoesNotSaveDontShowAfterUpdates() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let result = try upgradeAndCheckTheOptOutBox(cli, spec, dismissal: "Escape")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("whats-new: escaped; recorded"), result.stdout)
        XCTAssertFalse(result.stdout.contains("turned off"), result.stdout)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")
        XCTAssertFalse(FileManager.default.fileExists(
            atPath: cli.configHome.appendingPathComponent("first-open/first-open.conf").path))
    }

    func testAdminLockHidesTheCheckBox() throws {
        let cli = try CLIHarness()
        try cli.write("etc-xdg/first-open/first-open.conf", """
            [Defaults]
            ShowWhatsNew=true
            Locked=ShowWhatsNew

            """)
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        // Without the check box, Tab and Space land on no toggle (Tab leaves Continue, the
        // only control, and Space then presses nothing): nothing is saved.
        let result = try upgradeAndCheckTheOptOutBox(cli, spec)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(
            atPath: cli.configHome.appendingPathComponent("first-open/first-open.conf").path))
        // Had the box been there and checked, the locked setting would have been refused
        // with a warning; there is neither a warning nor a saved choice.
        XCTAssertFalse(result.stderr.contains("Don't show"), result.stderr)
        XCTAssertFalse(result.stdout.contains("turned off"), result.stdout)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")
    }
}

extension WindowSessionTests {
    /// The window helper turns OpenGL off for itself (GDK_GL=disable during gtk_init)
    /// and does not hand that setting to what it starts: the Release Notes button
    /// launches the session's URL handler, here a script that saves its environment.
    func testWindowLoadsNoGLAndTheBrowserItStartsInheritsNoGDKGL() throws {
        let cli = try CLIHarness()
        let (dataHome, savedEnvironment) = try installTestBrowser(in: cli)
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(
            version: "1.3.0", extra: "SecondaryLabel=Release Notes\nSecondaryURL=https://example.org/news"))
        // A session's environment: nobody sets GDK_GL.
        let started = try cli.start([spec], extraEnvironment: ["XDG_DATA_HOME": dataHome.path],
                                    removing: ["GDK_GL"])
        let window = try waitForWindow("Welcome to Car")
        // (/proc files report size 0: read them to the end.)
        let mapsFile = FileHandle(forReadingAtPath: "/proc/\(started.process.processIdentifier)/maps")
        let maps = String(decoding: mapsFile?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        XCTAssertTrue(maps.contains("libgtk-3"), "the window process is the helper")
        for library in ["libGLX", "libEGL", "libGL.so"] {
            XCTAssertFalse(maps.contains(library), "\(library) is mapped: GL was not turned off")
        }

        try press("Tab", in: window)  // from Continue to Release Notes
        try press("space", in: window)
        waitUntil { FileManager.default.fileExists(atPath: savedEnvironment.path) }
        let environment = (try? String(contentsOf: savedEnvironment, encoding: .utf8)) ?? ""
        XCTAssertTrue(environment.contains("XDG_DATA_HOME=\(dataHome.path)"), "the browser ran: \(environment)")
        XCTAssertFalse(environment.contains("GDK_GL="), "GDK_GL leaked into the browser")
        try press("Escape", in: window)
        let result = CLIHarness.finish(started)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// A URL handler for https in the harness's private data and config folders: a
    /// script that saves its environment to the returned file once it runs.
    func installTestBrowser(in cli: CLIHarness) throws -> (dataHome: URL, savedEnvironment: URL) {
        let dataHome = cli.root.appendingPathComponent("data")
        let savedEnvironment = cli.root.appendingPathComponent("browser-environment")
        let browser = try cli.write("browser.sh", "#!/bin/sh\nenv > '\(savedEnvironment.path).tmp'\n"
                                        + "mv '\(savedEnvironment.path).tmp' '\(savedEnvironment.path)'\n")
        XCTAssertEqual(chmod(browser, 0o755), 0)
        try cli.write("data/applications/first-open-test-browser.desktop", """
            [Desktop Entry]
            Type=Application
            Name=Test browser
            Exec=\(browser) %u
            MimeType=x-scheme-handler/https;

            """)
        try cli.write("config/mimeapps.list", """
            [Default Applications]
            x-scheme-handler/https=first-open-test-browser.desktop

            """)
        return (dataHome, savedEnvironment)
    }

    /// In a session with a D-Bus bus, opening the release notes runs GIO on worker
    /// threads that write GLib log messages; the window helper's log writer runs there.
    /// It trapped (SIGILL, exit 132) when it was formed in main-actor code, before the
    /// browser opened, in 5 of 6 tries. Alt+R, as a user presses it, three times over.
    func testReleaseNotesInASessionBusOpenTheBrowserAndTheWindowKeepsRunning() throws {
        for attempt in 1...3 {
            let cli = try CLIHarness()
            let (dataHome, savedEnvironment) = try installTestBrowser(in: cli)
            let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(
                version: "1.3.0", extra: "SecondaryLabel=Release Notes\nSecondaryURL=https://example.org/news"))
            // Every debug message goes through the writer whether or not it is printed;
            // printing them too makes the worker threads' messages visible on failure.
            let started = try cli.startInSessionBus(
                [spec], extraEnvironment: ["XDG_DATA_HOME": dataHome.path, "G_MESSAGES_DEBUG": "all"])
            let window = try waitForWindow("Welcome to Car")
            try press("alt+r", in: window)
            waitUntil { FileManager.default.fileExists(atPath: savedEnvironment.path) }
            XCTAssertTrue(FileManager.default.fileExists(atPath: savedEnvironment.path), "try \(attempt): the browser ran")
            // The helper has seen the launch finish (or crashed on the way): give a
            // trap time to happen, then the window must still be there.
            Thread.sleep(forTimeInterval: 0.5)
            XCTAssertTrue(started.process.isRunning, "try \(attempt): the window process ended")
            XCTAssertEqual(try windowCount("Welcome to Car"), 1, "try \(attempt)")
            try press("Escape", in: window)
            let result = CLIHarness.finish(started)
            XCTAssertEqual(result.status, 0, "try \(attempt): \(result.stderr.suffix(2000))")
            XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0", "try \(attempt)")
        }
    }
}

extension WindowSessionTests {
    /// Shows the forced Welcome window of a 30-row spec with a long name on a private
    /// 1024x768 Xvfb with `environment` (GDK_SCALE, GDK_DPI_SCALE), and returns the
    /// window's frame on the screen in device pixels, as xdotool sees it.
    func frameOnSmallScreen(_ environment: [String: String]) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let cli = try CLIHarness()
        let rows = (1...30).map { "[Welcome \($0)]\nIcon=object-select-symbolic\nTitle=Row \($0)\nSubtitle=What row \($0) is about, in a sentence.\n" }
        let spec = try cli.write("long.spec", """
            [First Open]
            AppId=org.example.Long
            Name=A Very Long Application Name That Wraps
            Version=1.0

            \(rows.joined(separator: "\n"))
            """)
        let title = "Welcome to A Very Long Application Name That Wraps"
        // Xvfb picks a free display itself (-displayfd): xvfb-run -a races with the other
        // X servers of a busy machine.
        let script = """
            Xvfb -displayfd 3 -screen 0 1024x768x24 -dpi 96 -nolisten tcp 3>"$3" 2>/dev/null & xpid=$!
            for i in $(seq 200); do [ -s "$3" ] && break; sleep 0.05; done
            export DISPLAY=":$(cat "$3")"
            "$0" show --force welcome "$1" & pid=$!
            for i in $(seq 200); do w=$(xdotool search --onlyvisible --name "^$2$") && break; sleep 0.1; done
            sleep 0.5
            xdotool getwindowgeometry --shell "$w"
            kill "$pid" "$xpid"
            wait
            """
        var env = cli.environment.merging(environment) { $1 }
        env.removeValue(forKey: "DISPLAY")
        let result = try CLIHarness.runTool(
            "/bin/sh", ["-c", script, CLIHarness.firstOpen.path, spec, title, cli.root.appendingPathComponent("display").path],
            environment: env)
        var values: [String: Int] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let number = Int(parts[1]) { values[String(parts[0])] = number }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else {
            throw NoWindow(description: "no window geometry: \(result.stdout) \(result.stderr)")
        }
        return (x, y, width, height)
    }

    /// At `GDK_SCALE=2` a 1024x768 screen is 512x384 logical pixels: the window (title
    /// bar and borders included) fits, header and rows scroll. It was 1026x796 before.
    func testScaleTwoOnA1024x768ScreenFits() throws {
        let frame = try frameOnSmallScreen(["GDK_SCALE": "2"])
        XCTAssertGreaterThanOrEqual(frame.x, 0, "\(frame)")
        XCTAssertGreaterThanOrEqual(frame.y, 0, "\(frame)")
        XCTAssertLessThanOrEqual(frame.x + frame.width, 1024, "\(frame)")
        XCTAssertLessThanOrEqual(frame.y + frame.height, 768, "\(frame)")
        XCTAssertGreaterThanOrEqual(frame.width, 2 * 360, "still a readable width: \(frame)")
    }

    /// Large text (GNOME's text scaling 1.5) on 1024x768 fits too.
    func testLargeTextOnA1024x768ScreenFits() throws {
        let frame = try frameOnSmallScreen(["GDK_DPI_SCALE": "1.5"])
        XCTAssertGreaterThanOrEqual(frame.y, 0, "\(frame)")
        XCTAssertLessThanOrEqual(frame.y + frame.height, 768, "\(frame)")
        XCTAssertLessThanOrEqual(frame.x + frame.width, 1024, "\(frame)")
    }
}
