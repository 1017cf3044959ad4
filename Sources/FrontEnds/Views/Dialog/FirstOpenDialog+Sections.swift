internal import CGtk
internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenGTKWrappers

// A long history built after the map, a chunk at a time, and the scroll keys that
// reach what is not built yet.
extension FirstOpenDialog {
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
    func scheduleSectionBuilding() {
        guard !body.pending.isEmpty, builtUnits < FirstOpenDialog.idleBuildUnits else { return }
        IdleCallback.schedule { [weak self] in
            guard let self, self.dismissalReason == nil else { return }
            self.buildMoreSections(units: FirstOpenDialog.sectionChunkUnits)
            self.scheduleSectionBuilding()
        }
    }

    /// Past ``idleBuildUnits``: builds the next sections from idle time when the view
    /// comes within two pages of the end of what is built (scrolled there, or the
    /// content got shorter than that). Never inside GTK's layout, which calls the
    /// range's "changed".
    func buildWhenNearTheEnd() {
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
    func scroll(_ step: ScrolledWindow.Step) {
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
}
