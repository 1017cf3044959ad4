import Foundation
import FirstOpenTestSupport
import XCTest

/// `first-open` in a Wayland-only session (`WAYLAND_DISPLAY` set, `DISPLAY` unset), as
/// most GNOME logins are today, against a private headless Weston.
final class WaylandSessionTests: XCTestCase {
    private var weston: Process?
    private var runtimeDirectory: TemporaryDirectory?
    private let socket = "first-open-test-\(getpid())"

    override func setUpWithError() throws {
        let westonPath = "/usr/bin/weston"
        try require(FileManager.default.isExecutableFile(atPath: westonPath), "weston is not installed",
                    hint: "scripts/setup.sh installs it")
        // mkdtemp's mode 0700 is what XDG_RUNTIME_DIR must have.
        let folder = try TemporaryDirectory("wayland")
        runtimeDirectory = folder
        let runtime = folder.url
        let process = Process()
        process.executableURL = URL(fileURLWithPath: westonPath)
        process.arguments = ["--backend=headless-backend.so", "--socket=\(socket)", "--idle-time=0"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        weston = process
        let socketPath = runtime.appendingPathComponent(socket).path
        waitUntil { FileManager.default.fileExists(atPath: socketPath) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: socketPath), "weston created its socket")
    }

    override func tearDown() {
        weston?.terminate()
        weston?.waitUntilExit()
        runtimeDirectory?.remove()
        runtimeDirectory = nil
    }

    func testWindowIsShownWithOnlyWaylandDisplay() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let environment = [
            "WAYLAND_DISPLAY": socket,
            "XDG_RUNTIME_DIR": runtimeDirectory!.path,
            // Quit after the first frame: headless Weston has no keyboard to press Enter on.
            "FIRST_OPEN_QUIT_WHEN_DRAWN": "1",
        ]
        let result = try cli.run([spec], extraEnvironment: environment, removing: ["DISPLAY", "GDK_BACKEND"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("no display"), result.stdout)
        XCTAssertFalse(result.stdout.contains("cannot open"), result.stdout)
        // The window was drawn but never dismissed by the user: nothing is recorded.
        XCTAssertNil(cli.recordedVersion("org.example.Car"))

        // Without the hook the same start would wait for the user; a forced window with
        // a broken Wayland socket is "no display" (69), not a crash.
        let broken = try cli.run(["show", "--force", "welcome", spec],
                                 extraEnvironment: ["WAYLAND_DISPLAY": "no-such-socket",
                                                    "XDG_RUNTIME_DIR": runtimeDirectory!.path],
                                 removing: ["DISPLAY", "GDK_BACKEND"])
        XCTAssertEqual(broken.status, 69, broken.stdout + broken.stderr)
    }

    /// `--parent wayland:HANDLE` on a compositor without xdg-foreign (Weston 10): one
    /// warning, and the window is still shown (drawn, then quit by the test hook).
    func testParentHandleWithoutXdgForeignShowsTheWindowUnparented() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let environment = [
            "WAYLAND_DISPLAY": socket,
            "XDG_RUNTIME_DIR": runtimeDirectory!.path,
            "FIRST_OPEN_QUIT_WHEN_DRAWN": "1",
        ]
        let result = try cli.run(["show", "--force", "welcome", "--parent", "wayland:b1d9c0de-handle", spec],
                                 extraEnvironment: environment, removing: ["DISPLAY", "GDK_BACKEND"])
        // Drawn but not dismissed by a user: with --parent that is 2, not 0.
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        // Headless Weston has no seat, and GDK says so in criticals of its own; ours is one line.
        let ours = result.stderr.split(separator: "\n").filter { $0.hasPrefix("first-open") }.map(String.init)
        let expected = "first-open: warning: --parent wayland:b1d9c0de-handle: the Wayland compositor does not "
            + "support xdg-foreign (neither zxdg_importer_v2 nor v1); the window is shown without a parent"
        XCTAssertEqual(ours, [expected])
    }

    /// The compositor dying while the window is open: GDK logs the lost connection (from
    /// the log writer's point of view, a message like any other) and the helper turns it
    /// into one line and exit 69, nothing recorded, before GDK's own exit(1).
    func testTheCompositorDyingWhileTheWindowIsOpenIsOneLineAndExit69() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("car.spec", FirstOpenCommandTests.spec(version: "1.3.0"))
        let started = try cli.start([spec], extraEnvironment: ["WAYLAND_DISPLAY": socket,
                                                               "XDG_RUNTIME_DIR": runtimeDirectory!.path],
                                    removing: ["DISPLAY", "GDK_BACKEND"])
        // The helper is connected once it has the compositor's socket open.
        waitUntil(timeout: 20) {
            let descriptors = (try? FileManager.default.contentsOfDirectory(
                atPath: "/proc/\(started.process.processIdentifier)/fd")) ?? []
            return descriptors.contains { descriptor in
                let target = (try? FileManager.default.destinationOfSymbolicLink(
                    atPath: "/proc/\(started.process.processIdentifier)/fd/\(descriptor)")) ?? ""
                return target.hasPrefix("socket:")
            } && (try? String(contentsOfFile: "/proc/\(started.process.processIdentifier)/cmdline", encoding: .utf8))?
                .contains("first-open-window") == true
        }
        Thread.sleep(forTimeInterval: 1)  // past the first frame
        weston?.terminate()
        let result = CLIHarness.finish(started)
        XCTAssertEqual(result.status, 69, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(
            "first-open: the display went away while the welcome window was open; nothing recorded\n"), result.stderr)
        XCTAssertNil(cli.recordedVersion("org.example.Car"))
    }
}
