import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

/// The widget tree of both kinds: texts, colours, default widget, dialog behaviour, ATK.
final class DialogLayoutTests: XCTestCase {
    func testWelcomeShowsHeadlineAppNameRowsAndContinue() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent(kind: .welcome))
            defer { dialog.dismiss() }

            XCTAssertEqual(dialog.title, "Welcome to Car")
            XCTAssertEqual(dialog.headlineLabel.text, "Welcome to")
            XCTAssertEqual(dialog.appNameLabel.text, "Car")
            XCTAssertEqual(dialog.rows.map(\.titleLabel.text), ["Title 1", "Title 2", "Title 3"])
            XCTAssertEqual(dialog.rows.first?.subtitleLabel?.text,
                           "Subtitle 1 explains what this row is about in a sentence or two.")
            XCTAssertEqual(dialog.continueButton.label, "_Continue")
            XCTAssertEqual(dialog.continueButton.shownLabel, "Continue")
            XCTAssertNil(dialog.secondaryButton)
            XCTAssertNil(dialog.footnoteLabel)
            XCTAssertNotNil(dialog.appIcon, "emoji-travel-symbolic exists in Adwaita")
            XCTAssertTrue(dialog.headlineLabel.hasStyleClass("first-open-headline"))
            XCTAssertTrue(dialog.rows.allSatisfy { $0.subtitleLabel?.wraps == true })
        }
    }

    func testIconsLoadWhenTheWindowMapsIntoSquaresReservedForThem() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent(kind: .welcome))
            defer { dialog.dismiss() }
            // Built, not shown: every icon has its square in the layout, none is loaded
            // (the SVG stack loads after the window is mapped, as GTK's own images load).
            let appIcon = try XCTUnwrap(dialog.appIcon, "emoji-travel-symbolic exists in Adwaita")
            let icons = [appIcon] + dialog.rows.map(\.icon)
            XCTAssertTrue(icons.allSatisfy(\.isEmpty), "no icon loaded before the window maps")
            XCTAssertNil(dialog.iconScale)
            dialog.rootBox.showAll()
            let sizesBefore = icons.map { [$0.naturalWidth, $0.naturalHeight(forWidth: $0.naturalWidth)] }
            let windowBefore = [dialog.rootBox.naturalWidth,
                                dialog.rootBox.naturalHeight(forWidth: dialog.rootBox.naturalWidth)]
            XCTAssertEqual(sizesBefore.first?.first, FirstOpenDialog.appIconSize)

            dialog.present()
            XCTAssertTrue(dialog.isPresented)
            XCTAssertTrue(icons.allSatisfy { !$0.isEmpty }, "every icon loaded once the window maps")
            XCTAssertEqual(dialog.iconScale, dialog.window.scaleFactor)
            // Loading them changed no size: the first frame is laid out as before.
            XCTAssertEqual(icons.map { [$0.naturalWidth, $0.naturalHeight(forWidth: $0.naturalWidth)] }, sizesBefore)
            XCTAssertEqual([dialog.rootBox.naturalWidth,
                            dialog.rootBox.naturalHeight(forWidth: dialog.rootBox.naturalWidth)], windowBefore)
        }
    }

    func testWhatsNewShowsItsHeadlineSectionsFootnoteAndSecondaryButton() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var content = sampleContent(
                kind: .whatsNew, footnote: "And 2 more updates",
                secondaryAction: SecondaryAction(label: "Release Notes", url: "https://example.org/news"))
            content.sections = [
                ContentSection(heading: "Version 1.3", rows: [InformationRow(title: "Dark style", subtitle: "Follows the system.", iconName: "weather-clear-night-symbolic")]),
                ContentSection(heading: "Version 1.2", rows: [InformationRow(title: "Faster", subtitle: "Starts quicker.", iconName: "view-refresh-symbolic", color: "#26a269")]),
            ]
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }

            XCTAssertEqual(dialog.title, "What's New in Car")
            XCTAssertEqual(dialog.headlineLabel.text, "What's New in")
            XCTAssertEqual(dialog.sectionHeadings.map(\.text), ["Version 1.3", "Version 1.2"])
            XCTAssertEqual(dialog.rows.map(\.titleLabel.text), ["Dark style", "Faster"])
            XCTAssertEqual(dialog.footnoteLabel?.text, "And 2 more updates")
            XCTAssertEqual(dialog.secondaryButton?.shownLabel, "Release Notes")
            // A row's own colour tints its icon instead of the accent colour.
            assertColor(dialog.rows[1].tint, try RGBA(parsing: "#26a269").adjusted(
                toContrast: 3, against: dialog.window.themeColor(named: "theme_bg_color") ?? .white))
        }
    }

    func testAccentColourIsAppliedToAppNameAndContinueButton() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent(accentColor: "rgb(28,113,216)"))
            defer { dialog.dismiss() }
            dialog.present()
            settle()

            let background = try XCTUnwrap(dialog.window.themeColor(named: "theme_bg_color"))
            let accent = try RGBA(parsing: "#1c71d8")
            assertColor(dialog.appNameLabel.styleColor, accent.adjusted(toContrast: 3, against: background))
            // Large text must keep at least 3:1 against the window in any theme.
            XCTAssertGreaterThanOrEqual(dialog.appNameLabel.styleColor.contrastRatio(with: background), 3)
            // White text on the accent-coloured Continue button.
            let continueLabel = try XCTUnwrap(Self.buttonLabelColor(dialog.continueButton))
            assertColor(continueLabel, .white)
        }
    }

    func testLightAccentGetsDarkButtonText() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent(accentColor: "#f6d32d"))
            defer { dialog.dismiss() }
            dialog.present()
            settle()
            let text = try XCTUnwrap(Self.buttonLabelColor(dialog.continueButton))
            XCTAssertLessThan(text.relativeLuminance, 0.1, "yellow buttons get dark text, got \(text)")
        }
    }

    func testContinueIsTheDefaultWidgetAndHasFocus() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent())
            defer { dialog.dismiss() }
            dialog.present()
            settle()
            XCTAssertTrue(dialog.window.isDefaultWidget(dialog.continueButton))
            XCTAssertTrue(dialog.continueButton.canBeDefault)
            XCTAssertTrue(dialog.continueButton.hasFocus)
            XCTAssertTrue(dialog.isPresented)
        }
    }

    /// Presented before the app shows its window (`present_if_needed` before `show_all`):
    /// the window maps only after its parent did, transient for it and centred on it.
    func testPresentedBeforeItsParentIsShownMapsAfterItCentredOnIt() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let parent = Window(title: "Parent")
            parent.setDefaultSize(width: 1000, height: 900)
            gtk_window_move(parent.windowPointer, 140, 60)
            defer { parent.destroy() }
            let dialog = try FirstOpenDialog(content: sampleContent(), parent: parent)
            defer { dialog.dismiss() }
            var parentMappedFirst: Bool?
            dialog.window.connect("map") { parentMappedFirst = parentMappedFirst ?? parent.isMapped }
            dialog.present()
            parent.showAll()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped && gdkCentre(dialog.window) != nil })
            settle()

            XCTAssertEqual(parentMappedFirst, true, "the window mapped before its parent")
            XCTAssertTrue(dialog.window.isTransient(for: parent))
            XCTAssertTrue(dialog.window.isModal)
            let ours = try XCTUnwrap(gdkCentre(dialog.window)), theirs = try XCTUnwrap(gdkCentre(parent))
            XCTAssertLessThanOrEqual(abs(ours.x - theirs.x), 2, "centred on the parent: \(ours) vs \(theirs)")
            XCTAssertLessThanOrEqual(abs(ours.y - theirs.y), 2, "centred on the parent: \(ours) vs \(theirs)")
        }
    }

    func testModalAndTransientForParentCentredOnIt() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let parent = Window(title: "Parent")
            parent.setDefaultSize(width: 800, height: 600)
            parent.showAll()
            defer { parent.destroy() }
            let dialog = try FirstOpenDialog(content: sampleContent(), parent: parent)
            defer { dialog.dismiss() }
            dialog.present()
            settle()

            XCTAssertTrue(dialog.window.isModal)
            XCTAssertTrue(dialog.window.isTransient(for: parent))
            XCTAssertTrue(dialog.window.destroysWithParent)
            XCTAssertEqual(positionSetting(dialog.window), GTK_WIN_POS_CENTER_ON_PARENT)
            XCTAssertEqual(gtk_window_get_type_hint(dialog.window.windowPointer), GDK_WINDOW_TYPE_HINT_DIALOG)
        }
    }

    func testWithoutParentIsNotModalAndCentredOnScreen() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent())
            defer { dialog.dismiss() }
            XCTAssertFalse(dialog.window.isModal)
            XCTAssertEqual(positionSetting(dialog.window), GTK_WIN_POS_CENTER)
        }
    }

    func testWindowIsSizedToItsContent() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent())
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            settle()
            let size = dialog.window.size
            XCTAssertTrue((400...560).contains(size.width), "width \(size.width)")
            XCTAssertTrue((380...900).contains(size.height), "height \(size.height)")
            XCTAssertFalse(dialog.window.isResizable)
            // Nothing is cut off: the rows do not scroll when they fit.
            let range = dialog.scrolledWindow.verticalRange
            XCTAssertLessThanOrEqual(range.upper, range.pageSize + 1)
        }
    }

    func testAccessibilityNamesRolesAndDescriptions() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent(kind: .whatsNew))
            defer { dialog.dismiss() }

            XCTAssertEqual(dialog.window.accessibleName, "What's New in Car")
            XCTAssertEqual(dialog.headlineLabel.accessibleRole, .heading)
            XCTAssertEqual(dialog.headlineLabel.accessibleName, "What's New in Car")
            for (index, row) in dialog.rows.enumerated() {
                XCTAssertEqual(row.container.accessibleRole, .listItem)
                XCTAssertEqual(row.container.accessibleName, "Title \(index + 1)")
                XCTAssertEqual(row.container.accessibleDescription,
                               "Subtitle \(index + 1) explains what this row is about in a sentence or two.")
                XCTAssertEqual(row.icon.accessibleRole, .redundantObject, "icons are decorative")
                XCTAssertEqual(row.icon.accessibleName, "")
            }
            XCTAssertEqual(dialog.appIcon?.accessibleRole, .redundantObject)
            XCTAssertEqual(dialog.rowLists.first?.accessibleRole, .list)
            XCTAssertEqual(dialog.continueButton.accessibleName, "Continue")
        }
    }

    func testMissingAppIconIsLeftOut() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var content = sampleContent()
            content.iconName = "org.example.DoesNotExist"
            let withMissingName = try FirstOpenDialog(content: content)
            defer { withMissingName.dismiss() }
            XCTAssertNil(withMissingName.appIcon)

            content.iconName = "/nonexistent/icon.png"
            let withMissingFile = try FirstOpenDialog(content: content)
            defer { withMissingFile.dismiss() }
            XCTAssertNil(withMissingFile.appIcon)
        }
    }

    func testAbsoluteIconPathLoads() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var content = sampleContent()
            // The package's own file: Adwaita's SVGs moved (48 keeps symbolic icons under
            // Adwaita/symbolic/, 43 under Adwaita/scalable/).
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path
            content.iconName = root + "/data/examples/icons/hicolor/scalable/apps/org.example.Car.svg"
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            XCTAssertNotNil(dialog.appIcon)
            XCTAssertEqual(dialog.appIcon?.isEmpty, false)
        }
    }

    /// The colour the Continue button's label resolves.
    @MainActor
    private static func buttonLabelColor(_ button: Button) -> RGBA? {
        guard let child = gtk_bin_get_child(UnsafeMutableRawPointer(button.widgetPointer).assumingMemoryBound(to: GtkBin.self)) else {
            return nil
        }
        let context = gtk_widget_get_style_context(child)
        var color = GdkRGBA()
        gtk_style_context_get_color(context, gtk_style_context_get_state(context), &color)
        return RGBA(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

/// The middle of a mapped window on the screen (its GdkWindow's origin plus half its size).
@MainActor
private func gdkCentre(_ window: Window) -> (x: Int, y: Int)? {
    guard window.isMapped, let gdkWindow = window.gdkWindow else { return nil }
    var x: gint = 0, y: gint = 0
    gdk_window_get_origin(gdkWindow, &x, &y)
    return (Int(x) + Int(gdk_window_get_width(gdkWindow)) / 2, Int(y) + Int(gdk_window_get_height(gdkWindow)) / 2)
}
