import FirstOpenState
import FirstOpenFlow
import CGtk
import FirstOpenContent
@testable import FirstOpenViews
import Glibc
import FirstOpenTestSupport
import XCTest
import FirstOpenGTKWrappers

func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}

/// Initialises GTK once for the whole test process. Without a display the test fails
/// when `FIRST_OPEN_REQUIRE_DISPLAY=1`, and is skipped otherwise.
@MainActor
func requireGTK(file: StaticString = #filePath, line: UInt = #line) throws {
    try require(GTK.initialize(),
                "GTK could not open a display (DISPLAY=\(environment("DISPLAY") ?? "unset"), "
                    + "WAYLAND_DISPLAY=\(environment("WAYLAND_DISPLAY") ?? "unset"))",
                hint: "run under xvfb-run -a", file: file, line: line)
}

/// Runs the GTK main loop until `condition` holds or `timeout` seconds pass.
@MainActor
@discardableResult
func spinMainLoop(timeout: Double = 10, until condition: () -> Bool) -> Bool {
    let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
    while !condition() {
        if g_get_monotonic_time() > deadline { return false }
        if gtk_events_pending() != 0 {
            gtk_main_iteration_do(0)
        } else {
            g_usleep(2_000)
        }
    }
    flushDisplay()
    return true
}

/// Sends what Xlib still holds to the X server. A button pressed from the keyboard
/// grabs the keyboard until it is clicked; the ungrab is queued in the click's handler,
/// and a test that stops the main loop right after the click left it unsent: the X
/// server kept the grab, and every key the later tests typed into the window helper (a
/// process of its own) went to this one.
@MainActor
func flushDisplay() {
    if let display = gdk_display_get_default() { gdk_display_flush(display) }
}

/// Runs every event and idle callback already pending, then returns: no waiting, so
/// an assertion after it is about what happened, not about what a timer has not yet
/// done. (Bounded, in case a callback keeps rescheduling itself.)
@MainActor
func drainMainLoop() {
    var iterations = 0
    while gtk_events_pending() != 0, iterations < 10_000 {
        gtk_main_iteration_do(0)
        iterations += 1
    }
    flushDisplay()
}

/// Lets GTK handle everything pending (layout, mapping, idle callbacks) for a moment.
/// For layout only: never to assert that something did *not* happen.
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
    kind: FirstOpenWindowKind = .welcome,
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
    g_object_get_property(UnsafeMutablePointer<GObject>(OpaquePointer(window.windowPointer)), "window-position", &value)
    return GtkWindowPosition(rawValue: UInt32(g_value_get_enum(&value)))
}

extension Button {
    /// The label as shown, without its mnemonic marker ("_Continue" → "Continue").
    var shownLabel: String { Mnemonic.stripped(label) }

    /// Whether the button shows itself pressed: between a keyboard activation and the
    /// "clicked" GTK emits a moment later (GTK_STATE_FLAG_ACTIVE).
    var isPressedDown: Bool {
        gtk_widget_get_state_flags(widgetPointer).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0
    }
}

extension CheckButton {
    /// The label as shown, without its mnemonic marker.
    var shownLabel: String { Mnemonic.stripped(label) }
}

// Test-only API: what only the tests need stays here, not in the package's wrappers
// (FirstOpenGTKWrappers) or libfirst-open's C header.

extension Window {
    /// Delivers a synthesised key press to the window, through the same path as a real
    /// one (key-press handlers, mnemonics, then GTK's key bindings), with `modifiers`
    /// (e.g. `GDK_MOD1_MASK` for Alt). Returns whether it was handled; `false` once the
    /// window is destroyed.
    ///
    /// Like the display server's event: the keyval plus the hardware keycode and group of
    /// the current keymap, because GTK's key bindings (Return → activate-default) match
    /// on the keycode.
    @discardableResult
    func sendKeyPress(keyval: UInt, modifiers: GdkModifierType = GdkModifierType(rawValue: 0)) -> Bool {
        guard !isDestroyed else { return false }
        gtk_widget_realize(widgetPointer)
        guard let gdkWindow = gtk_widget_get_window(widgetPointer), let event = gdk_event_new(GDK_KEY_PRESS) else {
            return false
        }
        defer { gdk_event_free(event) }  // also drops the window reference taken below
        g_object_ref(UnsafeMutableRawPointer(gdkWindow))
        event.pointee.key.window = gdkWindow
        event.pointee.key.send_event = 1
        event.pointee.key.time = guint32(GDK_CURRENT_TIME)
        event.pointee.key.state = modifiers.rawValue
        event.pointee.key.keyval = guint(keyval)
        let display = gdk_window_get_display(gdkWindow)
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var count: gint = 0
        if gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(display), guint(keyval), &keys, &count) != 0,
           count > 0, let first = keys?.pointee {
            event.pointee.key.hardware_keycode = guint16(first.keycode)
            event.pointee.key.group = guint8(first.group)
        }
        g_free(keys)
        if let seat = gdk_display_get_default_seat(display) {
            gdk_event_set_device(event, gdk_seat_get_keyboard(seat))
        }
        return gtk_widget_event(widgetPointer, event) != 0
    }

    /// Asks the window to close as the window manager's close button does (a
    /// "delete-event", delivered from the main loop).
    func requestClose() {
        guard !isDestroyed else { return }
        gtk_window_close(windowPointer)
    }

    /// Whether this window is transient for `other`.
    func isTransient(for other: Window) -> Bool {
        gtk_window_get_transient_for(windowPointer) == other.windowPointer
    }

    /// The widget that has the keyboard focus in this window, if any.
    var focusedWidget: UnsafeMutablePointer<GtkWidget>? {
        gtk_window_get_focus(windowPointer)
    }

    /// Where the window and its decorations (title bar, client-side borders) are on the
    /// screen, in logical pixels; `nil` before it is realized.
    var frameOnScreen: Rectangle? {
        guard let gdkWindow = gtk_widget_get_window(widgetPointer) else { return nil }
        var rect = GdkRectangle()
        gdk_window_get_frame_extents(gdkWindow, &rect)
        return Rectangle(x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
    }
}

extension Widget {
    /// The foreground colour the theme and style sheets resolve for the widget's current state.
    var styleColor: RGBA {
        let context = gtk_widget_get_style_context(widgetPointer)
        var color = GdkRGBA()
        gtk_style_context_get_color(context, gtk_style_context_get_state(context), &color)
        return RGBA(color)
    }

    /// The ATK object attributes of the widget's accessible ("level" of a heading, …).
    var accessibleAttributes: [String: String] {
        var result: [String: String] = [:]
        let attributes = atk_object_get_attributes(gtk_widget_get_accessible(widgetPointer))
        var node = attributes
        while let current = node {
            if let data = current.pointee.data {
                let attribute = data.assumingMemoryBound(to: AtkAttribute.self).pointee
                if let name = attribute.name, let value = attribute.value {
                    result[String(cString: name)] = String(cString: value)
                }
            }
            node = current.pointee.next
        }
        atk_attribute_set_free(attributes)
        return result
    }

    /// Whether this wrapper wraps `pointer`.
    func wraps(_ pointer: UnsafeMutablePointer<GtkWidget>?) -> Bool {
        pointer == widgetPointer
    }

    /// A colour-valued CSS property of the widget in its current state (`outline-color`).
    func cssColor(_ property: String, state: GtkStateFlags? = nil) -> RGBA? {
        let context = gtk_widget_get_style_context(widgetPointer)
        var value = GValue()
        gtk_style_context_get_property(context, property, state ?? gtk_style_context_get_state(context), &value)
        defer { g_value_unset(&value) }
        guard let boxed = g_value_get_boxed(&value) else { return nil }
        return RGBA(boxed.assumingMemoryBound(to: GdkRGBA.self).pointee)
    }

    /// An integer-valued CSS property (`outline-width`, `outline-offset`).
    func cssInteger(_ property: String) -> Int {
        let context = gtk_widget_get_style_context(widgetPointer)
        var value = GValue()
        gtk_style_context_get_property(context, property, gtk_style_context_get_state(context), &value)
        defer { g_value_unset(&value) }
        return Int(g_value_get_int(&value))
    }

    /// The CSS `opacity` of the widget.
    var cssOpacity: Double {
        let context = gtk_widget_get_style_context(widgetPointer)
        var value = GValue()
        gtk_style_context_get_property(context, "opacity", gtk_style_context_get_state(context), &value)
        defer { g_value_unset(&value) }
        return g_value_get_double(&value)
    }
}

extension Label {
    /// The styles a label shows, as (byte range, style) pairs: for tests.
    var styleRanges: [(range: Range<Int>, style: StyledText.Style)] {
        guard let list = gtk_label_get_attributes(fo_label(widgetPointer)) else { return [] }
        var result: [(Range<Int>, StyledText.Style)] = []
        let iterator = pango_attr_list_get_iterator(list)
        defer { pango_attr_iterator_destroy(iterator) }
        repeat {
            var start: gint = 0
            var end: gint = 0
            pango_attr_iterator_range(iterator, &start, &end)
            if pango_attr_iterator_get(iterator, PANGO_ATTR_STYLE) != nil {
                result.append((Int(start)..<Int(end), .emphasis))
            } else if pango_attr_iterator_get(iterator, PANGO_ATTR_FAMILY) != nil {
                result.append((Int(start)..<Int(end), .code))
            }
        } while pango_attr_iterator_next(iterator) != 0
        return result
    }

    /// The CSS font weight of the label (400 normal, 700 bold).
    var fontWeight: Int {
        let context = gtk_widget_get_style_context(widgetPointer)
        var value = GValue()
        gtk_style_context_get_property(context, "font-weight", gtk_style_context_get_state(context), &value)
        defer { g_value_unset(&value) }
        return Int(g_value_get_enum(&value))
    }

    /// The left and right edge of each laid-out line, in pixels from the label's own left
    /// edge (where Pango put the text, after alignment and wrapping).
    var lineEdges: [(left: Int, right: Int)] {
        let layout = gtk_label_get_layout(fo_label(widgetPointer))
        // Offsets in the coordinates of the widget's GdkWindow, like its allocation.
        var layoutX: Int32 = 0
        gtk_label_get_layout_offsets(fo_label(widgetPointer), &layoutX, nil)
        let offset = Int(layoutX) - allocation.x
        var edges: [(left: Int, right: Int)] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var ink = PangoRectangle()
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, &ink, &logical)
            let left = offset + Int(logical.x) / Int(PANGO_SCALE)
            edges.append((left, left + Int(logical.width) / Int(PANGO_SCALE)))
        } while pango_layout_iter_next_line(iterator) != 0
        return edges
    }
}

extension ScrolledWindow {
    /// How far the content is scrolled down, in logical pixels.
    var verticalOffset: Double {
        gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(fo_scrolled_window(widgetPointer)))
    }

    /// Scrolls to `value` (clamped), as dragging the scrollbar does.
    func scrollToValue(_ value: Double) {
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(fo_scrolled_window(widgetPointer)), value)
    }
}

extension Window {
    /// The embedding API on this window as an app with its own GTK bindings calls it:
    /// ``FirstOpenWindow/firstOpenView(_:_:)`` on its `GtkWindow`.
    @MainActor
    @discardableResult
    func firstOpenView(_ kind: FirstOpenWindowKind, _ options: FirstOpenOptions) -> Window {
        FirstOpenWindow(borrowing: windowPointer).firstOpenView(kind, options)
        return self
    }
}
