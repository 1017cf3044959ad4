import Foundation
import XCTest

/// Tests that drive real windows on the test's X server with xdotool, as a user would.
/// Holds no tests itself (XCTest runs a base class's tests in every subclass).
class XDisplayTestCase: XCTestCase {
    override func setUpWithError() throws {
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        if display.isEmpty {
            if ProcessInfo.processInfo.environment["FIRST_OPEN_REQUIRE_DISPLAY"] == "1" {
                XCTFail("FIRST_OPEN_REQUIRE_DISPLAY=1 but DISPLAY is unset: run the suite with scripts/test.sh")
            }
            throw XCTSkip("no X display; scripts/test.sh runs these under Xvfb")
        }
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.xdotool), "xdotool is installed")
    }

    static let xdotool = "/usr/bin/xdotool"

    struct NoWindow: Error, CustomStringConvertible {
        var description: String
    }

    /// Waits for a window with exactly this title; returns its X id. Throws (ending the
    /// test) when none appears: the harness then kills the process that should show it.
    func waitForWindow(_ title: String, timeout: TimeInterval = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let found = try CLIHarness.runTool(Self.xdotool, ["search", "--onlyvisible", "--name", "^\(title)$"])
            if let id = found.stdout.split(separator: "\n").first { return String(id) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw NoWindow(description: "no window titled \(title) within \(timeout) s")
    }

    func windowCount(_ title: String) throws -> Int {
        let found = try CLIHarness.runTool(Self.xdotool, ["search", "--onlyvisible", "--name", "^\(title)$"])
        return found.stdout.split(separator: "\n").count
    }

    func press(_ key: String, in window: String) throws {
        _ = try CLIHarness.runTool(Self.xdotool, ["windowfocus", "--sync", window])
        let pressed = try CLIHarness.runTool(Self.xdotool, ["key", "--clearmodifiers", key])
        XCTAssertEqual(pressed.status, 0, pressed.stderr)
    }
}
