internal import CGtk
internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenGTKWrappers

// What the window does on its signals: buttons, keys, map, focus, destruction; the
// secondary link and the icons loaded at the window's scale.
extension FirstOpenDialog {
    func connectSignals() {
        // Each closure keeps the dialog alive until the window is destroyed.
        continueButton.onClicked { self.finish(.continued) }
        if let button = secondaryButton, let action = content.secondaryAction {
            button.onClicked { self.openSecondaryURL(action.url) }
        }
        scrolledWindow.onVerticalRangeChange {
            if self.scrollsToEndWhenLaidOut { self.scrolledWindow.scroll(.bottom) }
            self.buildWhenNearTheEnd()
        }
        scrolledWindow.onVerticalScroll { self.buildWhenNearTheEnd() }
        // Keys typed for another window while this one appeared act on nothing
        // (TypeAheadGuard). Keys another program sends (XSendEvent, events made in the
        // process) are not a person typing ahead: they count at once.
        window.onKeyPress { key in
            if !key.isSynthetic,
               self.typeAheadGuard.ignoresPress(keycode: key.keycode, time: key.time, at: g_get_monotonic_time()) {
                return true
            }
            if key.isEscape {
                self.finish(.escaped)
                return true
            }
            // Arrows, Page Up/Down, Home and End scroll long content wherever the focus
            // is (no Tab stop in the rows); with nothing to scroll, arrows move the focus
            // between the buttons as in any GTK window.
            if let step = key.scrollStep, self.scrolledWindow.scrollsVertically {
                self.scroll(step)
                return true
            }
            return false
        }
        window.onKeyRelease { key in
            !key.isSynthetic && self.typeAheadGuard.ignoresRelease(keycode: key.keycode)
        }
        window.connectWithArgument("map-event") { _ in
            // GDK makes the xdg_toplevel, which carries the app id, at the map.
            if let appID = self.appIdentity, self.window.isOnWayland {
                self.window.setIdentity(appID: appID, name: self.content.appName)
            }
            // The login window is centred at its first map only: mapped again (restored),
            // it stays where the user put it.
            if self.foreignParent != nil || !self.wasMapped, let area = self.recentreOnForeignParent() {
                self.followWorkArea(checksLeft: FirstOpenDialog.workAreaChecks, centredOn: area)
            }
            self.wasMapped = true
            self.watchFocusAfterMap()
            return false
        }
        window.connectWithArgument("focus-in-event") { _ in
            self.typeAheadGuard.windowFocused(at: g_get_monotonic_time(), serverTime: self.focusTimes.lastFocusTime)
            return false
        }
        window.connectWithArgument("delete-event") { _ in
            self.finish(.closed)
            return true
        }
        // Destroyed by someone else (the parent went away, or the app).
        window.onDestroy { self.finish(.programmatic) }
        // Its X window destroyed by another program (`xdotool windowclose`): GTK would
        // destroy the widget over the missing GdkWindow and print four criticals. The
        // widget is left alone instead; the process showing it ends after the callback.
        window.connectWithArgument("destroy-event") { _ in
            self.nativeWindowDestroyed = true
            self.finish(.programmatic)
            return true
        }
        window.connectWithArgument("notify::scale-factor") { _ in
            self.loadIcons(scale: self.window.scaleFactor)
            return false
        }
        // The icons load once the window is mapped, as a GtkImage loads a named icon
        // only when it first draws: their squares are reserved (makeHeader, RowView), so
        // the layout is already final. "map" runs after GtkWindow's own handler, which
        // asked the display to map the window; flushed, that request reaches the server
        // before the SVG stack (librsvg, libxml2: ~9 MiB) is loaded, and the main loop
        // draws the first frame only after this returns: the first frame has its icons.
        window.connect("map") {
            // Keys count from half a second after this (TypeAheadGuard), judged on X11 by
            // the server's clock: taken before the icons load, which may take a while.
            self.typeAheadGuard.windowShown(at: g_get_monotonic_time(), serverTime: self.window.serverTime)
            self.focusTimes.watch(self.window)
            self.window.flushDisplay()
            if self.iconScale != self.window.scaleFactor { self.loadIcons(scale: self.window.scaleFactor) }
            self.scheduleSectionBuilding()
        }
    }

    /// Opens the link, or says in the window (and in one line on stderr) that it could
    /// not, with the address to copy.
    func openSecondaryURL(_ url: String) {
        openURL(url) { [weak self] error in
            // The URL and the handler's message are input: escaped and cut, on one line.
            Diagnostics.warn("cannot open \(Quoted.text(url)): \(Quoted.line("\(error)"))")
            guard let self, !self.window.isDestroyed else { return }
            self.linkFailureBar.show(url: url)
            self.linkFailureBar.urlLabel.alignToStartEdge()
            self.fitToWorkArea()
            self.linkFailureBar.copyButton.grabFocus()
        }
    }

    func loadIcons(scale: Int) {
        iconScale = scale
        if let appIcon, let source = header.appIconSource {
            appIcon.setIcon(source, size: FirstOpenDialog.appIconSize, scale: scale, tint: header.appIconTint)
        }
        for row in rows { row.loadIcon(scale: scale) }
    }
}
