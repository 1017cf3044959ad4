import Foundation
import FirstOpenTestSupport
import XCTest

/// `first-open SPEC --parent x11:XID`: the window over a window of another process, as
/// apps of other toolkits ask for it. The example apps in examples/parent (GTK 4 and Tk,
/// in Python) pass their own window's handle; xprop reads what the window manager would
/// see (`WM_TRANSIENT_FOR`, `_NET_WM_STATE_MODAL`).
final class ParentWindowTests: XDisplayTestCase {
    static let python = "/usr/bin/python3"
    static let xprop = "/usr/bin/xprop"

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.xprop), "xprop is installed (x11-utils)")
    }

    /// Starts an example app of examples/parent with the built first-open.
    func startExample(_ name: String, _ cli: CLIHarness, spec: String) throws -> CLIHarness.Started {
        var environment = cli.environment
        environment["FIRST_OPEN"] = CLIHarness.firstOpen.path
        environment["GSK_RENDERER"] = "cairo" // GTK 4 without GL under Xvfb
        let script = packageRoot.appendingPathComponent("examples/parent/\(name)").path
        return try CLIHarness.launchTool(Self.python, [script, spec, "--exit-when-done"], environment: environment)
    }

    /// The handle a started example printed (`parent x11:HEX`).
    func waitForHandle(_ started: CLIHarness.Started, timeout: TimeInterval = 30) throws -> String {
        let handle = waitFor(timeout: timeout) { () -> String? in
            let output = (try? String(contentsOf: started.stdout, encoding: .utf8)) ?? ""
            return output.split(separator: "\n").first { $0.hasPrefix("parent ") }
                .map { String($0.dropFirst("parent ".count)) }
        }
        if let handle { return handle }
        throw NoWindow(description: "the example app printed no parent handle within \(timeout) s")
    }

    /// A window property as xprop prints it.
    func property(_ name: String, of window: String) throws -> String {
        try CLIHarness.runTool(Self.xprop, ["-id", window, name]).stdout
    }

    /// The X id `WM_TRANSIENT_FOR` names, as a number, or nil without the property.
    func transientFor(_ window: String) throws -> UInt? {
        let text = try property("WM_TRANSIENT_FOR", of: window)
        guard let hex = text.split(separator: "#").last?.trimmingCharacters(in: .whitespacesAndNewlines),
              hex.hasPrefix("0x") else { return nil }
        return UInt(hex.dropFirst(2), radix: 16)
    }

    /// The top-level client window (child of the root) with this exact title.
    func windowID(_ title: String) throws -> UInt {
        UInt(try waitForWindow(title))!
    }

    func checkAppGetsTheWindowAsItsTransientChild(_ example: String, appTitle: String) throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let app = try startExample(example, cli, spec: spec)
        let handle = try waitForHandle(app)
        XCTAssertTrue(handle.hasPrefix("x11:"), handle)
        let window = try waitForWindow("Welcome to Car")
        // The window manager sees the app's top-level window as the parent, whatever id
        // the toolkit handed out (Tk's is an inner window).
        XCTAssertEqual(try transientFor(window), try windowID(appTitle))
        XCTAssertTrue(try property("_NET_WM_STATE", of: window).contains("_NET_WM_STATE_MODAL"))
        XCTAssertNil(cli.recordedVersion("org.example.Car"))
        try press("Return", in: window)
        let result = CLIHarness.finish(app)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("first-open exited 0"), result.stdout + result.stderr)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")

        // Second start: nothing due, no window, and the app learns it from the status (2).
        let again = CLIHarness.finish(try startExample(example, cli, spec: spec))
        XCTAssertTrue(again.stdout.contains("first-open exited 2"), again.stdout + again.stderr)
        XCTAssertEqual(try windowCount("Welcome to Car"), 0)
    }

    func testGTK4AppGetsTheWindowAsItsTransientChild() throws {
        try checkAppGetsTheWindowAsItsTransientChild("gtk4-app.py", appTitle: "GTK 4 app")
    }

    func testTkAppGetsTheWindowAsItsTransientChild() throws {
        try checkAppGetsTheWindowAsItsTransientChild("tk-app.py", appTitle: "Tk app")
    }

    /// A handle that names no window any more (the app's window is gone before ours
    /// maps): nothing shown, nothing recorded, exit 2, nothing on stderr (it would land
    /// in the app's).
    func testAParentGoneBeforeTheWindowMapsShowsNothing() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.2.0", spec]).status, 0)
        let result = try cli.run([spec, "--parent", "x11:1ffffe"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, "nothing: the parent window x11:1ffffe is gone; whats-new was not shown; nothing recorded\n")
        XCTAssertEqual(try windowCount("What’s New in Car|What's New in Car"), 0)
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.2.0")
    }

    /// `--detailed-status` (what libfirst-open-client passes): the parent gone before the
    /// window maps is exit 3, nothing due 2, with or without --parent; the words are the same.
    func testDetailedStatusTellsParentGoneFromNothingDue() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.2.0", spec]).status, 0)
        let gone = try cli.run(["show", "--detailed-status", spec, "--parent", "x11:1ffffe"])
        XCTAssertEqual(gone.status, 3, gone.stdout + gone.stderr)
        XCTAssertEqual(gone.stdout, "nothing: the parent window x11:1ffffe is gone; whats-new was not shown; nothing recorded\n")
        XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.2.0")
        XCTAssertEqual(try cli.run(["mark-seen", spec]).status, 0)
        let due = try cli.run(["show", "--detailed-status", spec, "--parent", "x11:1ffffe"])
        XCTAssertEqual(due.status, 2, due.stdout + due.stderr)
        let unparented = try cli.run(["show", "--detailed-status", spec])
        XCTAssertEqual(unparented.status, 2, unparented.stdout + unparented.stderr)
        XCTAssertTrue(unparented.stdout.hasPrefix("nothing"), unparented.stdout)
        // Without the flag, as before: 0 without --parent, 2 with it.
        XCTAssertEqual(try cli.run([spec]).status, 0)
    }

    /// A handle that is not a handle: one line, and the window is shown unparented;
    /// dismissing it still counts.
    func testBadHandlesShowTheWindowUnparentedWithOneLine() throws {
        let cases = [
            ("window-7", "is not a parent window handle"),
        ]
        for (handle, message) in cases {
            let cli = try CLIHarness()
            let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
            let started = try cli.start([spec, "--parent", handle])
            let window: String
            do {
                window = try waitForWindow("Welcome to Car")
            } catch {
                let result = CLIHarness.finish(started)
                XCTFail("\(handle): \(error): \(result.status) \(result.stdout) \(result.stderr)")
                continue
            }
            XCTAssertNil(try transientFor(window), handle)
            try press("Return", in: window)
            let result = CLIHarness.finish(started)
            XCTAssertEqual(result.status, 0, result.stderr)
            let lines = result.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(message) && result.stderr.contains("without a parent"), result.stderr)
            XCTAssertEqual(cli.recordedVersion("org.example.Car"), "1.3.0")
        }
    }

    /// Without --parent, "nothing to show" exits 0 (the autostart contract); with it, 2.
    func testNothingShownExits2OnlyWithParent() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        XCTAssertEqual(try cli.run(["mark-seen", spec]).status, 0)
        XCTAssertEqual(try cli.run([spec]).status, 0)
        let result = try cli.run([spec, "--parent", "x11:1ffffe"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("nothing"), result.stdout)
        XCTAssertEqual(result.stderr, "", "the handle is only looked at when a window is shown")
        // No display either: 2 with --parent.
        let noDisplay = try cli.run(["reset", spec])
        XCTAssertEqual(noDisplay.status, 0)
        let headless = try cli.run([spec, "--parent", "x11:1ffffe"], removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(headless.status, 2, headless.stdout + headless.stderr)
    }

    /// The app quits while its What's New is open: the window goes with it (never a
    /// window left over no app), nothing is recorded, and first-open exits 2.
    func testWindowClosesWhenTheParentWindowIsDestroyed() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let parentScript = """
            import tkinter
            root = tkinter.Tk()
            root.title("Parent")
            root.wait_visibility()
            print("parent x11:%x" % root.winfo_id(), flush=True)
            root.mainloop()
            """
        let parent = try CLIHarness.launchTool(Self.python, ["-c", parentScript], environment: cli.environment)
        let handle = try waitForHandle(parent)
        let started = try cli.start(["show", "--force", "whats-new", "--parent", handle, spec])
        let window = try waitForWindow("What’s New in Car|What's New in Car")
        XCTAssertEqual(try transientFor(window), try windowID("Parent"))
        kill(parent.process.processIdentifier, SIGKILL)
        _ = CLIHarness.finish(parent)
        let result = CLIHarness.finish(started, timeout: 20)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("parent window went away"), result.stdout)
        XCTAssertEqual(try windowCount("What’s New in Car|What's New in Car"), 0)
        XCTAssertNil(cli.recordedVersion("org.example.Car"))
    }

    /// A Tk window of another process that prints its handle; `overrideRedirect` makes it
    /// a window that window managers do not manage (a menu, a splash).
    func startTkParent(_ cli: CLIHarness, overrideRedirect: Bool = false) throws -> CLIHarness.Started {
        let script = """
            import tkinter
            root = tkinter.Tk()
            root.title("Parent")
            root.geometry("400x300+100+100")
            \(overrideRedirect ? "root.overrideredirect(True)" : "")
            root.wait_visibility()
            print("parent x11:%x" % root.winfo_id(), flush=True)
            root.mainloop()
            """
        return try CLIHarness.launchTool(Self.python, ["-c", script], environment: cli.environment)
    }

    /// Window managers do not manage an override-redirect window: a dialog transient for
    /// it was hidden by them, silently. Now: one warning, and the window is shown on its own.
    func testOverrideRedirectParentIsRefusedWithOneLine() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let parent = try startTkParent(cli, overrideRedirect: true)
        defer {
            kill(parent.process.processIdentifier, SIGKILL)
            _ = CLIHarness.finish(parent)
        }
        let handle = try waitForHandle(parent)
        let started = try cli.start(["show", "--force", "welcome", "--parent", handle, spec])
        let window = try waitForWindow("Welcome to Car")
        XCTAssertNil(try transientFor(window))
        try press("Return", in: window)
        let result = CLIHarness.finish(started)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "first-open: warning: --parent \(handle): an override-redirect window (a menu or popup "
                       + "that window managers do not manage) cannot be a parent; the window is shown without a parent\n")
    }

    /// The app quits 10 ms after starting first-open: no window stays over no app (before:
    /// left open at (0,0) in 4 of 5 tries). Whether the helper finds the window gone, or
    /// finds it and then sees it go before it is watched, or the closed app's stale id now
    /// names a window of the helper's own (the X server hands the id range on): exit 2,
    /// nothing shown for long, nothing recorded.
    func testAParentClosingRightAfterTheStartClosesTheWindow() throws {
        for attempt in 1...5 {
            let cli = try CLIHarness()
            let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
            let parent = try startTkParent(cli)
            let handle = try waitForHandle(parent)
            let started = try cli.start(["show", "--force", "welcome", "--parent", handle, spec])
            usleep(10_000)
            kill(parent.process.processIdentifier, SIGKILL)
            _ = CLIHarness.finish(parent)
            let result = CLIHarness.finish(started, timeout: 20)
            XCTAssertEqual(result.status, 2, "attempt \(attempt): " + result.stdout + result.stderr)
            XCTAssertTrue(result.stdout.contains("parent window went away") || result.stdout.contains("is gone"),
                          "attempt \(attempt): " + result.stdout)
            XCTAssertEqual(result.stderr, "", "attempt \(attempt)")
            XCTAssertEqual(try windowCount("Welcome to Car"), 0)
            XCTAssertNil(cli.recordedVersion("org.example.Car"))
        }
    }
}
