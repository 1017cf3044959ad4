internal import CGtk
internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenGTKWrappers

// The window's size: texts wrapped at the width they get and lined up with the start
// edge, the whole fitted to the monitor's work area (scrolling when taller); the login
// window kept centred on the work area while the desktop starts.
extension FirstOpenDialog {
    /// Lines up every row text, section heading and the link message with the window's
    /// start edge, whatever the text's own direction (``Label/alignToStartEdge()``).
    func alignTextsToStartEdge() {
        for row in rows { row.alignTextsToStartEdge() }
        for description in descriptions { description.alignTextsToStartEdge() }
        for label in sectionHeadings + dateLabels + body.noteLabels
            + [linkFailureBar.messageLabel, linkFailureBar.urlLabel] {
            label.alignToStartEdge()
        }
    }

    /// Gives every wrapping text in the body the width it gets in a window `width` wide
    /// (`nil`: back to natural sizes). See ``RowView/setTextWidth(_:)``.
    func setTextWidth(_ width: Int?) {
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
    func applyTextWidth(_ width: Int?, rows: ArraySlice<RowView>, descriptions: ArraySlice<DescriptionView>,
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
    func fitToWorkArea() {
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

    /// How many times (one every 200 ms: 10 s) the login window checks, after its map,
    /// whether the work area changed under it (``followWorkArea(checksLeft:centredOn:)``).
    static let workAreaChecks = 50

    /// A window mapped while the desktop is still starting is centred on a work area that
    /// has no panel yet: GNOME Shell on X11 sets its top bar's strut after it owns its bus
    /// name, and a window mapped before that stayed centred on the whole screen, 16 px
    /// above the work area's middle (19.5 px with the shadow, at a real GNOME on Xorg
    /// login). For 10 s after the map, when the work area changes while the window is
    /// still where it was centred (the user has not moved it), it is centred again.
    func followWorkArea(checksLeft: Int, centredOn area: Rectangle) {
        guard checksLeft > 0, dismissalReason == nil else { return }
        var centredOn = area
        if let now = window.workArea, now != area, let ours = window.gdkWindow,
           let frame = ForeignParent.visibleFrame(of: ours) {
            let stillCentred = abs((area.x + area.width / 2) - (frame.x + frame.width / 2)) <= 5
                && abs((area.y + area.height / 2) - (frame.y + frame.height / 2)) <= 5
            guard stillCentred else { return }
            centredOn = recentreOnForeignParent() ?? now
        }
        IdleCallback.schedule(afterMilliseconds: 200) { [weak self] in
            self?.followWorkArea(checksLeft: checksLeft - 1, centredOn: centredOn)
        }
    }
}
