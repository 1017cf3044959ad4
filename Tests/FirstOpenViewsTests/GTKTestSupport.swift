import CGtk
@testable import FirstOpenViews
import Glibc
import XCTest

/// Raised when `FIRST_OPEN_REQUIRE_DISPLAY=1` but GTK cannot open a display: the test
/// fails instead of being skipped, so CI cannot pass without running the GTK tests.
struct DisplayRequiredError: Error, CustomStringConvertible {
    var description: String {
        "FIRST_OPEN_REQUIRE_DISPLAY=1 but GTK could not open a display "
            + "(DISPLAY=\(environment("DISPLAY") ?? "unset"), "
            + "WAYLAND_DISPLAY=\(environment("WAYLAND_DISPLAY") ?? "unset")); run under xvfb-run -a"
    }
}

func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}

/// Initialises GTK once for the whole test process. Without a display the test fails
/// when `FIRST_OPEN_REQUIRE_DISPLAY=1`, and is skipped otherwise.
@MainActor
func requireGTK() throws {
    if GTK.initialize() { return }
    if environment("FIRST_OPEN_REQUIRE_DISPLAY") == "1" {
        throw DisplayRequiredError()
    }
    throw XCTSkip("no display; run under xvfb-run -a (set FIRST_OPEN_REQUIRE_DISPLAY=1 to fail instead)")
}

/// Runs the GTK main loop until `condition` holds or `timeout` seconds pass.
@MainActor
@discardableResult
func spinMainLoop(timeout: Double = 3, until condition: () -> Bool) -> Bool {
    let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
    while !condition() {
        if g_get_monotonic_time() > deadline { return false }
        if gtk_events_pending() != 0 {
            gtk_main_iteration_do(0)
        } else {
            g_usleep(2_000)
        }
    }
    return true
}

/// Lets GTK handle everything pending (layout, mapping, idle callbacks) for a moment.
@MainActor
func settle(_ seconds: Double = 0.2) {
    spinMainLoop(timeout: seconds) { false }
}

/// The visible toplevel windows titled `title`.
@MainActor
func visibleToplevels(titled title: String) -> [UnsafeMutablePointer<GtkWindow>] {
    guard let list = gtk_window_list_toplevels() else { return [] }
    defer { g_list_free(list) }
    var result: [UnsafeMutablePointer<GtkWindow>] = []
    var node: UnsafeMutablePointer<GList>? = list
    while let current = node {
        if let data = current.pointee.data, let window = fo_window(data) {
            if let text = gtk_window_get_title(window), String(cString: text) == title,
               gtk_widget_get_visible(fo_widget(window)) != 0 {
                result.append(window)
            }
        }
        node = current.pointee.next
    }
    return result
}

/// A window's content with `rowCount` rows.
func sampleContent(
    kind: FirstOpenKind = .welcome,
    appName: String = "Car",
    accentColor: String = WindowContent.defaultAccentColor,
    rowCount: Int = 3,
    footnote: String? = nil,
    secondaryAction: SecondaryAction? = nil
) -> WindowContent {
    let icons = ["emoji-travel-symbolic", "airplane-mode-symbolic", "mark-location-symbolic"]
    let rows = (0..<rowCount).map { index in
        InformationRow(
            title: "Title \(index + 1)",
            subtitle: "Subtitle \(index + 1) explains what this row is about in a sentence or two.",
            iconName: icons[index % icons.count])
    }
    return WindowContent(
        kind: kind, appName: appName, iconName: "emoji-travel-symbolic", accentColor: accentColor,
        sections: [ContentSection(rows: rows)], footnote: footnote, secondaryAction: secondaryAction)
}

/// Asserts two colours match to within one 8-bit step per channel.
func assertColor(_ actual: RGBA, _ expected: RGBA, file: StaticString = #filePath, line: UInt = #line) {
    let tolerance = 1.0 / 255 + 1e-6
    XCTAssertEqual(actual.red, expected.red, accuracy: tolerance, "red of \(actual) vs \(expected)", file: file, line: line)
    XCTAssertEqual(actual.green, expected.green, accuracy: tolerance, "green of \(actual) vs \(expected)", file: file, line: line)
    XCTAssertEqual(actual.blue, expected.blue, accuracy: tolerance, "blue of \(actual) vs \(expected)", file: file, line: line)
    XCTAssertEqual(actual.alpha, expected.alpha, accuracy: tolerance, "alpha of \(actual) vs \(expected)", file: file, line: line)
}

/// GTK's own "window-position" setting of `window`.
@MainActor
func positionSetting(_ window: Window) -> GtkWindowPosition {
    var value = GValue()
    g_value_init(&value, gtk_window_position_get_type())
    defer { g_value_unset(&value) }
    g_object_get_property(UnsafeMutablePointer<GObject>(OpaquePointer(window.gtkWindow)), "window-position", &value)
    return GtkWindowPosition(rawValue: UInt32(g_value_get_enum(&value)))
}
