import FirstOpenContent
import FirstOpenState
import XCTest

final class WhatsNewContentTests: XCTestCase {
    private func v(_ text: String) -> Version {
        // Test inputs are literals known to parse.
        try! Version(text)
    }

    private func release(_ version: String, rows count: Int, kind: ReleaseNotes.Kind = .stable,
                         url: String? = nil) -> ReleaseNotes {
        ReleaseNotes(
            version: v(version), versionText: version, kind: kind,
            rows: (0..<count).map {
                InformationRow(title: "\(version) #\($0 + 1)", subtitle: "", iconName: "x")
            },
            detailsURL: url)
    }

    func testCarWelcome() throws {
        let spec = try SpecFile(path: example("org.example.Car.spec"), locale: "C")
        let content = try XCTUnwrap(spec.windowContent(kind: .welcome))
        XCTAssertEqual(content.kind, .welcome)
        XCTAssertEqual(content.appName, "Car")
        XCTAssertEqual(content.iconName, "org.example.Car")
        XCTAssertEqual(content.accentColor, "#1c71d8")
        XCTAssertEqual(content.sections.count, 1)
        XCTAssertNil(content.sections[0].heading)
        XCTAssertEqual(content.allRows.map(\.title), ["Car", "Airplane", "Tram"])
        XCTAssertNil(content.footnote)
        XCTAssertEqual(content.secondaryAction?.url, "https://example.org/car/news")
    }

    func testSkippedVersionsNewestFirstWithHeadings() throws {
        let spec = try SpecFile(path: example("org.example.Car.spec"), locale: "C")
        let content = try XCTUnwrap(spec.windowContent(kind: .whatsNew, from: v("1.0"), to: v("1.3.0")))
        XCTAssertEqual(content.kind, .whatsNew)
        XCTAssertEqual(content.sections.map(\.heading), ["Version 1.3.0", "Version 1.2.0", "Version 1.1.0"])
        XCTAssertEqual(content.sections[0].rows.map(\.title), ["Dark style", "Tram stops"])
        XCTAssertEqual(content.sections[2].rows.count, 3)
        XCTAssertNil(content.footnote)

        // From 1.2.0: only 1.3.0, one unheaded section.
        let one = try XCTUnwrap(spec.windowContent(kind: .whatsNew, from: v("1.2.0"), to: v("1.3.0")))
        XCTAssertEqual(one.sections.count, 1)
        XCTAssertNil(one.sections[0].heading)
        XCTAssertEqual(one.allRows.map(\.title), ["Dark style", "Tram stops"])

        // Without a recorded version (a screenshot): the newest notes up to `to`.
        let current = try XCTUnwrap(spec.windowContent(kind: .whatsNew, to: v("1.2.0")))
        XCTAssertEqual(current.allRows.map(\.title), ["Flights", "Favourite places"])
    }

    func testNothingToShow() throws {
        let spec = try SpecFile(path: example("org.example.Car.spec"), locale: "C")
        XCTAssertNil(spec.windowContent(kind: .whatsNew, from: v("1.3.0"), to: v("1.3.0")))
        XCTAssertNil(spec.windowContent(kind: .whatsNew, from: v("1.3.0"), to: v("1.4")))
        XCTAssertNil(spec.windowContent(kind: .whatsNew, from: v("2.0"), to: v("1.3.0")))

        let directory = try TemporaryDirectory()
        let bare = try directory.write("bare.spec", minimalMain)
        let empty = try SpecFile(path: bare)
        XCTAssertNil(empty.windowContent(kind: .welcome))
        XCTAssertNil(empty.windowContent(kind: .whatsNew, from: v("1"), to: v("2")))
    }

    func testCapAndFootnote() {
        let history = ReleaseHistory([
            release("1.1", rows: 2), release("1.5", rows: 2), release("1.2", rows: 2),
            release("1.4", rows: 2), release("1.3", rows: 2),
        ])
        XCTAssertEqual(history.releases.map(\.versionText), ["1.5", "1.4", "1.3", "1.2", "1.1"])
        let result = try? XCTUnwrap(history.sections(from: v("1.0"), to: v("1.5")))
        XCTAssertEqual(result?.sections.map(\.heading), ["Version 1.5", "Version 1.4", "Version 1.3"])
        XCTAssertEqual(result?.footnote, "And 2 more updates")

        // The row cap stops at a whole version.
        let big = ReleaseHistory([release("3", rows: 5), release("2", rows: 5), release("1", rows: 5)])
        let capped = big.sections(from: v("0"), to: v("3"))
        XCTAssertEqual(capped?.sections.map(\.rows.count), [5, 5])
        XCTAssertEqual(capped?.footnote, "And 1 more update")

        // A single huge version is cut to the row cap.
        let huge = ReleaseHistory([release("2", rows: 20), release("1", rows: 1)])
        let cut = huge.sections(from: v("0"), to: v("2"))
        XCTAssertEqual(cut?.sections.map(\.rows.count), [ReleaseHistory.rowLimit])
        XCTAssertEqual(cut?.footnote, "And 8 more changes and 1 more update")
        XCTAssertEqual(huge.sections(from: v("1"), to: v("2"))?.footnote, "And 8 more changes")
        XCTAssertEqual(ContentStrings.english.footnote(1, 0), "And 1 more change")
    }

    func testDevelopmentReleasesOnlyForPrereleaseUsers() {
        let history = ReleaseHistory([
            release("2.0", rows: 1), release("2.0~rc1", rows: 1, kind: .development),
            release("1.9", rows: 1),
        ])
        XCTAssertEqual(history.crossed(from: v("1.0"), to: v("2.0")).map(\.versionText), ["2.0", "1.9"])
        XCTAssertEqual(
            history.crossed(from: v("1.0"), to: v("2.0~rc2")).map(\.versionText), ["2.0~rc1", "1.9"])
        XCTAssertEqual(history.crossed(from: v("1.9"), to: v("1.9.5")).map(\.versionText), [])
    }

    func testEmptyReleasesDoNotCount() {
        let history = ReleaseHistory([release("3", rows: 0), release("2", rows: 1)])
        let result = history.sections(from: v("1"), to: v("3"))
        XCTAssertEqual(result?.sections.count, 1)
        XCTAssertNil(result?.sections.first?.heading)
        XCTAssertNil(ReleaseHistory([release("3", rows: 0)]).sections(from: v("1"), to: v("3")))
    }

    func testFirstGivenWinsForTheSameVersion() {
        let history = ReleaseHistory([release("1.0", rows: 1), release("1.0.0", rows: 3)])
        XCTAssertEqual(history.releases.count, 1)
        XCTAssertEqual(history.releases[0].rows.count, 1)
    }

    func testDetailsURLBecomesTheSecondaryActionWhenTheSpecHasNone() throws {
        let directory = try TemporaryDirectory()
        try directory.write("m.xml", """
            <component><releases>
              <release version="2.0"><description><p>Two</p></description>
                <url type="details">https://example.org/2.0</url></release>
            </releases></component>
            """)
        let path = try directory.write("t.spec", minimalMain + "ReleaseNotes=m.xml\n")
        let spec = try SpecFile(path: path)
        let german = ContentStrings(
            versionHeading: { "Version \($0)" }, footnote: { _, _ in "" }, releaseNotesLabel: "Hinweise")
        let content = try XCTUnwrap(
            spec.windowContent(kind: .whatsNew, from: v("1.0"), to: v("2.0"), strings: german))
        XCTAssertEqual(content.secondaryAction, SecondaryAction(label: "Hinweise", url: "https://example.org/2.0"))
        XCTAssertNil(spec.windowContent(kind: .welcome))
    }

    func testCustomStringsForHeadings() {
        let strings = ContentStrings(
            versionHeading: { "Versión \($0)" }, footnote: { "\($0)/\($1)" }, releaseNotesLabel: "Notas")
        let history = ReleaseHistory((1...4).map { release("\($0)", rows: 1) })
        let result = history.sections(from: v("0"), to: v("4"), strings: strings)
        XCTAssertEqual(result?.sections.first?.heading, "Versión 4")
        XCTAssertEqual(result?.footnote, "0/1")
    }
}
