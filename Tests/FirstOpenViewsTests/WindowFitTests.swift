import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

/// The window's size and what it shows where: within the work area, at least the
/// minimum width, header scrolling with the rows, a title bar without a title, texts
/// aligned with the window's start edge.
final class WindowFitTests: XCTestCase {
    @MainActor
    private static func presented(_ content: WindowContent) throws -> FirstOpenDialog {
        let dialog = try FirstOpenDialog(content: content)
        dialog.present()
        XCTAssertTrue(spinMainLoop { dialog.window.isMapped }, "the window is mapped")
        settle()
        return dialog
    }

    /// The window, title bar and borders included, stays on the work area, and Continue
    /// stays inside it, with 30 rows and a long app name.
    func testTheWholeWindowStaysInsideTheWorkArea() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try Self.presented(sampleContent(
                appName: "A Very Long Application Name That Wraps Over Lines", rowCount: 30))
            defer { dialog.dismiss() }
            let area = try XCTUnwrap(dialog.window.workArea)
            let frame = try XCTUnwrap(dialog.window.frameOnScreen)
            XCTAssertLessThanOrEqual(frame.height, area.height)
            XCTAssertLessThanOrEqual(frame.width, area.width)
            XCTAssertGreaterThan(dialog.scrolledWindow.maxContentHeight, 0)
            let button = try XCTUnwrap(dialog.continueButton.origin(in: dialog.window))
            XCTAssertLessThan(button.y + dialog.continueButton.allocation.height,
                              dialog.window.allocation.height, "Continue is inside the window")
        }
    }

    /// With little height, the header scrolls away with the rows instead of taking the
    /// room the rows need.
    func testTheHeaderScrollsWithTheRows() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try Self.presented(sampleContent(rowCount: 30))
            defer { dialog.dismiss() }
            XCTAssertTrue(dialog.scrolledWindow.scrollsVertically)
            let before = try XCTUnwrap(dialog.headlineLabel.origin(in: dialog.window))
            dialog.scrolledWindow.scroll(.pageDown)
            settle(0.1)
            let after = try XCTUnwrap(dialog.headlineLabel.origin(in: dialog.window))
            XCTAssertLessThan(after.y, before.y, "the headline moved up with the rows")
        }
    }

    /// What's New with a few short rows is as wide as the minimum, not a thin strip.
    func testShortRowsStillGiveAReadableWidth() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let rows = [InformationRow(title: "Faster", subtitle: "", iconName: "object-select-symbolic"),
                        InformationRow(title: "Fixes", subtitle: "", iconName: "object-select-symbolic")]
            let dialog = try Self.presented(WindowContent(
                kind: .whatsNew, appName: "Car", sections: [ContentSection(rows: rows)]))
            defer { dialog.dismiss() }
            XCTAssertGreaterThanOrEqual(dialog.rootBox.allocation.width, FirstOpenDialog.minimumWidth)
            XCTAssertGreaterThanOrEqual(FirstOpenDialog.minimumWidth, 360)
            let size = dialog.window.size
            XCTAssertLessThan(Double(size.height) / Double(size.width), 1.2, "not a tall strip: \(size)")
        }
    }

    /// The title bar holds the close button and no title: the headline says it already.
    /// The window's title, a public contract, is unchanged.
    func testTheTitleBarDoesNotRepeatTheHeadline() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try Self.presented(sampleContent(kind: .whatsNew))
            defer { dialog.dismiss() }
            XCTAssertEqual(dialog.window.title, "What's New in Car")
            var texts: [String] = []
            var buttons = 0
            AccessibilityTests.forEachDescendant(of: dialog.titleBar.widgetPointer) { widget in
                guard gtk_widget_is_visible(widget) != 0 else { return }
                if let label = gtk_widget_get_accessible(widget), atk_object_get_role(label) == ATK_ROLE_LABEL {
                    texts.append(atk_object_get_name(label).map { String(cString: $0) } ?? "")
                }
                if atk_object_get_role(gtk_widget_get_accessible(widget)) == ATK_ROLE_PUSH_BUTTON { buttons += 1 }
            }
            XCTAssertEqual(texts, [], "no title text in the title bar")
            XCTAssertEqual(buttons, 1, "only the close button")
            // It blends with the window: the theme's window background.
            assertColor(try XCTUnwrap(dialog.titleBar.cssColor("background-color")),
                        try XCTUnwrap(dialog.window.themeColor(named: "theme_bg_color")))
        }
    }

    /// English text in a right-to-left window keeps its own direction but lines up with
    /// the window's start edge (the right), like the Hebrew titles.
    func testEnglishSubtitlesAlignRightInARightToLeftWindow() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let previous = TextDirection.defaultDirection
            TextDirection.defaultDirection = .rightToLeft
            defer { TextDirection.defaultDirection = previous }
            var content = sampleContent()
            content.sections[0].rows[0].title = "מכונית"
            content.sections[0].rows[0].subtitle = String(repeating: "An English sentence that wraps. ", count: 4)
            let dialog = try Self.presented(content)
            defer { dialog.dismiss() }
            let subtitle = try XCTUnwrap(dialog.rows[0].subtitleLabel)
            let width = subtitle.allocation.width
            let edges = subtitle.lineEdges
            XCTAssertGreaterThan(edges.count, 1, "the subtitle wraps")
            for edge in edges {
                XCTAssertGreaterThanOrEqual(edge.right, width - 6, "line \(edge) of \(width) px ends at the right edge")
            }
            XCTAssertTrue(edges.contains { $0.left > 6 }, "short lines leave room on the left")
            // The title, Hebrew, is right-aligned too.
            let title = dialog.rows[0].titleLabel
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(title.lineEdges.first).right, title.allocation.width - 6)
        }
    }
}
