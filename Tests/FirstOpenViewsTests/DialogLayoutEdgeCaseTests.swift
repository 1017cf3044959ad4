import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

/// Right-to-left, many rows, hostile text, bad colours.
final class DialogLayoutEdgeCaseTests: XCTestCase {
    func testRightToLeftMirrorsTheRows() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let previous = TextDirection.defaultDirection
            TextDirection.defaultDirection = .rightToLeft
            defer { TextDirection.defaultDirection = previous }

            let dialog = try FirstOpenDialog(content: sampleContent())
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            settle()
            for row in dialog.rows {
                XCTAssertEqual(row.container.direction, .rightToLeft)
                let icon = try XCTUnwrap(row.icon.origin(in: dialog.window))
                let title = try XCTUnwrap(row.titleLabel.origin(in: dialog.window))
                XCTAssertGreaterThan(icon.x, title.x, "the icon is on the right in RTL")
            }
        }
    }

    func testLeftToRightPutsIconsFirst() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent())
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            settle()
            let row = try XCTUnwrap(dialog.rows.first)
            let icon = try XCTUnwrap(row.icon.origin(in: dialog.window))
            let title = try XCTUnwrap(row.titleLabel.origin(in: dialog.window))
            XCTAssertLessThan(icon.x, title.x)
        }
    }

    func testManyRowsScrollInsteadOfGrowingPastTheWorkArea() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent(rowCount: 30))
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            settle()

            let area = try XCTUnwrap(dialog.window.workArea)
            XCTAssertEqual(dialog.rows.count, 30)
            XCTAssertLessThanOrEqual(dialog.window.size.height, area.height)
            XCTAssertGreaterThan(dialog.scrolledWindow.maxContentHeight, 0)
            let range = dialog.scrolledWindow.verticalRange
            XCTAssertGreaterThan(range.upper, range.pageSize, "the rows scroll")
            // Continue stays visible below the scrolled rows.
            let button = try XCTUnwrap(dialog.continueButton.origin(in: dialog.window))
            XCTAssertLessThan(button.y + dialog.continueButton.allocation.height, dialog.window.allocation.height)
        }
    }

    func testHostileTextIsShownLiterally() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let markup = "<b>&amp;</b> <span foreground='red'>x</span>"
            let css = "} * { color: red; } label {"
            let content = WindowContent(
                kind: .welcome, appName: markup, sections: [ContentSection(heading: css, rows: [
                    InformationRow(title: markup, subtitle: css, iconName: "dialog-warning-symbolic"),
                ])], footnote: markup, secondaryAction: SecondaryAction(label: markup, url: "https://example.org"))
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }

            let labels = [dialog.appNameLabel, dialog.rows[0].titleLabel, try XCTUnwrap(dialog.rows[0].subtitleLabel),
                          dialog.sectionHeadings[0], try XCTUnwrap(dialog.footnoteLabel)]
            XCTAssertEqual(labels.map(\.text), [markup, markup, css, css, markup])
            XCTAssertTrue(labels.allSatisfy { !$0.usesMarkup })
            XCTAssertEqual(dialog.secondaryButton?.shownLabel, markup, "no mnemonic is read from user text")
            XCTAssertEqual(dialog.title, "Welcome to " + markup)
        }
    }

    func testVeryLongTextWrapsAndTheWindowStaysNarrow() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let long = String(repeating: "word ", count: 400) // 2,000 characters
            let unbroken = String(repeating: "x", count: 300)
            let content = WindowContent(kind: .welcome, appName: unbroken, sections: [ContentSection(rows: [
                InformationRow(title: unbroken, subtitle: long, iconName: "dialog-warning-symbolic"),
            ])])
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            settle()
            XCTAssertEqual(dialog.rows[0].subtitleLabel?.text.count, 2_000)
            let size = dialog.window.size
            XCTAssertLessThanOrEqual(size.width, 600, "long text wraps instead of widening the window")
            XCTAssertLessThanOrEqual(size.height, try XCTUnwrap(dialog.window.workArea).height)
        }
    }

    /// A 100-character one-word `SecondaryLabel` (the spec's cap) made the window 1316 px
    /// wide, wider than an 800 × 600 screen: the button's label wraps like the rows.
    func testAOneWordSecondaryLabelWrapsAndTheWindowStaysNarrow() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let word = String(repeating: "W", count: 100)
            let content = sampleContent(secondaryAction: SecondaryAction(label: word, url: "https://example.org/"))
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            settle()
            XCTAssertLessThanOrEqual(dialog.window.size.width, 600, "the label wraps instead of widening the window")
        }
    }

    func testUnparsableAccentColourIsAClearError() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            XCTAssertThrowsError(try FirstOpenDialog(content: sampleContent(accentColor: "blu"))) { error in
                XCTAssertEqual(
                    (error as? FirstOpenViewsError)?.description,
                    "accent colour: \"blu\" is not a colour (expected e.g. #1c71d8, rgb(28,113,216) or a colour name)")
            }
        }
    }

    func testUnparsableRowColourNamesTheRow() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var content = sampleContent()
            content.sections[0].rows[1].color = "#12345"
            XCTAssertThrowsError(try FirstOpenDialog(content: content)) { error in
                guard case .invalidColor(let field, let parseError) = error as? FirstOpenViewsError else {
                    return XCTFail("unexpected \(error)")
                }
                XCTAssertEqual(field, "colour of row 2 (Title 2)")
                XCTAssertEqual(parseError.text, "#12345")
            }
        }
    }
}
