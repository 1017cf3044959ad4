import FirstOpenContent


/// The modal "Welcome to ‹App›" / "What's New in ‹App›" window.
///
/// Built from a ``WindowContent``: an optional app icon, a heavy headline with the app
/// name in the accent colour, rows of a tinted symbolic icon, a bold title and a grey
/// wrapping subtitle, and a full-width Continue button in the accent colour.
///
/// Behaviour: modal and transient for `parent` when there is one, centred on it (else on
/// the screen), sized to its content and never taller than the monitor's work area (the
/// rows scroll). Continue is the default widget (Enter); Escape and the close button
/// dismiss it too; the secondary button opens its URL and leaves the window open.
/// ``onDismiss`` is called exactly once, however the window goes away.
///
/// The dialog keeps itself alive while its window exists: present it and drop the
/// reference if you like. Text is never parsed as markup and colours reach the style
/// sheet only as numbers printed by GDK.
@MainActor
public final class FirstOpenDialog {
    /// What the window shows.
    public let content: WindowContent
    /// The toplevel window.
    public let window: Window
    /// Called once when the window goes away, with how.
    public var onDismiss: (@MainActor (DismissalReason) -> Void)?
    /// How the window went away, once it has.
    public private(set) var dismissalReason: DismissalReason?

    /// The window title and accessible name, e.g. "Welcome to Car".
    public var title: String { window.title }

    // The widget tree, for layout code and tests.
    let rootBox: Box
    let headerBox: Box
    let bodyBox: Box
    let actionsBox: Box
    let scrolledWindow: ScrolledWindow
    let appIcon: Image?
    let headlineLabel: Label
    let appNameLabel: Label
    let sectionHeadings: [Label]
    let rowLists: [Box]
    let rows: [RowView]
    let footnoteLabel: Label?
    let continueButton: Button
    let secondaryButton: Button?
    let optOutCheckButton: CheckButton?

    private let parent: Window?
    private let styleSheet: CSSProvider
    private let appIconSource: IconSource?
    private let appIconTint: RGBA?
    private let direction: TextDirection?
    private let fixedWidth: Int?

    /// Logical size of the app icon on top.
    static let appIconSize = 96
    /// Space between the window edge and its content.
    static let sideMargin = 36
    /// Room left for the window manager's title bar when fitting the work area.
    static let decorationAllowance = 64

    private static var windowCount = 0

    /// Builds the window (hidden; see ``present()``).
    /// - Parameters:
    ///   - content: what to show.
    ///   - parent: the app window it belongs to; the dialog is modal and transient for it.
    ///   - width: a fixed content width in logical pixels; `nil` sizes to the content.
    /// - Throws: ``FirstOpenViewsError/invalidColor(field:error:)`` for a colour
    ///   `gdk_rgba_parse` rejects, ``FirstOpenViewsError/noDisplay`` without a display.
    public init(content: WindowContent, parent: Window? = nil, width: Int? = nil) throws(FirstOpenViewsError) {
        guard GTK.initialize() else { throw .noDisplay }
        let accent = try FirstOpenDialog.parseColor(content.accentColor, field: "accent colour")
        var rowColors: [RGBA?] = []
        for (index, row) in content.allRows.enumerated() {
            guard let text = row.color else {
                rowColors.append(nil)
                continue
            }
            rowColors.append(try FirstOpenDialog.parseColor(text, field: "colour of row \(index + 1) (\(row.title))"))
        }

        self.content = content
        self.parent = parent
        fixedWidth = width
        window = Window(title: BuiltInStrings.windowTitle(for: content.kind, appName: content.appName))

        FirstOpenDialog.windowCount += 1
        let scopeClass = "first-open-dialog-\(FirstOpenDialog.windowCount)"
        let background = window.themeColor(named: "theme_bg_color") ?? .white
        let style = DialogStyleSheet(scopeClass: scopeClass, accent: accent, windowBackground: background)
        do {
            styleSheet = try CSSProvider(css: style.css)
        } catch {
            window.destroy()
            throw .style(error)
        }

        // Header: icon, headline, app name.
        rootBox = Box(.vertical)
        rootBox.addStyleClass(scopeClass)
        if let width { rootBox.setSizeRequest(width: width, height: nil) }
        headerBox = Box(.vertical)
        headerBox.setMargins(top: 32, bottom: 4, start: FirstOpenDialog.sideMargin, end: FirstOpenDialog.sideMargin)

        let iconSource = content.iconName.flatMap { $0.isEmpty ? nil : IconSource($0) }
        // A symbolic app icon takes the accent colour; a full-colour one keeps its own.
        appIconTint = content.iconName?.hasSuffix("-symbolic") == true ? style.accentText : nil
        let icon = Image()
        if let iconSource,
           icon.setIcon(iconSource, size: FirstOpenDialog.appIconSize, scale: window.scaleFactor, tint: appIconTint) {
            icon.horizontalAlignment = .center
            icon.setMargins(bottom: 16)
            icon.accessibleName = ""
            icon.accessibleRole = .redundantObject
            headerBox.append(icon)
            appIcon = icon
            appIconSource = iconSource
        } else {
            // A missing icon is left out, not an error.
            appIcon = nil
            appIconSource = nil
        }

        headlineLabel = FirstOpenDialog.headlineLabel(BuiltInStrings.headline(for: content.kind))
        // Screen readers hear one heading with the whole title, not two fragments.
        headlineLabel.accessibleRole = .heading
        headlineLabel.accessibleName = window.title
        appNameLabel = FirstOpenDialog.headlineLabel(content.appName)
        appNameLabel.addStyleClass("first-open-app-name")
        appNameLabel.accessibleRole = .redundantObject
        headerBox.append(headlineLabel)
        headerBox.append(appNameLabel)

        // Body: sections of rows, footnote; scrolls when taller than the screen.
        bodyBox = Box(.vertical, spacing: 28)
        bodyBox.setMargins(top: 24, bottom: 8, start: FirstOpenDialog.sideMargin, end: FirstOpenDialog.sideMargin)
        var headings: [Label] = []
        var lists: [Box] = []
        var rowViews: [RowView] = []
        let defaultTint = style.accentText
        for section in content.sections where !section.rows.isEmpty || section.heading != nil {
            let sectionBox = Box(.vertical, spacing: 14)
            if let heading = section.heading {
                let label = Label(heading)
                label.addStyleClass("first-open-section-heading")
                label.wraps = true
                label.xAlign = 0
                label.horizontalAlignment = .start
                label.maxWidthChars = RowView.maxWidthChars
                label.accessibleRole = .heading
                sectionBox.append(label)
                headings.append(label)
            }
            let list = Box(.vertical, spacing: 20)
            list.accessibleRole = .list
            list.accessibleName = section.heading ?? ""
            for row in section.rows {
                let color = rowColors[rowViews.count]
                let tint = color.map { $0.adjusted(toContrast: 3, against: background) } ?? defaultTint
                let view = RowView(row: row, tint: tint)
                view.loadIcon(scale: window.scaleFactor)
                list.append(view.container)
                rowViews.append(view)
            }
            sectionBox.append(list)
            bodyBox.append(sectionBox)
            lists.append(list)
        }
        sectionHeadings = headings
        rowLists = lists
        rows = rowViews

        if let footnote = content.footnote, !footnote.isEmpty {
            let label = Label(footnote)
            label.addStyleClass("first-open-footnote")
            label.wraps = true
            label.justification = .center
            label.maxWidthChars = RowView.maxWidthChars
            bodyBox.append(label)
            footnoteLabel = label
        } else {
            footnoteLabel = nil
        }

        scrolledWindow = ScrolledWindow()
        scrolledWindow.add(bodyBox)
        scrolledWindow.expandsVertically = true

        // Actions: Continue, then the optional secondary button.
        actionsBox = Box(.vertical, spacing: 6)
        actionsBox.setMargins(top: 20, bottom: 28, start: FirstOpenDialog.sideMargin, end: FirstOpenDialog.sideMargin)
        continueButton = Button(label: BuiltInStrings.continueLabel)
        continueButton.addStyleClass("first-open-continue")
        continueButton.expandsHorizontally = true
        actionsBox.append(continueButton)
        if let action = content.secondaryAction {
            let button = Button(label: action.label)
            button.addStyleClass("first-open-secondary")
            button.addStyleClass("flat")
            actionsBox.append(button)
            secondaryButton = button
        } else {
            secondaryButton = nil
        }
        if content.kind == .whatsNew && content.offersWhatsNewOptOut {
            let check = CheckButton(label: BuiltInStrings.dontShowAfterUpdatesLabel)
            check.horizontalAlignment = .center
            check.setMargins(top: 8)
            actionsBox.append(check)
            optOutCheckButton = check
        } else {
            optOutCheckButton = nil
        }

        rootBox.append(headerBox)
        rootBox.append(scrolledWindow, expand: true)
        rootBox.append(actionsBox)
        window.add(rootBox)

        // Our own catalogue may say right-to-left where GTK's (gtk30) is not installed.
        direction = BuiltInStrings.isRightToLeft && TextDirection.defaultDirection == .leftToRight
            ? .rightToLeft : nil
        if let direction { window.setDirectionRecursively(direction) }

        configureWindow()
        connectSignals()
        styleSheet.install()
    }

    // MARK: Showing and dismissing

    /// Whether the user checked "Don't show after updates" (only offered in a What's
    /// New window whose content has ``WindowContent/offersWhatsNewOptOut``).
    /// Read it in ``onDismiss``: the state is kept from the moment the window went away.
    public var userOptedOutOfWhatsNew: Bool { optedOutWhenDismissed ?? optOutCheckButton?.isActive ?? false }
    private var optedOutWhenDismissed: Bool?

    /// Whether the window is on screen.
    public var isPresented: Bool { window.isMapped }

    /// Shows the window over its parent (or centred on the screen) with the focus on
    /// Continue. Does nothing once dismissed.
    public func present() {
        guard dismissalReason == nil else { return }
        // Hidden widgets measure as nothing: show the tree before fitting it.
        rootBox.showAll()
        fitToWorkArea()
        continueButton.grabFocus()
        window.present()
    }

    /// Closes the window from code; ``onDismiss`` gets ``DismissalReason/programmatic``
    /// unless the window was already dismissed.
    public func dismiss() {
        finish(.programmatic)
    }

    /// Closes the window as the user would: `continued` for Continue and Enter,
    /// `escaped`, `closed`. Reported once.
    func finish(_ reason: DismissalReason) {
        guard dismissalReason == nil else { return }
        dismissalReason = reason
        optedOutWhenDismissed = optOutCheckButton?.isActive
        let callback = onDismiss
        onDismiss = nil
        styleSheet.remove()
        window.destroy()
        callback?(reason)
    }

    // MARK: Rendering

    /// Renders the window to a PNG without showing it on screen: the content is moved
    /// into an offscreen window for the duration, drawn at `scale` device pixels per
    /// logical pixel (icons are loaded at that scale, so they stay crisp), and moved back.
    /// Deterministic: animations and cursor blinking are off, no focus ring is drawn,
    /// and the window is drawn as focused (not `:backdrop`).
    /// - Throws: ``RenderError``.
    public func renderPNG(to path: String, scale: Int = 1) throws(RenderError) {
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
        rootBox.showAll()
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

    private static func headlineLabel(_ text: String) -> Label {
        let label = Label(text)
        label.addStyleClass("first-open-headline")
        label.wraps = true
        label.justification = .center
        label.xAlign = 0.5
        label.maxWidthChars = 20
        return label
    }

    private func configureWindow() {
        window.isResizable = false
        if let parent {
            window.setTransient(for: parent)
            window.isModal = true
            window.destroysWithParent = true
            window.place(.centeredOnParent)
        } else {
            window.place(.centered)
        }
        window.markAsDialog(skipsTaskbar: parent != nil)
        window.accessibleName = window.title
        window.setDefaultWidget(continueButton)
    }

    private func connectSignals() {
        // Each closure keeps the dialog alive until the window is destroyed.
        continueButton.onClicked { self.finish(.continued) }
        if let button = secondaryButton, let action = content.secondaryAction {
            button.onClicked { self.openSecondaryURL(action.url) }
        }
        window.onKeyPress { key in
            guard key.isEscape else { return false }
            self.finish(.escaped)
            return true
        }
        window.connectWithArgument("delete-event") { _ in
            self.finish(.closed)
            return true
        }
        // Destroyed by someone else (the parent went away, or the app).
        window.onDestroy { self.finish(.programmatic) }
        window.connectWithArgument("notify::scale-factor") { _ in
            self.loadIcons(scale: self.window.scaleFactor)
            return false
        }
    }

    /// Opens the secondary action's URL; replaceable so tests need not launch a browser.
    lazy var openURL: @MainActor (String) throws -> Void = { [unowned self] url in try self.window.showURI(url) }

    private func openSecondaryURL(_ url: String) {
        do {
            try openURL(url)
        } catch {
            Diagnostics.warn("cannot open \(url): \(error)")
        }
    }

    private func loadIcons(scale: Int) {
        if let appIcon, let appIconSource {
            appIcon.setIcon(appIconSource, size: FirstOpenDialog.appIconSize, scale: scale, tint: appIconTint)
        }
        for row in rows { row.loadIcon(scale: scale) }
    }

    /// Gives every wrapping text in the body the width it gets in a window `width` wide
    /// (`nil`: back to natural sizes). See ``RowView/setTextWidth(_:)``.
    private func setTextWidth(_ width: Int?) {
        let column = width.map { max(1, $0 - 2 * FirstOpenDialog.sideMargin) }
        let rowText = column.map { max(1, $0 - RowView.iconSize - RowView.spacing) }
        for row in rows { row.setTextWidth(rowText) }
        for label in sectionHeadings + [footnoteLabel].compactMap({ $0 }) {
            label.setWrapWidth(column, defaultChars: RowView.maxWidthChars)
        }
    }

    /// Makes header, body and buttons fit the monitor's work area: the body scrolls,
    /// within the height left, only when it is taller than that.
    private func fitToWorkArea() {
        scrolledWindow.scrollsVertically = false
        scrolledWindow.maxContentHeight = -1
        setTextWidth(nil)
        let width = fixedWidth ?? rootBox.naturalWidth
        setTextWidth(width)
        guard let area = parent?.workArea ?? window.workArea else { return }
        let chrome = headerBox.naturalHeight(forWidth: width)
            + actionsBox.naturalHeight(forWidth: width)
            + FirstOpenDialog.decorationAllowance
        let available = max(120, area.height - chrome)
        if bodyBox.naturalHeight(forWidth: width) > available {
            scrolledWindow.scrollsVertically = true
            scrolledWindow.maxContentHeight = available
        }
    }
}
