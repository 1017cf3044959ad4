import Foundation
import FirstOpenTestSupport
import XCTest

/// The window on the desktops users have, not only on a bare Xvfb: each test starts a
/// real compositor or window manager privately (`Tests/Desktops/desktops.py`: GNOME Shell
/// and mutter headless on Wayland, `kwin_wayland --virtual`, xfwm4, openbox and mutter on
/// their own Xvfb) and `Tests/Desktops/check-desktop.py` asks *it* where our windows are,
/// what they are transient for, whether they are modal and focused, and what it calls
/// them. A desktop that cannot be started fails the test (scripts/setup.sh installs them
/// all); it is never skipped. What each desktop does is in docs/desktops.md.
final class RealDesktopTests: XCTestCase {
    static let tools = ["/usr/bin/python3", "/usr/bin/dbus-daemon", "/usr/bin/Xvfb", "/usr/bin/xprop",
                        "/usr/bin/xwininfo", "/usr/bin/xdotool", "/usr/bin/gnome-shell", "/usr/bin/mutter",
                        "/usr/bin/kwin_wayland", "/usr/bin/xfwm4", "/usr/bin/openbox",
                        // check-desktop.py builds its xdg-foreign v2 client (foreign-v2-app.c)
                        "/usr/bin/cc", "/usr/bin/pkg-config", "/usr/bin/wayland-scanner"]

    override func setUpWithError() throws {
        for tool in Self.tools {
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is installed (scripts/setup.sh)")
        }
        let protocolXML = "/usr/share/wayland-protocols/unstable/xdg-foreign/xdg-foreign-unstable-v2.xml"
        XCTAssertTrue(FileManager.default.fileExists(atPath: protocolXML), "\(protocolXML) is installed (scripts/setup.sh)")
    }

    /// Runs `check-desktop.py DESKTOP` against the built programs; every check must pass.
    private func check(_ desktop: String) throws {
        let script = packageRoot.appendingPathComponent("Tests/Desktops/check-desktop.py").path
        let started = try CLIHarness.launchTool("/usr/bin/python3", [script, desktop, CLIHarness.productsDirectory.path],
                                                environment: ProcessInfo.processInfo.environment)
        let result = CLIHarness.finish(started, timeout: 300)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("all checks passed"), result.stdout + result.stderr)
    }

    func testGnomeShellWayland() throws { try check("gnome-shell-wayland") }
    func testMutterWayland() throws { try check("mutter-wayland") }
    func testKWinWayland() throws { try check("kwin-wayland") }
    func testXfwm4() throws { try check("xfwm4") }
    func testOpenbox() throws { try check("openbox") }
    func testMutterX11() throws { try check("mutter-x11") }
    func testGnomeShellX11() throws { try check("gnome-shell-x11") }

    /// Where xdg-desktop-portal is installed (a machine with GNOME), a GTK 4 host on a
    /// session bus with the desktop's services activates the portals (GTK 4.8 at start-up,
    /// GTK 4.18 when it shares a file) and xdg-document-portal, whose FUSE mount in
    /// `$XDG_RUNTIME_DIR/doc` outlives the host (dh_auto_test could not remove its runtime
    /// folder: issue 30, item 9); `Tests/Desktops/session_bus.py` reports that, and on its
    /// own bus, which the GTK 4 embedding tests run on, nothing is left.
    func testTheTestsOwnSessionBusLeavesNoPortalAndNoMount() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/libexec/xdg-document-portal"),
                      "xdg-desktop-portal is installed (scripts/setup.sh)")
        let script = packageRoot.appendingPathComponent("Tests/Desktops/check-session-bus.py").path
        let started = try CLIHarness.launchTool("/usr/bin/python3", [script],
                                                environment: ProcessInfo.processInfo.environment)
        let result = CLIHarness.finish(started, timeout: 120)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("all checks passed"), result.stdout + result.stderr)
    }
}
