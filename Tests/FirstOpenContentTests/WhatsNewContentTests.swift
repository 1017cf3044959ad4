import FirstOpenContent
import FirstOpenState
import XCTest
import FirstOpenTestSupport

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
        // 1.1.0 comes from the metainfo file: its description. The spec's rows of
        // 1.3.0 and 1.2.0 take the metainfo file's dates of those versions.
        XCTAssertEqual(content.sections[2].description.flatMap(\.texts).count, 3)
        XCTAssertEqual(content.sections.map(\.date), ["2024-09-02", "2024-05-13", "2024-02-19"])
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

    func testEveryCrossedVersionWholeWithoutCapOrFootnote() {
        let history = ReleaseHistory([
            release("1.1", rows: 2), release("1.5", rows: 2), release("1.2", rows: 30),
            release("1.4", rows: 2), release("1.3", rows: 2),
        ])
        XCTAssertEqual(history.releases.map(\.versionText), ["1.5", "1.4", "1.3", "1.2", "1.1"])
        let result = try? XCTUnwrap(history.sections(from: v("1.0"), to: v("1.5")))
        XCTAssertEqual(result?.sections.map(\.heading),
                       ["Version 1.5", "Version 1.4", "Version 1.3", "Version 1.2", "Version 1.1"])
        XCTAssertEqual(result?.sections.map(\.rows.count), [2, 2, 2, 30, 2])
        XCTAssertNil(result?.footnote)
    }

    func testMetainfoNotesAreHeadedWithTheirDateEvenAlone() {
        let notes = ReleaseNotes(version: v("43.5"), versionText: "43.5", date: "2023-03-02",
                                 description: [.paragraph(StyledText(plain: "Fix few memory leaks"))])
        let result = ReleaseHistory([notes]).sections(from: v("43.4"), to: v("43.5"))
        XCTAssertEqual(result?.sections, [ContentSection(
            heading: "Version 43.5", date: "2023-03-02",
            description: [.paragraph(StyledText(plain: "Fix few memory leaks"))])])
    }

    /// GNOME Software 42.4 → 43.5, as Debian ships its metainfo: the features are in
    /// 43.0 and the development releases before it; a 42.4 user crossed them all.
    func testDevelopmentReleasesBetweenRecordAndAStableVersionAreShownMarked() {
        let history = ReleaseHistory([
            release("43.5", rows: 1), release("43.0", rows: 1),
            release("43.rc", rows: 1, kind: .development), release("43.beta", rows: 1, kind: .development),
            release("42.4", rows: 1), release("44.alpha", rows: 1, kind: .development),
        ])
        let crossed = history.sections(from: v("42.4"), to: v("43.5"))
        XCTAssertEqual(crossed?.shown.map(\.versionText), ["43.5", "43.0", "43.rc", "43.beta"])
        XCTAssertEqual(crossed?.sections.map(\.isPrerelease), [false, false, true, true])
        // A pre-release user sees the pre-releases up to theirs.
        XCTAssertEqual(history.crossed(from: v("43.0"), to: v("44.alpha")).map(\.versionText), ["44.alpha", "43.5"])
        XCTAssertEqual(history.crossed(from: v("43.5"), to: v("43.6")).map(\.versionText), [])
        // No record (a screenshot): the newest stable notes, as before.
        XCTAssertEqual(history.crossed(from: nil, to: v("43.5")).map(\.versionText), ["43.5"])
        XCTAssertEqual(history.crossed(from: nil, to: nil).map(\.versionText), ["43.5"])
    }

    /// A crossed release without notes is left out, except the current version's, which
    /// is named (with "No details for this release") when anything is shown at all.
    func testEmptyReleasesDoNotCountButTheCurrentOneIsNamed() {
        let history = ReleaseHistory([release("4", rows: 0), release("3", rows: 0), release("2", rows: 1)])
        let result = history.sections(from: v("1"), to: v("3"))
        XCTAssertEqual(result?.sections.map(\.heading), ["Version 3", "Version 2"])
        XCTAssertEqual(result?.sections.map(\.note), ["No details for this release", nil])
        let older = history.sections(from: v("1"), to: v("2"))
        XCTAssertEqual(older?.sections.count, 1)
        XCTAssertNil(older?.sections.first?.heading, "a single version of a spec's rows stays unheaded")
        XCTAssertEqual(history.crossed(from: v("1"), to: v("4")).map(\.versionText), ["4", "2"])
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
        XCTAssertEqual(result?.sections.count, 4)
    }

    /// Shaped like Metadata Cleaner 2.3.0 -> 2.4.0, whose 2.4.0 carries no description:
    /// the window names 2.4.0 ("No details for this release") above 2.3.1's notes, and
    /// "Release Notes" opens 2.4.0's page. It showed only "Version 2.3.1" and linked its page.
    func testTheCurrentVersionIsNamedEvenWithoutNotesAndLinked() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("org.example.Cleaner.metainfo.xml", """
            <component type="desktop-application"><id>org.example.Cleaner</id><name>Cleaner</name>
            <releases>
              <release version="2.4.0" date="2023-03-01"><url type="details">https://example.org/2.4.0</url></release>
              <release version="2.3.1" date="2022-12-01"><description><p>Fixes.</p></description>
                <url type="details">https://example.org/2.3.1</url></release>
              <release version="2.3.0" date="2022-11-01"><description><p>Features.</p></description></release>
            </releases></component>
            """)
        let spec = try SpecFile(metainfoPath: path, locale: "C")
        XCTAssertEqual(try spec.currentVersion(), v("2.4.0"))
        let content = try XCTUnwrap(spec.windowContent(kind: .whatsNew, from: v("2.3.0"), to: v("2.4.0")))
        XCTAssertEqual(content.sections.map(\.heading), ["Version 2.4.0", "Version 2.3.1"])
        XCTAssertEqual(content.sections.map(\.date), ["2023-03-01", "2022-12-01"])
        XCTAssertEqual(content.sections.map(\.note), ["No details for this release", nil])
        XCTAssertEqual(content.secondaryAction?.url, "https://example.org/2.4.0")
        // Without a record (a screenshot): the current version, then the newest notes.
        let current = try XCTUnwrap(spec.windowContent(kind: .whatsNew, to: v("2.4.0")))
        XCTAssertEqual(current.sections.map(\.heading), ["Version 2.4.0", "Version 2.3.1"])
        // Crossing only releases without notes still shows nothing (recorded silently).
        XCTAssertNil(spec.windowContent(kind: .whatsNew, from: v("2.3.1"), to: v("2.4.0")))
    }

    func testTheNewestPageIsLinkedWhenTheCurrentReleaseHasNone() {
        let history = ReleaseHistory([release("3.0", rows: 0), release("2.0", rows: 1, url: "https://example.org/2"),
                                      release("1.5", rows: 1, url: "https://example.org/1.5")])
        let result = history.sections(from: v("1.0"), to: v("3.0"))
        XCTAssertEqual(result?.shown.map(\.versionText), ["3.0", "2.0", "1.5"])
        XCTAssertEqual(result?.shown.lazy.compactMap(\.detailsURL).first, "https://example.org/2")
    }
}
