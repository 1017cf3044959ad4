internal import FirstOpenState
internal import FirstOpenFlow
package import FirstOpenContent
internal import FirstOpenGTKWrappers

// The parts of the window, each built by one function (see FirstOpenDialog.init):
//
//   window                      ATK role dialog; title "Welcome to ‹App›"
//   ├─ title bar                HeaderBar: the close button only
//   └─ root box                 (the scope class of the window's CSS)
//      ├─ scrolled window       not a Tab stop; scrolls header and body together
//      │  └─ content box
//      │     ├─ Header          app icon, headline (heading level 1), app name
//      │     └─ Body            sections (heading level 2, date, list of rows,
//      │                        AppStream description), footnote
//      ├─ LinkFailureBar        hidden until the secondary link cannot be opened
//      └─ Actions               Continue, secondary button, "Don't show after updates"

extension FirstOpenDialog {
    /// Icon, headline and app name.
    struct Header {
        let box: Box
        let appIcon: Image?
        let appIconSource: IconSource?
        let appIconTint: RGBA?
        let headlineLabel: Label
        let appNameLabel: Label
    }

    /// The sections of rows and descriptions, and the footnote. Long histories are built
    /// in parts (``FirstOpenDialog/buildMoreSections(units:)``): what the first screen
    /// shows before the map, the rest after it; ``pending`` holds what is not built yet.
    struct Body {
        let box: Box
        var sectionHeadings: [Label] = []
        /// The date lines under version headings ("16 September 2022").
        var dateLabels: [Label] = []
        var rowLists: [Box] = []
        var rows: [RowView] = []
        /// The AppStream release notes, one per section that has them.
        var descriptions: [DescriptionView] = []
        /// The notes under sections whose texts the caps cut ("And 12 more changes") or
        /// that have none ("No details for this release").
        var noteLabels: [Label] = []
        let footnoteLabel: Label?
        /// The sections not built yet, in order.
        var pending: ArraySlice<ContentSection>
    }

    /// Continue, the optional secondary button and the optional opt-out check box.
    struct Actions {
        let box: Box
        let continueButton: Button
        let secondaryButton: Button?
        let optOutCheckButton: CheckButton?
    }

    static func makeHeader(content: WindowContent, title: String, style: DialogStyleSheet, scale: Int) -> Header {
        let box = Box(.vertical)
        box.setMargins(top: 24, bottom: 4, start: sideMargin, end: sideMargin)

        let iconSource = content.iconName.flatMap {
            $0.isEmpty ? nil : IconSource($0, directories: content.iconDirectories)
        }
        // A symbolic app icon takes the accent colour; a full-colour one keeps its own.
        let tint = content.iconName?.hasSuffix("-symbolic") == true ? style.iconTint : nil
        var appIcon: Image?
        let icon = Image()
        // Reserved, not loaded: the dialog loads its icons when the window maps.
        if let iconSource, icon.reserveIcon(iconSource, size: appIconSize, scale: scale, tint: tint) {
            icon.horizontalAlignment = .center
            icon.setMargins(bottom: 16)
            icon.accessibleName = ""
            icon.accessibleRole = .redundantObject
            box.append(icon)
            appIcon = icon
        }
        // A missing icon is left out, not an error.

        let headline = headlineLabel(BuiltInStrings.headline(for: content.kind), headingLevel: 1)
        // Screen readers hear one heading with the whole title, not two fragments.
        headline.accessibleName = title
        let appName = headlineLabel(content.appName, headingLevel: nil)
        appName.addStyleClass("first-open-app-name")
        appName.accessibleRole = .redundantObject
        box.append(headline)
        box.append(appName)
        return Header(box: box, appIcon: appIcon, appIconSource: appIcon == nil ? nil : iconSource,
                      appIconTint: tint, headlineLabel: headline, appNameLabel: appName)
    }

    /// The body with its footnote and no section built yet: ``appendSections(to:units:rowColors:style:iconDirectories:)``
    /// builds them.
    static func makeBody(content: WindowContent) -> Body {
        let box = Box(.vertical, spacing: 28)
        box.setMargins(top: 24, bottom: 8, start: sideMargin, end: sideMargin)
        var footnote: Label?
        if let text = content.footnote, !text.isEmpty {
            let label = Label(text)
            label.addStyleClass("first-open-footnote")
            label.wraps = true
            label.justification = .center
            label.maxWidthChars = RowView.maxWidthChars
            box.append(label)
            footnote = label
        }
        return Body(box: box, footnoteLabel: footnote,
                    pending: content.sections.filter { !$0.isEmpty || $0.heading != nil }[...])
    }

    /// About how many lines `section` takes: what ``appendSections(to:units:rowColors:style:iconDirectories:)``
    /// counts (a heading and its date 2, a row 2, a paragraph, item or note 1).
    static func units(of section: ContentSection) -> Int {
        (section.heading == nil ? 0 : 2) + 2 * section.rows.count
            + section.description.reduce(0) { $0 + $1.texts.count } + (section.note == nil ? 0 : 1)
    }

    /// Builds the next pending sections of `body`, at least one and until they hold
    /// `units` (see ``units(of:)``), before the footnote. Returns the new section boxes.
    static func appendSections(to body: inout Body, units: Int, rowColors: [RGBA?], style: DialogStyleSheet,
                               iconDirectories: [String]) -> [Box] {
        var built: [Box] = []
        var used = 0
        while let section = body.pending.first, built.isEmpty || used < units {
            body.pending.removeFirst()
            used += self.units(of: section)
            let sectionBox = Box(.vertical, spacing: 14)
            if let heading = section.heading {
                let headingBox = Box(.vertical, spacing: 2)
                let label = Self.sectionText(Label(heading, headingLevel: 2), styleClass: "first-open-section-heading")
                headingBox.append(label)
                body.sectionHeadings.append(label)
                if let line = BuiltInStrings.releaseLine(date: section.date, isPrerelease: section.isPrerelease) {
                    let dateLabel = Self.sectionText(Label(line), styleClass: "first-open-section-date")
                    headingBox.append(dateLabel)
                    body.dateLabels.append(dateLabel)
                }
                sectionBox.append(headingBox)
            }
            if !section.rows.isEmpty {
                let list = Box(.vertical, spacing: 20)
                list.accessibleRole = .list
                list.accessibleName = section.heading ?? ""
                for row in section.rows {
                    let tint = rowColors[body.rows.count].map {
                        $0.adjusted(toContrast: style.iconContrast, against: style.windowBackground)
                    } ?? style.iconTint
                    // Its icon's square is reserved; the dialog loads it when the window maps.
                    let view = RowView(row: row, tint: tint, iconDirectories: iconDirectories)
                    list.append(view.container)
                    body.rows.append(view)
                }
                sectionBox.append(list)
                body.rowLists.append(list)
            }
            if !section.description.isEmpty {
                let description = DescriptionView(blocks: section.description)
                sectionBox.append(description.box)
                body.descriptions.append(description)
            }
            if let note = section.note {
                // Dimmed like the footnote: it is about the notes, not one of them.
                let label = Self.sectionText(Label(note), styleClass: "first-open-footnote")
                sectionBox.append(label)
                body.noteLabels.append(label)
            }
            body.box.append(sectionBox)
            built.append(sectionBox)
        }
        if let footnote = body.footnoteLabel { body.box.moveToEnd(footnote) }
        return built
    }

    /// A section's own line (its heading, date, or a note about its notes): wrapped at
    /// the rows' width, from the start edge, styled by `styleClass`.
    private static func sectionText(_ label: Label, styleClass: String) -> Label {
        label.addStyleClass(styleClass)
        label.wraps = true
        label.xAlign = 0
        label.horizontalAlignment = .start
        label.maxWidthChars = RowView.maxWidthChars
        return label
    }

    static func makeActions(content: WindowContent) -> Actions {
        let box = Box(.vertical, spacing: 6)
        box.setMargins(top: 16, bottom: 24, start: sideMargin, end: sideMargin)
        let continueButton = Button(mnemonic: BuiltInStrings.continueMnemonic)
        continueButton.addStyleClass("first-open-continue")
        continueButton.expandsHorizontally = true
        box.append(continueButton)

        let offersOptOut = content.kind == .whatsNew && content.offersWhatsNewOptOut
        var secondaryButton: Button?
        if let action = content.secondaryAction {
            let taken = Set([BuiltInStrings.continueMnemonic]
                + (offersOptOut ? [BuiltInStrings.dontShowAfterUpdatesMnemonic] : [])
            ).compactMap(Mnemonic.key(of:))
            let button = Button(mnemonic: secondaryMnemonic(for: action.label, avoiding: Set(taken)))
            button.addStyleClass("first-open-secondary")
            button.addStyleClass("flat")
            button.wrapsLabel(maxWidthChars: RowView.maxWidthChars)
            box.append(button)
            secondaryButton = button
        }
        var check: CheckButton?
        if offersOptOut {
            let button = CheckButton(mnemonic: BuiltInStrings.dontShowAfterUpdatesMnemonic)
            button.horizontalAlignment = .center
            button.setMargins(top: 8)
            box.append(button)
            check = button
        }
        return Actions(box: box, continueButton: continueButton, secondaryButton: secondaryButton,
                       optOutCheckButton: check)
    }

    /// The secondary button's label with a mnemonic. A spec label that is the English
    /// default ("Release Notes", untranslated for the user's language) or the built-in
    /// translation itself shows the built-in translation with its translated mnemonic;
    /// any other text gets a mnemonic on its first letter no other button uses.
    static func secondaryMnemonic(for label: String, avoiding taken: Set<Character>) -> String {
        if label == ContentStrings.english.releaseNotesLabel || label == BuiltInStrings.releaseNotesLabel {
            return BuiltInStrings.releaseNotesMnemonic
        }
        return Mnemonic.automatic(label, avoiding: taken)
    }

    private static func headlineLabel(_ text: String, headingLevel: Int?) -> Label {
        let label = headingLevel.map { Label(text, headingLevel: $0) } ?? Label(text)
        label.addStyleClass("first-open-headline")
        label.wraps = true
        label.justification = .center
        label.xAlign = 0.5
        label.maxWidthChars = 20
        return label
    }

    /// What the window says, as one text for its accessible description: each section's
    /// heading and date, each row's title and subtitle, each paragraph and list item of
    /// the release notes as sentences, the footnote.
    ///
    /// Orca announces a dialog as its name, its role and then its "unrelated labels" or,
    /// without any, its description. Labels inside a scroll pane never count as
    /// unrelated (Orca skips scroll panes), nor do titles shorter than three words, so
    /// the rows reach the user through this description: "What's New in Car dialog.
    /// Dark style. Car follows the system's dark style. Faster start. …".
    ///
    /// Touches no GTK: the window helper builds it on the thread that reads the spec.
    package nonisolated static func accessibleSummary(of content: WindowContent) -> String {
        var lines: [String] = []
        for section in content.sections where !section.isEmpty {
            if let heading = section.heading, !heading.isEmpty { lines.append(sentence(heading)) }
            if section.heading != nil,
               let line = BuiltInStrings.releaseLine(date: section.date, isPrerelease: section.isPrerelease) {
                lines.append(sentence(line))
            }
            for row in section.rows {
                lines.append(row.subtitle.isEmpty ? sentence(row.title) : sentence(row.title) + " " + row.subtitle)
            }
            for block in section.description {
                for text in block.texts { lines.append(sentence(text.plainText)) }
            }
            if let note = section.note { lines.append(sentence(note)) }
        }
        if let footnote = content.footnote, !footnote.isEmpty { lines.append(sentence(footnote)) }
        return lines.joined(separator: "\n")
    }

    /// `text` ending as a sentence, so a screen reader pauses after it ("Dark style.").
    nonisolated private static func sentence(_ text: String) -> String {
        guard let last = text.last, !last.isPunctuation else { return text }
        return text + "."
    }

    /// The scrolled window around header and body, so that both scroll together when
    /// the screen is too small for them (large text, a long app name, HiDPI).
    static func makeScrolledContent(header: Header, body: Body) -> (ScrolledWindow, Box) {
        let contentBox = Box(.vertical)
        contentBox.append(header.box)
        contentBox.append(body.box)
        let scrolled = ScrolledWindow()
        scrolled.add(contentBox)
        scrolled.expandsVertically = true
        return (scrolled, contentBox)
    }
}
