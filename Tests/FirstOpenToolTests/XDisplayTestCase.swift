import FirstOpenTestSupport
import Foundation
import XCTest

/// Tests that drive real windows on the test's X server with xdotool, as a user would.
/// Holds no tests itself (XCTest runs a base class's tests in every subclass).
class XDisplayTestCase: XCTestCase {
    override func setUpWithError() throws {
        try requireXDisplay()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.xdotool), "xdotool is installed")
    }

    static let xdotool = "/usr/bin/xdotool"

    struct NoWindow: Error, CustomStringConvertible {
        var description: String
    }

    /// Waits for a window with exactly this title; returns its X id. Throws (ending the
    /// test) when none appears: the harness then kills the process that should show it.
    func waitForWindow(_ title: String, timeout: TimeInterval = 20) throws -> String {
        let id = try waitFor(timeout: timeout) {
            try CLIHarness.runTool(Self.xdotool, ["search", "--onlyvisible", "--name", "^\(title)$"])
                .stdout.split(separator: "\n").first.map(String.init)
        }
        guard let id else { throw NoWindow(description: "no window titled \(title) within \(timeout) s") }
        return id
    }

    func windowCount(_ title: String) throws -> Int {
        let found = try CLIHarness.runTool(Self.xdotool, ["search", "--onlyvisible", "--name", "^\(title)$"])
        return found.stdout.split(separator: "\n").count
    }

    func press(_ key: String, in window: String) throws {
        _ = try CLIHarness.runTool(Self.xdotool, ["windowfocus", "--sync", window])
        // The window ignores keys for 0.5 s after it was shown or gained the focus
        // (TypeAheadGuard): a person's key press comes later than that.
        Thread.sleep(forTimeInterval: 0.6)
        let pressed = try CLIHarness.runTool(Self.xdotool, ["key", "--clearmodifiers", key])
        XCTAssertEqual(pressed.status, 0, pressed.stderr)
    }
}
