import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

/// What assistive technologies are given (ATK, which the AT-SPI bridge exports to
/// Orca; Tests/Accessibility/check-atspi.py reads the same through AT-SPI).
final class AccessibilityTests: XCTestCase {
    func testTheWindowIsADialogNamedByItsTitle() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent(kind: .whatsNew))
            defer { dialog.dismiss() }
            // GTK 3's default for a toplevel is frame: Orca then reads only the title.
            XCTAssertEqual(dialog.window.accessibleRole, .dialog)
            XCTAssertEqual(dialog.window.accessibleName, "What's New in Car")
        }
    }

    /// Orca reads a dialog's description after its name and role when it opens (labels in
    /// a scroll pane are not read): the description holds every heading, row and footnote.
    func testTheWindowDescriptionReadsTheRows() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let content = WindowContent(
                kind: .whatsNew, appName: "Car",
                sections: [
                    ContentSection(heading: "Version 2.0", rows: [
                        InformationRow(title: "Dark style", subtitle: "Follows the system.", iconName: "x"),
                        InformationRow(title: "Faster start!", subtitle: "", iconName: "x"),
                    ]),
                    ContentSection(heading: "Version 1.5", rows: [
                        InformationRow(title: "Flights", subtitle: "Plan trips", iconName: "x"),
                    ]),
                ],
                footnote: "And 3 more updates")
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            XCTAssertEqual(dialog.window.accessibleDescription, """
                Version 2.0.
                Dark style. Follows the system.
                Faster start!
                Version 1.5.
                Flights. Plan trips
                And 3 more updates.
                """)
        }
    }

    func testHeadlineIsALevelOneHeadingAndVersionsLevelTwo() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var content = sampleContent(kind: .whatsNew)
            content.sections = [
                ContentSection(heading: "Version 2.0", rows: content.sections[0].rows),
                ContentSection(heading: "Version 1.0", rows: content.sections[0].rows),
            ]
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            XCTAssertEqual(dialog.headlineLabel.accessibleRole, .heading)
            XCTAssertEqual(dialog.headlineLabel.accessibleAttributes["level"], "1")
            XCTAssertEqual(dialog.headlineLabel.accessibleName, "What's New in Car")
            XCTAssertEqual(dialog.sectionHeadings.map(\.accessibleRole), [.heading, .heading])
            XCTAssertEqual(dialog.sectionHeadings.map { $0.accessibleAttributes["level"] }, ["2", "2"])
            XCTAssertEqual(dialog.sectionHeadings.map(\.accessibleName), ["Version 2.0", "Version 1.0"])
            XCTAssertNil(dialog.appNameLabel.accessibleAttributes["level"])
            XCTAssertEqual(dialog.appNameLabel.accessibleRole, .redundantObject, "part of the heading's name")
            XCTAssertEqual(dialog.headlineLabel.text, "What's New in", "the label still shows its own text")
        }
    }

    /// Every widget that can take the focus is shown and has a name; nothing else is a
    /// Tab stop.
    func testEveryFocusableWidgetIsVisibleAndNamed() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var content = sampleContent(
                kind: .whatsNew, rowCount: 30,
                secondaryAction: SecondaryAction(label: "Release Notes", url: "https://example.org"))
            content.offersWhatsNewOptOut = true
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            settle()
            var focusable: [String] = []
            Self.forEachDescendant(of: dialog.window.widgetPointer) { widget in
                // Hidden widgets (the link message before it is needed) are no Tab stops.
                guard gtk_widget_get_can_focus(widget) != 0, gtk_widget_is_sensitive(widget) != 0,
                      gtk_widget_is_visible(widget) != 0 else { return }
                let name = atk_object_get_name(gtk_widget_get_accessible(widget)).map { String(cString: $0) } ?? ""
                let type = String(cString: gtk_widget_get_name(widget))
                XCTAssertTrue(gtk_widget_get_mapped(widget) != 0, "\(type) \"\(name)\" can take the focus but is not shown")
                XCTAssertFalse(name.isEmpty, "\(type) can take the focus but has no name")
                focusable.append(name)
            }
            XCTAssertEqual(focusable, ["Continue", "Release Notes", "Don't show after updates"])
        }
    }

    func testRowWithoutSubtitleHasNoEmptyLabelAndIsCentredOnItsIcon() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var content = sampleContent()
            content.sections[0].rows[1].subtitle = ""
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            settle()
            let row = dialog.rows[1]
            XCTAssertNil(row.subtitleLabel)
            XCTAssertEqual(row.container.accessibleDescription, "")
            var labels: [String] = []
            Self.forEachDescendant(of: row.container.widgetPointer) { widget in
                if let label = gtk_widget_get_accessible(widget), atk_object_get_role(label) == ATK_ROLE_LABEL {
                    labels.append(atk_object_get_name(label).map { String(cString: $0) } ?? "")
                }
            }
            XCTAssertEqual(labels, ["Title 2"], "no empty label is exposed")
            let icon = try XCTUnwrap(row.icon.origin(in: dialog.window))
            let title = try XCTUnwrap(row.titleLabel.origin(in: dialog.window))
            let iconCentre = Double(icon.y) + Double(row.icon.allocation.height) / 2
            let titleCentre = Double(title.y) + Double(row.titleLabel.allocation.height) / 2
            XCTAssertEqual(titleCentre, iconCentre, accuracy: 1.5, "the title is centred on the icon")
        }
    }

    func testIconsAreDecorative() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent())
            defer { dialog.dismiss() }
            for icon in [try XCTUnwrap(dialog.appIcon)] + dialog.rows.map(\.icon) {
                XCTAssertEqual(icon.accessibleRole, .redundantObject)
                XCTAssertEqual(icon.accessibleName, "")
            }
        }
    }

    /// Calls `body` for every descendant of `widget`, internal children included.
    @MainActor
    static func forEachDescendant(of widget: UnsafeMutablePointer<GtkWidget>,
                                  _ body: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        var stack = [widget]
        while let current = stack.popLast() {
            body(current)
            guard fo_is_container(current) != 0 else { continue }
            var children: [UnsafeMutablePointer<GtkWidget>] = []
            withUnsafeMutablePointer(to: &children) { pointer in
                gtk_container_forall(fo_container(current), { child, data in
                    guard let child, let data else { return }
                    data.assumingMemoryBound(to: [UnsafeMutablePointer<GtkWidget>].self).pointee.append(child)
                }, pointer)
            }
            stack.append(contentsOf: children.reversed())
        }
    }
}
