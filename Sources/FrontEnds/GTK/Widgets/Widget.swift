package import CGtk

/// A GTK widget that this object keeps alive.
///
/// Creating a wrapper sinks the widget's floating reference (`g_object_ref_sink`), so the
/// wrapper owns one real reference and drops it in `deinit`; containers take their own
/// references when a child is added. Toplevel windows are different: GTK owns them,
/// so `Window` destroys them explicitly (see `Window.destroy()`).
@MainActor
package class Widget {
    /// The wrapped widget; one reference is owned by this object.
    package let widgetPointer: UnsafeMutablePointer<GtkWidget>

    /// Wraps `pointer`, taking its floating reference or adding a real one.
    package init(sinking pointer: UnsafeMutablePointer<GtkWidget>) {
        g_object_ref_sink(pointer)
        widgetPointer = pointer
    }

    // The last reference drops on the main thread: the wrappers are main-actor objects
    // that only main-actor code holds (GTK finalises widgets on its own thread only).
    // Checked rather than assumed; `isolated deinit` (Swift 6.2) would hop instead, and
    // the package builds with Swift 6.0.
    deinit {
        MainActor.assumeIsolated { g_object_unref(widgetPointer) }
    }

    // MARK: Visibility

    /// Shows this widget (not its children).
    package func show() { gtk_widget_show(widgetPointer) }
    /// Shows this widget and every child.
    package func showAll() { gtk_widget_show_all(widgetPointer) }
    /// Hides this widget.
    package func hide() { gtk_widget_hide(widgetPointer) }
    /// Whether the widget is set to be shown.
    package var isVisible: Bool { gtk_widget_get_visible(widgetPointer) != 0 }
    /// Whether the widget is on screen (it and all its ancestors are mapped).
    package var isMapped: Bool { gtk_widget_get_mapped(widgetPointer) != 0 }

    // MARK: Layout

    /// Horizontal alignment inside the space the parent gives.
    package var horizontalAlignment: Alignment {
        get { Alignment(gtk_widget_get_halign(widgetPointer)) }
        set { gtk_widget_set_halign(widgetPointer, newValue.gtkValue) }
    }

    /// Vertical alignment inside the space the parent gives.
    package var verticalAlignment: Alignment {
        get { Alignment(gtk_widget_get_valign(widgetPointer)) }
        set { gtk_widget_set_valign(widgetPointer, newValue.gtkValue) }
    }

    /// Whether the widget takes extra horizontal space.
    package var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(widgetPointer) != 0 }
        set { gtk_widget_set_hexpand(widgetPointer, newValue ? 1 : 0) }
    }

    /// Whether the widget takes extra vertical space.
    package var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(widgetPointer) != 0 }
        set { gtk_widget_set_vexpand(widgetPointer, newValue ? 1 : 0) }
    }

    /// Sets margins; `start`/`end` follow the text direction (mirrored in right-to-left).
    package func setMargins(top: Int? = nil, bottom: Int? = nil, start: Int? = nil, end: Int? = nil) {
        if let top { gtk_widget_set_margin_top(widgetPointer, Int32(top)) }
        if let bottom { gtk_widget_set_margin_bottom(widgetPointer, Int32(bottom)) }
        if let start { gtk_widget_set_margin_start(widgetPointer, Int32(start)) }
        if let end { gtk_widget_set_margin_end(widgetPointer, Int32(end)) }
    }

    /// A minimum size; `nil` keeps the natural size in that direction.
    package func setSizeRequest(width: Int?, height: Int?) {
        gtk_widget_set_size_request(widgetPointer, Int32(width ?? -1), Int32(height ?? -1))
    }

    /// The natural width the widget asks for.
    package var naturalWidth: Int {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_get_preferred_width(widgetPointer, &minimum, &natural)
        return Int(natural)
    }

    /// The natural height the widget asks for when given `width`.
    package func naturalHeight(forWidth width: Int) -> Int {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_get_preferred_height_for_width(widgetPointer, Int32(width), &minimum, &natural)
        return Int(natural)
    }

    /// Where the parent placed the widget, in the coordinates of its parent's window.
    package var allocation: Rectangle {
        var rect = GtkAllocation()
        gtk_widget_get_allocation(widgetPointer, &rect)
        return Rectangle(x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
    }

    /// The widget's origin in the coordinates of `other` (e.g. its toplevel), or `nil`
    /// when they share no toplevel or are not allocated.
    package func origin(in other: Widget) -> (x: Int, y: Int)? {
        var x: Int32 = 0
        var y: Int32 = 0
        guard gtk_widget_translate_coordinates(widgetPointer, other.widgetPointer, 0, 0, &x, &y) != 0 else {
            return nil
        }
        return (Int(x), Int(y))
    }

    /// The scale factor of the monitor the widget is on (2 on HiDPI, `GDK_SCALE`).
    package var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widgetPointer)) }

    // MARK: Text direction

    /// This widget's own text direction (the default direction unless set).
    package var direction: TextDirection {
        get { TextDirection(gtk_widget_get_direction(widgetPointer)) }
        set { gtk_widget_set_direction(widgetPointer, newValue.gtkValue) }
    }

    /// Sets `direction` on this widget and every descendant, internal children included.
    /// GTK 3 does not inherit a direction set on a container.
    package func setDirectionRecursively(_ direction: TextDirection) {
        var value = direction.gtkValue
        Widget.setDirection(widgetPointer, &value)
    }

    nonisolated private static func setDirection(_ widget: UnsafeMutablePointer<GtkWidget>, _ value: UnsafeMutablePointer<GtkTextDirection>) {
        gtk_widget_set_direction(widget, value.pointee)
        guard fo_is_container(widget) != 0 else { return }
        gtk_container_forall(fo_container(widget), { child, data in
            guard let child, let data else { return }
            Widget.setDirection(child, data.assumingMemoryBound(to: GtkTextDirection.self))
        }, value)
    }

    // MARK: Style

    /// Adds a CSS style class (e.g. `dim-label`, `background`).
    package func addStyleClass(_ name: String) {
        gtk_style_context_add_class(gtk_widget_get_style_context(widgetPointer), name)
    }

    /// Whether the widget has the CSS style class.
    package func hasStyleClass(_ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widgetPointer), name) != 0
    }

    /// A colour the theme names (`@define-color`), e.g. `theme_bg_color`, as the widget's
    /// style context resolves it; `nil` when the theme does not define it.
    package func themeColor(named name: String) -> RGBA? {
        var color = GdkRGBA()
        guard gtk_style_context_lookup_color(gtk_widget_get_style_context(widgetPointer), name, &color) != 0 else {
            return nil
        }
        return RGBA(color)
    }

    /// Removes the `:backdrop` state that an unfocused toplevel puts on its children,
    /// so offscreen renders look like the focused window.
    package func clearBackdropState() {
        gtk_widget_unset_state_flags(widgetPointer, GTK_STATE_FLAG_BACKDROP)
    }

    // MARK: Focus

    /// Moves the keyboard focus here.
    package func grabFocus() { gtk_widget_grab_focus(widgetPointer) }

    /// Whether the widget can take the keyboard focus (a Tab stop).
    package var canFocus: Bool {
        get { gtk_widget_get_can_focus(widgetPointer) != 0 }
        set { gtk_widget_set_can_focus(widgetPointer, newValue ? 1 : 0) }
    }

    /// Keeps the widget from being shown by a `showAll()` of its parent: it appears
    /// only through its own `show()`.
    package var isExcludedFromShowAll: Bool {
        get { gtk_widget_get_no_show_all(widgetPointer) != 0 }
        set { gtk_widget_set_no_show_all(widgetPointer, newValue ? 1 : 0) }
    }

    /// Whether the widget has the keyboard focus in its toplevel.
    package var hasFocus: Bool { gtk_widget_is_focus(widgetPointer) != 0 }

    /// Whether the widget may be a window's default widget (activated by Enter).
    package var canBeDefault: Bool {
        get { gtk_widget_get_can_default(widgetPointer) != 0 }
        set { gtk_widget_set_can_default(widgetPointer, newValue ? 1 : 0) }
    }

    // MARK: Accessibility (ATK)

    /// The accessible name screen readers announce.
    package var accessibleName: String {
        get {
            guard let name = atk_object_get_name(gtk_widget_get_accessible(widgetPointer)) else { return "" }
            return String(cString: name)
        }
        set { atk_object_set_name(gtk_widget_get_accessible(widgetPointer), newValue) }
    }

    /// The accessible description screen readers announce after the name.
    package var accessibleDescription: String {
        get {
            guard let text = atk_object_get_description(gtk_widget_get_accessible(widgetPointer)) else { return "" }
            return String(cString: text)
        }
        set { atk_object_set_description(gtk_widget_get_accessible(widgetPointer), newValue) }
    }

    /// The accessible role.
    package var accessibleRole: AccessibleRole {
        get { AccessibleRole(atk_object_get_role(gtk_widget_get_accessible(widgetPointer))) }
        set { atk_object_set_role(gtk_widget_get_accessible(widgetPointer), newValue.atkValue) }
    }

    // MARK: Signals

    /// Connects `handler` to a signal without arguments ("clicked", "map", "destroy").
    /// The closure lives until the handler is disconnected or the widget is finalised.
    @discardableResult
    package func connect(_ signal: String, handler: @escaping @MainActor () -> Void) -> UInt {
        let box = SignalHandlerBox { _ in handler(); return false }
        return UInt(fo_signal_connect(
            widgetPointer, signal,
            unsafeBitCast(SignalHandlerBox.plainTrampoline, to: GCallback.self),
            box.retainedPointer(), SignalHandlerBox.releaseNotify
        ))
    }

    /// Connects `handler` to a signal with one pointer argument and a `gboolean`
    /// result ("delete-event", "notify::scale-factor"); `true` stops other handlers.
    @discardableResult
    package func connectWithArgument(_ signal: String, handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Bool) -> UInt {
        let box = SignalHandlerBox(handler)
        return UInt(fo_signal_connect(
            widgetPointer, signal,
            unsafeBitCast(SignalHandlerBox.argumentTrampoline, to: GCallback.self),
            box.retainedPointer(), SignalHandlerBox.releaseNotify
        ))
    }

    /// Disconnects a handler that ``connect(_:handler:)`` or
    /// ``connectWithArgument(_:handler:)`` returned (its closure is released); nothing
    /// when it is disconnected already.
    package func disconnect(_ handler: UInt) {
        guard g_signal_handler_is_connected(widgetPointer, gulong(handler)) != 0 else { return }
        g_signal_handler_disconnect(widgetPointer, gulong(handler))
    }

    /// Calls `handler` with the keyval of each key press ("key-press-event"); return
    /// `true` when the key was handled.
    @discardableResult
    package func onKeyPress(_ handler: @escaping @MainActor (KeyPress) -> Bool) -> UInt {
        connectWithArgument("key-press-event") { event in
            guard let event else { return false }
            return handler(KeyPress(event: event))
        }
    }

    /// Calls `handler` with each key release ("key-release-event"); return `true` when
    /// the key was handled.
    @discardableResult
    package func onKeyRelease(_ handler: @escaping @MainActor (KeyPress) -> Bool) -> UInt {
        connectWithArgument("key-release-event") { event in
            guard let event else { return false }
            return handler(KeyPress(event: event))
        }
    }
}

extension KeyPress {
    /// The key of a `GdkEventKey`.
    init(event: UnsafeMutableRawPointer) {
        let key = event.assumingMemoryBound(to: GdkEventKey.self).pointee
        self.init(keyval: UInt(key.keyval), modifiers: UInt(key.state), keycode: UInt16(key.hardware_keycode),
                  isSynthetic: key.send_event != 0, time: UInt32(key.time))
    }
}
