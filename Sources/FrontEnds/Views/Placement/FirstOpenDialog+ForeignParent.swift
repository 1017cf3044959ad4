internal import CGtk
internal import FirstOpenState
internal import FirstOpenContent
package import FirstOpenGTKWrappers

// A window of another process as the parent (`first-open --parent`): transient and
// modal for it, centred on it, and asking for the focus it has.
extension FirstOpenDialog {
    /// Makes the window modal and transient for a window of another process (an app of
    /// any toolkit: `first-open --parent`), and centres it on that window. Closes the
    /// window (``DismissalReason/programmatic``) when that window is destroyed (on
    /// Wayland, when the compositor says so).
    /// Call before ``present()``, on a dialog built without a `parent`.
    /// - Throws: ``ParentWindowError`` when that window cannot be reached; the dialog
    ///   then stays a window of its own, centred on the screen.
    package func setParent(_ handle: ParentWindowHandle) throws(ParentWindowError) {
        precondition(parent == nil && foreignParent == nil, "setParent(_:) on a dialog that has a parent")
        let foreign = try ForeignParent(attaching: window, to: handle)
        foreignParent = foreign
        window.isModal = true
        window.markAsDialog(skipsTaskbar: true)
        foreign.onParentDestroyed { [weak self] in self?.dismiss() }
    }

    /// Over another process's window (after ``setParent(_:)``), names this window after
    /// the app it speaks for — WM_CLASS (`appID`, the app's name) on X11, the app id on
    /// Wayland, and the window icon from the content's theme icon — instead of
    /// first-open. GNOME Shell groups a transient window with its parent's app, and an app
    /// without a desktop file it names after that app's most recent window's WM_CLASS or
    /// app id, and draws with that window's icon: ours, so both windows were called
    /// "first-open", with a generic icon, while What's New was open.
    package func nameAfterApp(id appID: String) {
        guard foreignParent != nil else { return }
        appIdentity = appID
        // A name the theme lacks is left out, as in the header (validate warns of it).
        if let icon = content.iconName, !icon.hasPrefix("/"), !icon.isEmpty,
           Image.hasThemedIcon(icon, size: FirstOpenDialog.appIconSize) {
            window.setIconName(icon)
        }
        // X11: set on the realized window before its map (Wayland: at the map).
        if !window.isOnWayland { window.setIdentity(appID: appID, name: content.appName) }
    }

    /// How many times (one every 100 ms) the window checks, after each map, whether it
    /// must ask for the focus its parent has (``watchFocus(_:mappedAt:watch:)``): 30 s.
    /// 3 s was too short: openbox, working through the focus and crossing events of an
    /// app's 500 start-up windows on a loaded machine, gave the app's window the focus
    /// 3.3 s after What's New's map (5.8 s after it had chosen to), and What's New stayed
    /// unfocused for good.
    static let focusChecks = 300

    /// How many checks in a row the window must have had the focus for the watch to end
    /// before ``focusChecks``: 2 s. From then on the focus is the user's to move.
    static let focusHeldChecks = 20

    /// Starts watching the focus from a map of the window over another process's window
    /// (X11); a watch from an earlier map ends.
    func watchFocusAfterMap() {
        focusWatch += 1
        guard foreignParent != nil, let time = window.serverTime else { return }
        watchFocus(FocusWatchState(checksLeft: FirstOpenDialog.focusChecks), mappedAt: time, watch: focusWatch)
    }

    /// Window managers give a new transient window the focus only if its parent has the
    /// focus when they map it. One still busy with the app's start-up (openbox with an app
    /// that maps 500 windows, on a loaded machine) focuses the app's window only after ours
    /// is mapped, or hands the focus on to another of the app's windows after ours had it
    /// (CI: "Module test window 438", more than 5 s after What's New appeared); What's New
    /// then stays behind the focus, and Escape or Enter goes to the app. So after the map,
    /// whenever this window is shown without the focus and the parent has it, or another
    /// window of the app that the user has not pressed a key or clicked in since the map,
    /// it asks for the focus (`_NET_ACTIVE_WINDOW`, as the app's own dialog would).
    ///
    /// It watches until it has kept the focus for 2 s (``focusHeldChecks``), or for 30 s
    /// at most (``focusChecks``). A window the user went to keeps the focus, and another
    /// app's window is never taken from (modal for the app's window, What's New is where
    /// that window's focus belongs). The focus must be seen away at two checks in a row:
    /// a click in another window of the app moves the focus a moment before the app
    /// records the click (`_NET_WM_USER_TIME`).
    func watchFocus(_ state: FocusWatchState, mappedAt: UInt32, watch: Int) {
        guard state.checksLeft > 0, state.heldChecks < FirstOpenDialog.focusHeldChecks, watch == focusWatch,
              dismissalReason == nil, let foreignParent
        else { return }
        let active = window.isActive
        let away = window.isMapped && !active && foreignParent.hasFocus(untouchedSince: mappedAt)
        if away, state.seenAway, let time = window.serverTime {
            window.present(at: time)
        }
        let next = FocusWatchState(checksLeft: state.checksLeft - 1, seenAway: away,
                                   heldChecks: active ? state.heldChecks + 1 : 0)
        IdleCallback.schedule(afterMilliseconds: 100) { [weak self] in
            self?.watchFocus(next, mappedAt: mappedAt, watch: watch)
        }
    }

    /// Places the window over the middle of `frame`, inside the work area. The window's
    /// size (`gtk_window_get_size`) leaves out the header bar: counted in, or the window
    /// sat half a header bar (23 px) and more below the middle.
    func centre(on frame: Rectangle) {
        let size = window.size
        let height = size.height + titleBar.naturalHeight(forWidth: size.width)
        var x = frame.x + (frame.width - size.width) / 2
        var y = frame.y + (frame.height - height) / 2
        if let area = window.workArea {
            x = max(area.x, min(x, area.x + area.width - size.width))
            y = max(area.y, min(y, area.y + area.height - height))
        }
        window.place(.at(x: x, y: y))
    }

    /// Once mapped over a window of another process (X11), moves the window so that the
    /// middle of what the user sees of it (header bar in, client-side shadow out) is the
    /// middle of what the user sees of the parent (title bar in): where GTK's position
    /// refers to, and how a window manager applies it, differs from one window manager to
    /// another (+30 to +42 px measured on xfwm4, openbox and mutter before).
    ///
    /// With no parent at all (the login window), the same centres it on the work area:
    /// GTK centres the window with its shadow, which Adwaita casts 3 px lower than high
    /// (3 to 3.5 px above the middle on GNOME Shell X11). Returns the work area it was
    /// centred on, which ``followWorkArea(checksLeft:centredOn:)`` then watches.
    @discardableResult
    func recentreOnForeignParent() -> Rectangle? {
        // X11 only: fo_x11_visible_frame reads X11 properties (a Wayland window crashed it).
        guard !window.isOnWayland, let ours = window.gdkWindow, let frame = ForeignParent.visibleFrame(of: ours)
        else { return nil }
        let area = window.workArea
        let target: Rectangle
        if let foreignParent {
            guard let parentFrame = foreignParent.frame else { return nil }
            target = parentFrame
        } else if parent == nil, let area {
            target = area
        } else {
            return nil
        }
        var dx = (target.x + target.width / 2) - (frame.x + frame.width / 2)
        var dy = (target.y + target.height / 2) - (frame.y + frame.height / 2)
        if let area {
            dx = max(area.x - frame.x, min(dx, area.x + area.width - frame.x - frame.width))
            dy = max(area.y - frame.y, min(dy, area.y + area.height - frame.y - frame.height))
        }
        if abs(dx) > 1 || abs(dy) > 1 {
            let position = window.position
            window.place(.at(x: position.x + dx, y: position.y + dy))
        }
        return foreignParent == nil ? area : nil
    }
}
