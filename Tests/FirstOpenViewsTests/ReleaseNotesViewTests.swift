import FirstOpenFlow
import CGtk
import FirstOpenContent
import FirstOpenState
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

/// AppStream release notes in the window: shown as AppStream descriptions (paragraphs
/// in normal weight, bullets, numbers, italic and monospace text), under a heading and
/// date per version, whole, and read by screen readers as headings, paragraphs and lists.
final class ReleaseNotesViewTests: XCTestCase {
    private static let notes: [DescriptionBlock] = [
        .paragraph(StyledText([
            .init("A new sidebar and "), .init("much", style: .emphasis), .init(" faster "),
            .init("--route", style: .code), .init(" planning."),
        ])),
        .bulletList([StyledText(plain: "Transit routes"), StyledText(plain: "<b>Night</b> &amp; mode")]),
        .numberedList([StyledText(plain: "Open the route"), StyledText(plain: "Press Share")]),
    ]

    private static func content(sections: [ContentSection]) -> WindowContent {
        WindowContent(kind: .whatsNew, appName: "Maps", sections: sections)
    }

    func testParagraphsListsAndInlineStyles() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: Self.content(sections: [
                ContentSection(heading: "Version 3.0", date: "2024-09-16", description: Self.notes),
                ContentSection(heading: "Version 3.0~beta", date: "2024-08-05", isPrerelease: true,
                               description: [.paragraph(StyledText(plain: "Printing"))]),
            ]))
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })

            XCTAssertEqual(dialog.rows.count, 0, "release notes are no symbol-plus-title rows")
            XCTAssertEqual(dialog.sectionHeadings.map(\.text), ["Version 3.0", "Version 3.0~beta"])
            XCTAssertEqual(dialog.dateLabels.map(\.text), ["16 September 2024", "Pre-release, 5 August 2024"])
            let description = try XCTUnwrap(dialog.descriptions.first)
            let paragraph = try XCTUnwrap(description.paragraphs.first)
            XCTAssertEqual(paragraph.text, "A new sidebar and much faster --route planning.")
            XCTAssertEqual(paragraph.fontWeight, 400, "paragraphs in normal weight")
            XCTAssertEqual(dialog.sectionHeadings[0].fontWeight, 700)
            // Byte ranges of the styled runs: "much" in italic, "--route" in monospace.
            XCTAssertEqual(paragraph.styleRanges.map(\.range), [18..<22, 30..<37])
            XCTAssertEqual(paragraph.styleRanges.map(\.style), [.emphasis, .code])

            XCTAssertEqual(description.lists.map { $0.markers.map(\.text) }, [["\u{2022}", "\u{2022}"], ["1.", "2."]])
            XCTAssertEqual(description.lists[0].items.map(\.text), ["Transit routes", "<b>Night</b> &amp; mode"])
            // File text is never markup.
            XCTAssertTrue(description.texts.allSatisfy { !$0.usesMarkup })
            // Numbers line up: both markers of a list are as wide as the widest.
            let widths = Set(description.lists[1].markers.map(\.allocation.width))
            XCTAssertEqual(widths.count, 1)
        }
    }

    func testScreenReadersGetHeadingsListsAndTheWholeText() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: Self.content(sections: [
                ContentSection(heading: "Version 3.0", date: "2024-09-16", description: Self.notes),
            ]))
            defer { dialog.dismiss() }
            XCTAssertEqual(dialog.sectionHeadings.map { $0.accessibleAttributes["level"] }, ["2"])
            let lists = try XCTUnwrap(dialog.descriptions.first).lists
            XCTAssertEqual(lists.map(\.box.accessibleRole), [.list, .list])
            let items = lists[1].items.compactMap { item -> (AccessibleRole, String)? in
                guard let parent = gtk_widget_get_parent(item.widgetPointer) else { return nil }
                let accessible = gtk_widget_get_accessible(parent)
                return (AccessibleRole(atk_object_get_role(accessible)),
                        String(cString: atk_object_get_name(accessible)))
            }
            XCTAssertEqual(items.map(\.0), [.listItem, .listItem])
            XCTAssertEqual(items.map(\.1), ["Open the route", "Press Share"])
            XCTAssertTrue(lists.flatMap(\.markers).allSatisfy { $0.accessibleRole == .redundantObject })
            XCTAssertEqual(dialog.window.accessibleDescription, """
                Version 3.0.
                16 September 2024.
                A new sidebar and much faster --route planning.
                Transit routes.
                <b>Night</b> &amp; mode.
                Open the route.
                Press Share.
                """)
        }
    }

    /// Twenty versions of thirty items, some of 2,000 characters: every word is in the
    /// window (nothing cut, no "And N more"), which fits the work area and scrolls.
    func testLongNotesAreWholeAndScroll() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let long = String(repeating: "translator ", count: 180) + "end"
            let sections = (1...20).map { version in
                ContentSection(heading: "Version \(version)", date: "2024-01-\(String(format: "%02d", version))",
                               description: [.bulletList((1...30).map { StyledText(plain: $0 == 30 ? long : "Item \($0)") })])
            }
            let dialog = try FirstOpenDialog(content: Self.content(sections: sections))
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            // The rest is built after the map (from idle time, then as the view nears the
            // end); End builds it all.
            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_End)))
            XCTAssertTrue(spinMainLoop { dialog.isComplete })
            settle()
            let texts = dialog.descriptions.flatMap(\.texts)
            XCTAssertEqual(texts.count, 600)
            XCTAssertEqual(texts.filter { $0.text == long }.count, 20)
            XCTAssertNil(dialog.footnoteLabel)
            let area = try XCTUnwrap(dialog.window.workArea)
            XCTAssertLessThanOrEqual(dialog.window.size.height, area.height)
            XCTAssertLessThanOrEqual(dialog.window.size.width, 700)
            let range = dialog.scrolledWindow.verticalRange
            XCTAssertGreaterThan(range.upper, 20 * range.pageSize, "the notes scroll")
        }
    }

    /// A hostile metainfo file below the 4 MiB file cap (a 1 MB paragraph, a 1 MB word,
    /// 10,000 items) opens a window that maps at once (it took 16 s and more): each text
    /// cut with "…", the list's left-out items counted under the release.
    func testAHugeParagraphAndListMapCut() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let paragraph = String(repeating: "lorem ipsum ", count: 90_000)
            let word = String(repeating: "x", count: 1_000_000)
            let items = (1...10_000).map { "<li>item \($0)</li>" }.joined()
            let xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <component><id>org.example.Hostile</id><name>Hostile</name><releases>
                <release version="2.0" date="2024-01-01"><description>
                <p>\(paragraph)</p><p>\(word)</p><ul>\(items)</ul>
                </description></release></releases></component>
                """
            let spec = try SpecFile(metainfoData: Array(xml.utf8), name: "hostile.metainfo.xml", locale: "C")
            let content = try XCTUnwrap(spec.windowContent(kind: .whatsNew, from: try Version("1.0"), to: try Version("2.0")))
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop(timeout: 5) { dialog.window.isMapped })
            let description = try XCTUnwrap(dialog.descriptions.first)
            XCTAssertEqual(description.paragraphs.map { $0.text.unicodeScalars.count },
                           [SpecLimits.noteTextLength + 1, SpecLimits.noteTextLength + 1])
            XCTAssertTrue(description.paragraphs.allSatisfy { $0.text.hasSuffix("\u{2026}") })
            XCTAssertEqual(description.lists.first?.items.count, SpecLimits.noteListItems)
            XCTAssertEqual(dialog.body.noteLabels.map(\.text), ["And 9900 more changes"])
            XCTAssertTrue(dialog.body.noteLabels[0].isVisible)
            XCTAssertTrue(dialog.window.accessibleDescription.hasSuffix("item 100.\nAnd 9900 more changes."))
            let area = try XCTUnwrap(dialog.window.workArea)
            XCTAssertLessThanOrEqual(dialog.window.size.height, area.height)
        }
    }

    /// A long history is built in parts: before the map only what the first screen needs
    /// (the window already has its final size: the content scrolls), the rest from idle
    /// time; End reaches the last release at once, the whole text is in the window's
    /// accessible description from the start, and the first screen looks as when built
    /// whole.
    func testALongHistoryMapsWithItsFirstScreenAndEndReachesTheLastRelease() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let sections = (1...250).reversed().map { version in
                ContentSection(heading: "Version \(version)", date: "2024-01-01", description: [
                    .paragraph(StyledText(plain: "Release \(version) brings a few things worth a sentence or two.")),
                    .bulletList((1...5).map { StyledText(plain: "Item \($0) of \(version)") }),
                ])
            }
            let content = Self.content(sections: sections)
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            XCTAssertLessThan(dialog.sectionHeadings.count, 30, "only the first screen is built before the map")
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            XCTAssertTrue(dialog.scrolledWindow.scrollsVertically)
            let size = dialog.window.size
            XCTAssertTrue(dialog.window.accessibleDescription.hasSuffix("Item 5 of 1."))
            let firstScreen = dialog.sectionHeadings.count
            // Idle time builds about ten screens, then stops: the memory does not grow
            // with a history nobody scrolls through. Each chunk schedules the next from
            // idle time, so the main loop has work pending until the building stops
            // (however slow the machine).
            XCTAssertTrue(spinMainLoop(timeout: 60) { gtk_events_pending() == 0 }, "the idle building stops")
            let idle = dialog.sectionHeadings.count
            XCTAssertGreaterThan(idle, firstScreen)
            XCTAssertLessThan(idle, 100)
            settle(0.5)
            XCTAssertEqual(dialog.sectionHeadings.count, idle)
            // Scrolling near the end of what is built builds more.
            dialog.scrolledWindow.scrollToValue(dialog.scrolledWindow.verticalRange.upper)
            XCTAssertTrue(spinMainLoop(timeout: 5) { dialog.sectionHeadings.count > idle })

            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_End)))
            XCTAssertTrue(dialog.isComplete, "End builds the rest")
            settle()
            XCTAssertEqual(dialog.sectionHeadings.count, 250)
            let range = dialog.scrolledWindow.verticalRange
            XCTAssertEqual(dialog.scrolledWindow.verticalOffset, range.upper - range.pageSize, accuracy: 1)
            XCTAssertGreaterThan(range.upper, 100 * range.pageSize / 10)
            XCTAssertEqual(dialog.sectionHeadings.last?.text, "Version 1")
            XCTAssertEqual(dialog.window.size.width, size.width, "the window keeps its size")
            XCTAssertEqual(dialog.window.size.height, size.height)

            // Built whole before the map, the same content gives a window of the same size.
            let whole = try FirstOpenDialog(content: content)
            defer { whole.dismiss() }
            whole.buildMoreSections(units: Int.max)
            whole.present()
            XCTAssertTrue(spinMainLoop { whole.window.isMapped })
            XCTAssertEqual(whole.window.size.width, size.width)
            XCTAssertEqual(whole.window.size.height, size.height)
        }
    }

    /// Page Down from the top reaches the last release of a history built after the map.
    func testPageDownReachesTheLastRelease() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let sections = (1...120).reversed().map { version in
                ContentSection(heading: "Version \(version)", description: [.paragraph(StyledText(plain: "Notes \(version)"))])
            }
            let dialog = try FirstOpenDialog(content: Self.content(sections: sections))
            defer { dialog.dismiss() }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            var presses = 0
            while presses < 500, dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Page_Down)) || !dialog.isComplete {
                presses += 1
                settle(0.01)
            }
            XCTAssertTrue(dialog.isComplete)
            let range = dialog.scrolledWindow.verticalRange
            XCTAssertEqual(dialog.scrolledWindow.verticalOffset, range.upper - range.pageSize, accuracy: 1)
            XCTAssertEqual(dialog.sectionHeadings.last?.text, "Version 1")
        }
    }
}
