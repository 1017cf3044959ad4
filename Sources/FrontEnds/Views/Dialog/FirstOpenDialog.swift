internal import CGtk
internal import FirstOpenState
internal import FirstOpenFlow
package import FirstOpenContent
package import FirstOpenGTKWrappers


/// The modal "Welcome to ‹App›" / "What's New in ‹App›" window.
///
/// Built from a ``WindowContent``: an optional app icon, a heavy headline with the app
/// name in the accent colour, rows of a tinted symbolic icon, a bold title and a grey
/// wrapping subtitle, and a full-width Continue button in the accent colour.
///
/// Behaviour:
/// - modal and transient for `parent` when there is one, centred on it (else on the
///   screen); sized to its content, at least ``minimumWidth`` wide, never wider or taller
///   than the monitor's work area (header and rows then scroll together);
/// - a title bar with only a close button: the window's title (the public "Welcome to
///   ‹App›") is set for window managers and screen readers but not drawn above the
///   headline that already says it;
/// - Continue is the default widget (Enter) and has the focus; Alt+C (the translated
///   mnemonic) presses it; keys count only from 0.5 s after the window was shown or
///   gained the focus (``TypeAheadGuard``: typing meant for another window never
///   dismisses it), clicks and screen-reader actions at once; Escape, the close button and Alt+F4 dismiss the window as a
///   cancel (the version counts as seen, "Don't show after updates" does not count);
/// - Tab visits Continue, the secondary button and the check box only; arrows, Page
///   Up/Down, Home and End scroll long content wherever the focus is;
/// - the secondary button opens its URL and leaves the window open; when nothing can
///   open it, a message in the window says so and offers to copy the address;
/// - ``onDismiss`` is called exactly once, however the window goes away.
///
/// Release notes from AppStream metainfo are shown as AppStream descriptions (see
/// ``DescriptionView``): paragraphs, bulleted and numbered lists, italic and monospace
/// text, under a heading per version with its date in the user's locale (and
/// "Pre-release" for development releases).
///
/// Accessibility (ATK, read by Orca through AT-SPI): the window has the role dialog, the
/// title as its name and the rows as its description (what Orca reads after "dialog"
/// when it opens, see ``accessibleSummary(of:)``); the headline is a
/// heading of level 1 named with the whole title, version headings are level 2; rows
/// are list items named by their title and described by their subtitle; release-note
/// lists are lists of list items named by their text; icons, bullets and numbers are
/// redundant objects without a name; every focusable widget has a visible label.
///
/// Style: a high-contrast theme (`HighContrast`, `HighContrastInverse`) gets undimmed
/// text and the accent raised to 7:1 for text; see ``DialogStyleSheet``.
///
/// The dialog keeps itself alive while its window exists: present it and drop the
/// reference if you like. Text is never parsed as markup and colours reach the style
/// sheet only as numbers printed by GDK.
@MainActor
public final class FirstOpenDialog {
    /// What the window shows.
    package let content: WindowContent
    /// The toplevel window.
    package let window: Window
    /// Called once when the window goes away, with how.
    package var onDismiss: (@MainActor (DismissalReason) -> Void)?
    /// How the window went away, once it has.
    package private(set) var dismissalReason: DismissalReason?

    /// The window title and accessible name, e.g. "Welcome to Car".
    package var title: String { window.title }

    // The widget tree (see FirstOpenDialog+Builders.swift), for layout code and tests.
    let rootBox: Box
    let titleBar: HeaderBar
    let scrolledWindow: ScrolledWindow
    /// Header and body, inside the scrolled window.
    let contentBox: Box
    let header: Header
    /// Sections are added to it after the map (``buildMoreSections(units:)``).
    private(set) var body: Body
    let actions: Actions
    let linkFailureBar: LinkFailureBar

    var appIcon: Image? { header.appIcon }
    var headlineLabel: Label { header.headlineLabel }
    var appNameLabel: Label { header.appNameLabel }
    var sectionHeadings: [Label] { body.sectionHeadings }
    var rowLists: [Box] { body.rowLists }
    var rows: [RowView] { body.rows }
    var dateLabels: [Label] { body.dateLabels }
    var descriptions: [DescriptionView] { body.descriptions }
    var footnoteLabel: Label? { body.footnoteLabel }
    var actionsBox: Box { actions.box }
    var continueButton: Button { actions.continueButton }
    var secondaryButton: Button? { actions.secondaryButton }
    var optOutCheckButton: CheckButton? { actions.optOutCheckButton }

    private let parent: Window?
    /// Holds back keys typed for another window as this one appears.
    private var typeAheadGuard = TypeAheadGuard()
    /// When the window gained the focus, by the X server's clock (the guard's focus delay).
    private let focusTimes = FocusTimeWatch()
    /// A window of another process it is transient for (``setParent(_:)``).
    private var foreignParent: ForeignParent?
    private let styleSheet: CSSProvider
    /// What the sections built after the map need (row tints).
    private let style: DialogStyleSheet
    private let rowColors: [RGBA?]
    /// The window width the texts were last fitted to (``setTextWidth(_:)``), for the
    /// sections built later.
    private var textWidth: Int?
    private let direction: TextDirection?
    private let fixedWidth: Int?
    /// The scale the icons were last loaded at; `nil` until they are (at the first map,
    /// or by ``renderPNG(to:scale:)``).
    private(set) var iconScale: Int?

    /// Logical size of the app icon on top.
    static let appIconSize = 96
    /// Space between the window edge and its content.
    static let sideMargin = 36
    /// The narrowest the window makes itself when it sizes to its content (short What's
    /// New rows would otherwise give a tall, thin strip); a narrower work area wins.
    static let minimumWidth = 420
    /// Room left around the window (client-side borders, a window manager that adds
    /// its own frame anyway) when fitting the work area.
    static let decorationAllowance = 24
    /// The least height the scrolled part keeps, however small the screen.
    static let minimumScrollHeight = 96
    /// What is built before the map, in ``appendSections`` units (about lines): about
    /// what the scrolled part of a window on a 1024-pixel-high screen shows (below the
    /// header, two releases of three paragraphs and five items and the start of a
    /// third; each label costs ~0.3 ms to build and measure: 40 built a fourth release
    /// nobody saw before scrolling). When that still fits without scrolling, more is
    /// built until the content scrolls or is whole, so the window has the size it has
    /// when built whole and its first frame shows what it shows built whole.
    static let firstScreenUnits = 25
    /// What each step after the map builds (a few milliseconds of GTK work), so the
    /// window keeps answering while a long history is built.
    static let sectionChunkUnits = 40
    /// What is built from idle time after the map, in all (about ten screens, ~10 MiB of
    /// widgets); beyond it a section is built only as the user scrolls near it, so the
    /// memory of a window does not grow with a history nobody reads to its end.
    static let idleBuildUnits = 400

    private static var windowCount = 0

    /// Builds the window (hidden; see ``present()``).
    /// - Parameters:
    ///   - content: what to show.
    ///   - parent: the app window it belongs to; the dialog is modal and transient for it.
    ///   - width: a fixed content width in logical pixels; `nil` sizes to the content.
    ///   - isProcessOwnWindow: the window is the only one its process shows (the window
    ///     helper's): without a parent it may then be modal on Wayland, which is how it
    ///     gets centred there. In an app's process a modal window would block the app's
    ///     other windows.
    ///   - accessibleSummary: ``accessibleSummary(of:)`` of `content`, when the caller
    ///     built it already (the window helper does, on the thread that reads the spec);
    ///     `nil` builds it here.
    /// - Throws: ``FirstOpenViewsError/invalidColor(field:error:)`` for a colour
    ///   `gdk_rgba_parse` rejects, ``FirstOpenViewsError/noDisplay`` without a display.
    package init(content: WindowContent, parent: Window? = nil, width: Int? = nil,
                 isProcessOwnWindow: Bool = false, accessibleSummary: String? = nil) throws(FirstOpenViewsError) {
        guard GTK.initialize() else { throw .noDisplay }
        let accent = try FirstOpenDialog.parseColor(content.accentColor, field: "accent colour")
        var rowColors: [RGBA?] = []
        for (index, row) in content.allRows.enumerated() {
            rowColors.append(try row.color.map { text throws(FirstOpenViewsError) in
                try FirstOpenDialog.parseColor(text, field: "colour of row \(index + 1) (\(row.title))")
            })
        }

        self.content = content
        self.parent = parent
        fixedWidth = width
        window = Window(title: BuiltInStrings.windowTitle(for: content.kind, appName: content.appName))

        FirstOpenDialog.windowCount += 1
        let scopeClass = "first-open-dialog-\(FirstOpenDialog.windowCount)"
        let style = DialogStyleSheet(
            scopeClass: scopeClass, accent: accent,
            windowBackground: window.themeColor(named: "theme_bg_color") ?? .white,
            highContrast: GTKSettings.current?.isHighContrast ?? false)
        do {
            styleSheet = try CSSProvider(css: style.css)
        } catch {
            window.destroy()
            throw .style(error)
        }

        let scale = window.scaleFactor
        header = FirstOpenDialog.makeHeader(content: content, title: window.title, style: style, scale: scale)
        self.style = style
        self.rowColors = rowColors
        body = FirstOpenDialog.makeBody(content: content)
        // What the first screen shows; the rest is built after the map (present()).
        _ = FirstOpenDialog.appendSections(to: &body, units: FirstOpenDialog.firstScreenUnits, rowColors: rowColors,
                                           style: style, iconDirectories: content.iconDirectories)
        actions = FirstOpenDialog.makeActions(content: content)
        (scrolledWindow, contentBox) = FirstOpenDialog.makeScrolledContent(header: header, body: body)
        linkFailureBar = LinkFailureBar()

        rootBox = Box(.vertical)
        rootBox.addStyleClass(scopeClass)
        if let width { rootBox.setSizeRequest(width: width, height: nil) }
        rootBox.append(scrolledWindow, expand: true)
        rootBox.append(linkFailureBar.bar)
        rootBox.append(actions.box)
        window.add(rootBox)

        titleBar = HeaderBar()
        titleBar.addStyleClass(scopeClass)
        let title = window.title
        window.setTitleBar(titleBar)
        // GTK copies a header bar's (empty) title to the window: set the public title again.
        window.title = title
        titleBar.showAll()

        // Our own catalogue may say right-to-left where GTK's (gtk30) is not installed.
        direction = BuiltInStrings.isRightToLeft && TextDirection.defaultDirection == .leftToRight
            ? .rightToLeft : nil
        if let direction { window.setDirectionRecursively(direction) }

        configureWindow(isProcessOwnWindow: isProcessOwnWindow, accessibleSummary: accessibleSummary)
        connectSignals()
        styleSheet.install()
    }

    // MARK: Showing and dismissing

    /// Whether the user checked "Don't show after updates" (only offered in a What's
    /// New window whose content has ``WindowContent/offersWhatsNewOptOut``) and then
    /// pressed Continue. Escape, the close button and Alt+F4 cancel: with them the check
    /// box does not count. Read it in ``onDismiss``: the state is kept from the moment
    /// the window went away (before that, it is the check box's state).
    package var userOptedOutOfWhatsNew: Bool { optedOutWhenDismissed ?? optOutCheckButton?.isActive ?? false }
    private var optedOutWhenDismissed: Bool?

    /// Whether the window is on screen.
    public var isPresented: Bool { window.isMapped }

    /// Shows the window over its parent (or centred on the screen) with the focus on
    /// Continue. Does nothing once dismissed.
    ///
    /// Over a parent that is not mapped yet (an app that presents before it shows its
    /// window, e.g. in `do_activate` before `show_all`) the window appears once the parent
    /// is on screen: from the main loop after the parent's first map event, when the
    /// window manager has placed it. GTK centres a window on a mapped parent only, and a
    /// window mapped before its parent ends up under it (openbox stacks the parent over
    /// it and gives it the focus). A parent destroyed before that takes this window with
    /// it (``DismissalReason/programmatic``: nothing recorded).
    package func present() {
        guard dismissalReason == nil else { return }
        if let parent, !parent.isMapped {
            waitForMap(of: parent)
            return
        }
        presentNow()
    }

    /// The parent's handler that waits for its map (``present()``), while it waits.
    private var parentMapHandler: UInt?

    private func waitForMap(of parent: Window) {
        guard parentMapHandler == nil else { return }
        let mapped: @MainActor () -> Void = {
            self.stopWaitingForParent()
            IdleCallback.schedule { self.presentNow() }
        }
        // X11: the map event comes once the window manager has placed and mapped the
        // parent. Wayland has no such event of the compositor's: the map itself.
        parentMapHandler = parent.isOnWayland
            ? parent.connect("map") { mapped() }
            : parent.connectWithArgument("map-event") { _ in mapped(); return false }
    }

    private func stopWaitingForParent() {
        guard let handler = parentMapHandler, let parent else { return }
        parentMapHandler = nil
        parent.disconnect(handler)
    }

    private func presentNow() {
        guard dismissalReason == nil else { return }
        // Hidden widgets measure as nothing: show the tree before fitting it.
        rootBox.showAll()
        alignTextsToStartEdge()
        fitToWorkArea()
        // Enough before the map for the window's final size: the content either scrolls
        // (its height is the work area's) or is whole.
        while !body.pending.isEmpty, !scrolledWindow.scrollsVertically {
            buildMoreSections(units: FirstOpenDialog.firstScreenUnits / 2)
            fitToWorkArea()
        }
        continueButton.grabFocus()
        if let frame = foreignParent?.frame { centre(on: frame) }
        window.present()
    }

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

    /// How many times (one every 100 ms) the window checks, after its map, whether it
    /// must ask for the focus its parent has (``takeFocusFromParent(checksLeft:)``).
    private static let focusChecks = 30

    /// Window managers give a new transient window the focus only if its parent has the
    /// focus when they map it. One still busy with the app's start-up (openbox with an app
    /// that maps 500 windows at once, on a loaded machine: 3 of 6 runs) focuses the app's
    /// window only after ours is mapped; What's New then stays behind the focus, and
    /// Escape or Enter goes to the app. So for 3 s after the map, while the parent has the
    /// focus and this window has not, it asks for the focus (`_NET_ACTIVE_WINDOW`, as the
    /// app's own dialog would). It stops once it has the focus, and never takes it from
    /// a window other than its parent.
    private func takeFocusFromParent(checksLeft: Int) {
        guard checksLeft > 0, dismissalReason == nil, let foreignParent, !window.isActive else { return }
        if foreignParent.hasFocus, let time = window.serverTime {
            window.present(at: time)
        }
        IdleCallback.schedule(afterMilliseconds: 100) { [weak self] in
            self?.takeFocusFromParent(checksLeft: checksLeft - 1)
        }
    }

    /// Places the window over the middle of `frame`, inside the work area. The window's
    /// size (`gtk_window_get_size`) leaves out the header bar: counted in, or the window
    /// sat half a header bar (23 px) and more below the middle.
    private func centre(on frame: Rectangle) {
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
    private func recentreOnForeignParent() {
        guard let foreignParent, let parentFrame = foreignParent.frame, let ours = window.gdkWindow,
              let frame = ForeignParent.visibleFrame(of: ours) else { return }
        var dx = (parentFrame.x + parentFrame.width / 2) - (frame.x + frame.width / 2)
        var dy = (parentFrame.y + parentFrame.height / 2) - (frame.y + frame.height / 2)
        if let area = window.workArea {
            dx = max(area.x - frame.x, min(dx, area.x + area.width - frame.x - frame.width))
            dy = max(area.y - frame.y, min(dy, area.y + area.height - frame.y - frame.height))
        }
        guard abs(dx) > 1 || abs(dy) > 1 else { return }
        let position = window.position
        window.place(.at(x: position.x + dx, y: position.y + dy))
    }

    /// Closes the window from code; ``onDismiss`` gets ``DismissalReason/programmatic``
    /// unless the window was already dismissed.
    public func dismiss() {
        finish(.programmatic)
    }

    /// Whether the window's native window was destroyed by another program.
    private var nativeWindowDestroyed = false

    /// Closes the window as the user would: `continued` for Continue and Enter,
    /// `escaped`, `closed`. Reported once.
    func finish(_ reason: DismissalReason) {
        guard dismissalReason == nil else { return }
        dismissalReason = reason
        optedOutWhenDismissed = reason == .continued && optOutCheckButton?.isActive == true
        let callback = onDismiss
        onDismiss = nil
        stopWaitingForParent()
        styleSheet.remove()
        if !nativeWindowDestroyed {
            focusTimes.stop()
            window.destroy()
        }
        foreignParent?.detach()
        callback?(reason)
    }

    // MARK: Rendering

    /// Renders the window to a PNG without showing it on screen: the content is moved
    /// into an offscreen window for the duration, drawn at `scale` device pixels per
    /// logical pixel (icons are loaded at that scale, so they stay crisp), and moved back.
    /// Deterministic: animations and cursor blinking are off, no focus ring is drawn,
    /// and the window is drawn as focused (not `:backdrop`).
    /// - Throws: ``RenderError``.
    package func renderPNG(to path: String, scale: Int = 1) throws(RenderError) {
        guard (1...4).contains(scale) else { throw .unsupportedScale(scale) }
        guard dismissalReason == nil else { throw .nothingToDraw }
        let restoreSettings = GTK.disableAnimations()
        let offscreen = OffscreenWindow()
        window.remove(rootBox)
        offscreen.add(rootBox)
        if let direction { offscreen.setDirectionRecursively(direction) }
        defer {
            offscreen.remove(rootBox)
            window.add(rootBox)
            offscreen.destroy()
            loadIcons(scale: window.scaleFactor)
            restoreSettings()
        }
        // A screenshot shows the whole content (the scrollbar's length counts).
        buildMoreSections(units: Int.max)
        rootBox.showAll()
        alignTextsToStartEdge()
        fitToWorkArea()
        loadIcons(scale: scale)
        // Offscreen windows take their minimum size; give them the natural one, as a
        // window on screen gets.
        let width = fixedWidth ?? rootBox.naturalWidth
        offscreen.setSizeRequest(width: width, height: rootBox.naturalHeight(forWidth: width))
        offscreen.showAll()
        GTK.processPendingEvents()
        offscreen.clearBackdropState()
        GTK.processPendingEvents()
        try offscreen.writePNG(to: path, scale: scale)
    }

    // MARK: Private

    private static func parseColor(_ text: String, field: String) throws(FirstOpenViewsError) -> RGBA {
        do {
            return try RGBA(parsing: text)
        } catch {
            throw .invalidColor(field: field, error: error)
        }
    }

    private func configureWindow(isProcessOwnWindow: Bool, accessibleSummary: String?) {
        window.isResizable = false
        if let parent {
            window.setTransient(for: parent)
            window.isModal = true
            window.destroysWithParent = true
            window.place(.centeredOnParent)
        } else {
            window.place(.centered)
            // A Wayland client cannot place itself, and GTK_WIN_POS_CENTER means nothing
            // there: mutter places a plain toplevel first-fit (272 px left of and 182 px
            // above the middle measured under GNOME Shell) but centres modal dialogs
            // (gtk_surface1.set_modal makes it a modal dialog); KWin centres either. The
            // window helper's window is modal to nothing else of its process, so there
            // this changes only where it is put; in an app's process GTK's modal grab
            // would make the app's other windows ignore input, so it stays a plain one.
            if isProcessOwnWindow, window.isOnWayland { window.isModal = true }
        }
        window.markAsDialog(skipsTaskbar: parent != nil)
        window.accessibleName = window.title
        // GTK 3 gives every toplevel the role frame, which Orca announces by its title
        // only; a dialog it announces with its description (see accessibleSummary(of:)).
        window.accessibleRole = .dialog
        window.accessibleDescription = accessibleSummary ?? FirstOpenDialog.accessibleSummary(of: content)
        window.setDefaultWidget(continueButton)
    }

    private func connectSignals() {
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
            self.recentreOnForeignParent()
            self.takeFocusFromParent(checksLeft: FirstOpenDialog.focusChecks)
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

    // MARK: Sections after the map

    /// Whether every section is built (a long history is built after the map).
    var isComplete: Bool { body.pending.isEmpty }

    /// Builds the next sections (``appendSections``) and gives their widgets what the
    /// built ones have: shown, the window's direction, texts lined up with the start edge
    /// and wrapped at the window's width, icons loaded once the others are.
    func buildMoreSections(units: Int) {
        guard !body.pending.isEmpty else { return }
        let firstRow = body.rows.count
        let firstDescription = body.descriptions.count
        let labelCounts = (body.sectionHeadings.count, body.dateLabels.count, body.noteLabels.count)
        let pendingBefore = body.pending
        let boxes = FirstOpenDialog.appendSections(to: &body, units: units, rowColors: rowColors, style: style,
                                                   iconDirectories: content.iconDirectories)
        builtUnits += pendingBefore.prefix(boxes.count).reduce(0) { $0 + FirstOpenDialog.units(of: $1) }
        let rows = body.rows[firstRow...]
        let descriptions = body.descriptions[firstDescription...]
        let labels = Array(body.sectionHeadings[labelCounts.0...]) + Array(body.dateLabels[labelCounts.1...])
            + Array(body.noteLabels[labelCounts.2...])
        for box in boxes {
            if let direction { box.setDirectionRecursively(direction) }
            box.showAll()
        }
        for row in rows { row.alignTextsToStartEdge() }
        for description in descriptions { description.alignTextsToStartEdge() }
        for label in labels { label.alignToStartEdge() }
        if let width = textWidth {
            applyTextWidth(width, rows: rows, descriptions: descriptions, labels: labels)
        }
        if let scale = iconScale {
            for row in rows { row.loadIcon(scale: scale) }
        }
    }

    /// Builds the rest of a long history from the main loop's idle time, a chunk at a
    /// time (idle runs after GTK's layout and drawing: the first frame is drawn first).
    private func scheduleSectionBuilding() {
        guard !body.pending.isEmpty, builtUnits < FirstOpenDialog.idleBuildUnits else { return }
        IdleCallback.schedule { [weak self] in
            guard let self, self.dismissalReason == nil else { return }
            self.buildMoreSections(units: FirstOpenDialog.sectionChunkUnits)
            self.scheduleSectionBuilding()
        }
    }

    /// The units built so far (``appendSections``).
    private var builtUnits = 0
    /// Whether a build for scrolling near the end is already scheduled.
    private var nearEndBuildScheduled = false

    /// Past ``idleBuildUnits``: builds the next sections from idle time when the view
    /// comes within two pages of the end of what is built (scrolled there, or the
    /// content got shorter than that). Never inside GTK's layout, which calls the
    /// range's "changed".
    private func buildWhenNearTheEnd() {
        guard !body.pending.isEmpty, !nearEndBuildScheduled, window.isMapped,
              scrolledWindow.distanceToEnd < 2 * scrolledWindow.verticalRange.pageSize else { return }
        nearEndBuildScheduled = true
        IdleCallback.schedule { [weak self] in
            guard let self else { return }
            self.nearEndBuildScheduled = false
            guard self.dismissalReason == nil else { return }
            self.buildMoreSections(units: FirstOpenDialog.sectionChunkUnits)
        }
    }

    /// Scrolls by `step`; End first builds every section, Page Down and the arrows the
    /// next ones when they near the end of what is built, so keys reach the last release.
    private func scroll(_ step: ScrolledWindow.Step) {
        guard !body.pending.isEmpty else {
            if step != .bottom { scrollsToEndWhenLaidOut = false }
            scrolledWindow.scroll(step)
            return
        }
        switch step {
        case .bottom:
            buildMoreSections(units: Int.max)
            // The new end is known once GTK has laid the content out again: the range's
            // "changed" scrolls there (connectSignals).
            scrollsToEndWhenLaidOut = true
            scrolledWindow.scroll(.bottom)
        case .pageDown, .lineDown:
            scrollsToEndWhenLaidOut = false
            buildMoreSections(units: FirstOpenDialog.sectionChunkUnits)
            scrolledWindow.scroll(step)
        case .pageUp, .lineUp, .top:
            scrollsToEndWhenLaidOut = false
            scrolledWindow.scroll(step)
        }
    }

    /// Whether End was pressed while the history was still being built, and no other
    /// scroll key since: the view then follows the end until GTK has laid it out.
    private var scrollsToEndWhenLaidOut = false

    /// Opens the secondary action's URL and calls back with the error when nothing could
    /// open it; replaceable so tests need not launch a browser.
    lazy var openURL: @MainActor (_ url: String, _ failed: @escaping @MainActor (Error) -> Void) -> Void = {
        [unowned self] url, failed in
        URILauncher.open(url, from: self.window) { error in
            if let error { failed(error) }
        }
    }

    /// Opens the link, or says in the window (and in one line on stderr) that it could
    /// not, with the address to copy.
    private func openSecondaryURL(_ url: String) {
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

    private func loadIcons(scale: Int) {
        iconScale = scale
        if let appIcon, let source = header.appIconSource {
            appIcon.setIcon(source, size: FirstOpenDialog.appIconSize, scale: scale, tint: header.appIconTint)
        }
        for row in rows { row.loadIcon(scale: scale) }
    }

    /// Lines up every row text, section heading and the link message with the window's
    /// start edge, whatever the text's own direction (``Label/alignToStartEdge()``).
    private func alignTextsToStartEdge() {
        for row in rows { row.alignTextsToStartEdge() }
        for description in descriptions { description.alignTextsToStartEdge() }
        for label in sectionHeadings + dateLabels + body.noteLabels
            + [linkFailureBar.messageLabel, linkFailureBar.urlLabel] {
            label.alignToStartEdge()
        }
    }

    /// Gives every wrapping text in the body the width it gets in a window `width` wide
    /// (`nil`: back to natural sizes). See ``RowView/setTextWidth(_:)``.
    private func setTextWidth(_ width: Int?) {
        textWidth = width
        applyTextWidth(width, rows: rows[...], descriptions: descriptions[...],
                       labels: sectionHeadings + dateLabels + body.noteLabels + [footnoteLabel].compactMap({ $0 }))
        let column = width.map { max(1, $0 - 2 * FirstOpenDialog.sideMargin) }
        // The message shares the bar with the Copy Link button and the bar's padding.
        let messageText = column.map { max(1, $0 - linkFailureBar.copyButton.naturalWidth - 40) }
        for label in [linkFailureBar.messageLabel, linkFailureBar.urlLabel] {
            label.setWrapWidth(messageText, defaultChars: RowView.maxWidthChars)
        }
    }

    /// ``setTextWidth(_:)`` for some of the body's texts.
    private func applyTextWidth(_ width: Int?, rows: ArraySlice<RowView>, descriptions: ArraySlice<DescriptionView>,
                                labels: [Label]) {
        let column = width.map { max(1, $0 - 2 * FirstOpenDialog.sideMargin) }
        let rowText = column.map { max(1, $0 - RowView.iconSize - RowView.spacing) }
        for row in rows { row.setTextWidth(rowText) }
        for description in descriptions { description.setTextWidth(column) }
        for label in labels { label.setWrapWidth(column, defaultChars: RowView.maxWidthChars) }
    }

    /// Makes the window fit the monitor's work area at any scale and text size: at
    /// least ``minimumWidth`` wide (unless the work area is narrower), never wider or
    /// taller than the work area. Header and body scroll together, within the height the
    /// title bar and the buttons leave, only when they are taller than that.
    private func fitToWorkArea() {
        scrolledWindow.scrollsVertically = false
        scrolledWindow.maxContentHeight = -1
        setTextWidth(nil)
        contentBox.setSizeRequest(width: nil, height: nil)
        let area = parent?.workArea ?? window.workArea
        let widest = area.map { max(1, $0.width - FirstOpenDialog.decorationAllowance) } ?? Int.max
        let width = min(fixedWidth ?? max(rootBox.naturalWidth, FirstOpenDialog.minimumWidth), widest)
        setTextWidth(width)
        contentBox.setSizeRequest(width: width, height: nil)
        guard let area else { return }
        let chrome = actionsBox.naturalHeight(forWidth: width)
            + (linkFailureBar.isShown ? linkFailureBar.bar.naturalHeight(forWidth: width) : 0)
            + titleBar.naturalHeight(forWidth: width)
            + FirstOpenDialog.decorationAllowance
        let available = max(FirstOpenDialog.minimumScrollHeight, area.height - chrome)
        if !body.pending.isEmpty {
            // More sections follow (built after the map): the window scrolls as soon as
            // the built ones fill it, so they are measured at once at the width they get
            // beside the scrollbar. Measured first at the full width (as below), every
            // built text was laid out once more for nothing; the window is the same: it
            // shows the same first sections at the same width, and more are built when
            // they do not fill it (present()).
            scrolledWindow.scrollsVertically = true
            scrolledWindow.maxContentHeight = available
            let narrower = max(1, width - scrolledWindow.scrollbarWidth)
            setTextWidth(narrower)
            contentBox.setSizeRequest(width: narrower, height: nil)
            guard contentBox.naturalHeight(forWidth: narrower) <= available else { return }
            scrolledWindow.scrollsVertically = false
            scrolledWindow.maxContentHeight = -1
            setTextWidth(width)
            contentBox.setSizeRequest(width: width, height: nil)
            return
        }
        guard contentBox.naturalHeight(forWidth: width) > available else { return }
        scrolledWindow.scrollsVertically = true
        scrolledWindow.maxContentHeight = available
        // The scrollbar stands beside the content: narrow the content so that the whole
        // window keeps the width it had.
        let narrower = max(1, width - scrolledWindow.scrollbarWidth)
        setTextWidth(narrower)
        contentBox.setSizeRequest(width: narrower, height: nil)
    }
}
