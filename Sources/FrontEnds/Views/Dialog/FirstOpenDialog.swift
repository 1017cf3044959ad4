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
// One job per file: this one builds the window, shows and dismisses it;
// +Builders the widget tree, +Signals what it does on its signals (keys, map, focus,
// the link, icons), +Sections a long history built after the map and scrolled,
// +Rendering the PNG; Placement/ another process's window as the parent
// (+ForeignParent) and the size: text width and the work area (+WorkArea).
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
    var body: Body
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

    let parent: Window?
    /// Holds back keys typed for another window as this one appears.
    var typeAheadGuard = TypeAheadGuard()
    /// When the window gained the focus, by the X server's clock (the guard's focus delay).
    let focusTimes = FocusTimeWatch()
    /// A window of another process it is transient for (``setParent(_:)``).
    var foreignParent: ForeignParent?
    /// The app id the window is named after over another process's window (``nameAfterApp(id:)``).
    var appIdentity: String?
    /// Whether the window was mapped before (a map-event after the first is a restore).
    var wasMapped = false
    /// Counts the maps' focus watches (``watchFocusAfterMap()``): only the newest runs.
    var focusWatch = 0
    let styleSheet: CSSProvider
    /// What the sections built after the map need (row tints).
    let style: DialogStyleSheet
    let rowColors: [RGBA?]
    /// The window width the texts were last fitted to (``setTextWidth(_:)``), for the
    /// sections built later.
    var textWidth: Int?
    let direction: TextDirection?
    let fixedWidth: Int?
    /// The scale the icons were last loaded at; `nil` until they are (at the first map,
    /// or by ``renderPNG(to:scale:)``).
    var iconScale: Int?

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

    /// The units built so far (``appendSections``).
    var builtUnits = 0

    /// Whether a build for scrolling near the end is already scheduled.
    var nearEndBuildScheduled = false

    /// Whether End was pressed while the history was still being built, and no other
    /// scroll key since: the view then follows the end until GTK has laid it out.
    var scrollsToEndWhenLaidOut = false

    /// Opens the secondary action's URL and calls back with the error when nothing could
    /// open it; replaceable so tests need not launch a browser.
    lazy var openURL: @MainActor (_ url: String, _ failed: @escaping @MainActor (Error) -> Void) -> Void = {
        [unowned self] url, failed in
        URILauncher.open(url, from: self.window) { error in
            if let error { failed(error) }
        }
    }

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
    var optedOutWhenDismissed: Bool?

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
    var parentMapHandler: UInt?

    func waitForMap(of parent: Window) {
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

    func stopWaitingForParent() {
        guard let handler = parentMapHandler, let parent else { return }
        parentMapHandler = nil
        parent.disconnect(handler)
    }

    func presentNow() {
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

    /// Closes the window from code; ``onDismiss`` gets ``DismissalReason/programmatic``
    /// unless the window was already dismissed.
    public func dismiss() {
        finish(.programmatic)
    }

    /// Whether the window's native window was destroyed by another program.
    var nativeWindowDestroyed = false

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


}
