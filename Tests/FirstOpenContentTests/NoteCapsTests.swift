import FirstOpenContent
import FirstOpenState
import XCTest
import FirstOpenTestSupport

/// The caps on release notes (docs/spec-format.md, "Limits"): a paragraph, a list, a
/// release and a whole What's New window are cut to them with a visible note, and
/// `validate` names the file and line of every cut; below them nothing is cut.
final class NoteCapsTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    private func metainfo(_ releases: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <component type="desktop-application">
          <id>org.example.Notes</id>
          <name>Notes</name>
          <releases>
        \(releases)
          </releases>
        </component>
        """
    }

    private func v(_ text: String) -> Version { try! Version(text) }

    func testAHugeParagraphIsCutWithAnEllipsisAndReportedWithItsLine() throws {
        let huge = String(repeating: "lorem ipsum ", count: 100_000)
        let word = String(repeating: "x", count: 50_000)
        let xml = metainfo("""
            <release version="2.0"><description>
              <p>\(huge)</p>
              <ul><li>short</li><li><em>\(word)</em></li></ul>
            </description></release>
            """)
        let parsed = try MetainfoReleases(xml: xml, file: "notes.xml", locale: "C")
        let texts = try XCTUnwrap(parsed.releases.first).description.flatMap(\.texts)
        XCTAssertEqual(texts.count, 3)
        XCTAssertEqual(texts[0].plainText.unicodeScalars.count, SpecLimits.noteTextLength + 1)
        XCTAssertTrue(texts[0].plainText.hasPrefix("lorem ipsum lorem"))
        XCTAssertTrue(texts[0].plainText.hasSuffix("\u{2026}"))
        XCTAssertEqual(texts[1].plainText, "short")
        // Styles are kept up to the cut.
        XCTAssertEqual(texts[2].runs.map(\.style), [.emphasis])
        XCTAssertEqual(texts[2].plainText, String(repeating: "x", count: SpecLimits.noteTextLength) + "\u{2026}")
        XCTAssertEqual(parsed.findings.map(\.line), [7, 8])
        XCTAssertEqual(parsed.findings.map(\.message), [
            "paragraph of 1199999 characters: the window shows the first 2000 and \u{2026}",
            "list item of 50000 characters: the window shows the first 2000 and \u{2026}",
        ])
    }

    func testTextsAtTheCapAreWhole() throws {
        let exact = String(repeating: "é", count: SpecLimits.noteTextLength)
        let parsed = try MetainfoReleases(
            xml: metainfo("<release version=\"2.0\"><description><p>\(exact)</p></description></release>"),
            file: "notes.xml", locale: "C")
        XCTAssertEqual(parsed.releases.first?.description, [.paragraph(StyledText(plain: exact))])
        XCTAssertEqual(parsed.findings, [])
    }

    func testLongListsAndReleasesAreCutAndCounted() throws {
        let items = (1...150).map { "<li>item \($0)</li>" }.joined()
        let paragraphs = (1...300).map { "<p>p\($0)</p>" }.joined(separator: "\n")
        let xml = metainfo("""
            <release version="3.0"><description>
              <ul>\(items)</ul>
            </description></release>
            <release version="2.0"><description>
            \(paragraphs)
            </description></release>
            """)
        let path = try directory.write("org.example.Notes.metainfo.xml", xml)
        let parsed = try MetainfoReleases(path: path, locale: "C")
        XCTAssertEqual(parsed.releases.map(\.cutTexts), [50, 50])
        XCTAssertEqual(parsed.releases[0].description.flatMap(\.texts).count, SpecLimits.noteListItems)
        XCTAssertEqual(parsed.releases[1].description.flatMap(\.texts).last?.plainText, "p250")

        let spec = try SpecFile(metainfoPath: path, locale: "C")
        let content = try XCTUnwrap(spec.windowContent(kind: .whatsNew, from: v("1.0"), to: v("3.0")))
        XCTAssertEqual(content.sections.map(\.note), ["And 50 more changes", "And 50 more changes"])
        XCTAssertNil(content.footnote)

        let problems = MetainfoValidator.validate(argument: path, locale: "C")
        XCTAssertEqual(problems.map(\.description), [
            "\(path):7: warning: list of 150 items: the window shows the first 100 and says how many more",
            "\(path):9: warning: release 2.0 has 300 paragraphs and items (after the lists' cap): "
                + "the window shows the first 250 and says how many more",
        ])
    }

    func testAWindowShowsAtMostTheCappedReleasesAndCountsTheRest() throws {
        let releases = (1...400).reversed().map {
            "<release version=\"\($0).0\"><description><p>Release \($0)</p></description></release>"
        }
        let path = try directory.write("org.example.Notes.metainfo.xml", metainfo(releases.joined(separator: "\n")))
        let spec = try SpecFile(metainfoPath: path, locale: "C")
        let content = try XCTUnwrap(spec.windowContent(kind: .whatsNew, from: v("0.5"), to: v("400.0")))
        XCTAssertEqual(content.sections.count, SpecLimits.shownReleases)
        XCTAssertEqual(content.sections.first?.heading, "Version 400.0")
        XCTAssertEqual(content.sections.last?.heading, "Version 151.0")
        XCTAssertEqual(content.footnote, "And 150 more updates")
        XCTAssertTrue(content.sections.allSatisfy { $0.note == nil })
        // Crossing fewer releases than the cap: nothing cut, no footnote.
        let fewer = try XCTUnwrap(spec.windowContent(kind: .whatsNew, from: v("300.0"), to: v("400.0")))
        XCTAssertEqual(fewer.sections.count, 100)
        XCTAssertNil(fewer.footnote)

        let problems = MetainfoValidator.validate(argument: path, locale: "C")
        XCTAssertEqual(problems.count, 1)
        // The first release left out when every release is crossed: 150.0, on line 256.
        XCTAssertTrue(problems[0].description.hasPrefix("\(path):256: warning: the 400 releases with notes hold "
                                                            + "400 paragraphs and items"), problems[0].description)
        XCTAssertTrue(problems[0].message.hasSuffix("counts the 150 older ones in its footnote"))
    }

    func testTheWindowsTextCapCutsInsideTheReleaseThatReachesIt() throws {
        // 200 releases of 25 items (5,000 texts in all): the window's 4,000 are reached
        // inside the 160th release.
        let releases = (1...200).reversed().map { version in
            "<release version=\"\(version).0\"><description><ul>"
                + (1...25).map { "<li>\(version).\($0)</li>" }.joined() + "</ul></description></release>"
        }
        let parsed = try MetainfoReleases(xml: metainfo(releases.joined(separator: "\n")), file: "notes.xml")
        let history = ReleaseHistory(parsed.releases)
        let result = try XCTUnwrap(history.sections(from: v("0"), to: v("200.0")))
        XCTAssertEqual(result.sections.count, 160)
        XCTAssertEqual(result.sections.flatMap(\.description).flatMap(\.texts).count, SpecLimits.shownTexts)
        XCTAssertNil(result.sections[158].note)
        XCTAssertNil(result.sections[159].note, "the 160th release fits exactly")
        XCTAssertEqual(result.footnote, "And 40 more updates")
    }

    func testTheWindowsCharacterCapCountsWhatItLeavesOut() throws {
        // 200 releases of one 1,500-character paragraph: 250,000 characters hold 166 of
        // them and 1,000 characters of the 167th (its only text does not fit: left out).
        let text = String(repeating: "a", count: 1500)
        let releases = (1...200).map { ReleaseNotes(version: v("\($0).0"), versionText: "\($0).0",
                                                     description: [.paragraph(StyledText(plain: text))]) }
        let result = try XCTUnwrap(ReleaseHistory(releases).sections(from: v("0"), to: v("200.0")))
        XCTAssertEqual(result.sections.count, 166)
        XCTAssertEqual(result.footnote, "And 34 more updates")
        XCTAssertEqual(result.shown.count, 166)
    }

    func testRealSizedHistoriesAreNotCut() throws {
        // Shaped like the largest real history (93 releases, 1,394 texts, 61,069
        // characters): 100 releases of 15 items of 45 characters.
        let item = String(repeating: "b", count: 45)
        let releases = (1...100).map { ReleaseNotes(version: v("\($0).0"), versionText: "\($0).0",
                                                     description: [.bulletList(Array(repeating: StyledText(plain: item), count: 15))]) }
        let result = try XCTUnwrap(ReleaseHistory(releases).sections(from: v("0"), to: v("100.0")))
        XCTAssertEqual(result.sections.count, 100)
        XCTAssertNil(result.footnote)
        XCTAssertTrue(result.sections.allSatisfy { $0.note == nil })
    }

    /// The window of an update from a recorded version reads only the notes it can show:
    /// the releases up to that version are left unread, and the window is the same.
    func testNotesUpToTheRecordedVersionAreLeftUnreadAndTheWindowIsTheSame() throws {
        let releases = (1...300).reversed().map {
            "<release version=\"\($0).0\"><description><p>Release \($0)</p><ul><li>a</li><li>b</li></ul>"
                + "</description><url>https://example.org/\($0)</url></release>"
        }
        let path = try directory.write("org.example.Notes.metainfo.xml", metainfo(releases.joined(separator: "\n")))
        let partial = try MetainfoReleases(path: path, locale: "C", notesAfter: v("297.0"))
        XCTAssertEqual(partial.releases.count, 300)
        XCTAssertEqual(partial.releases.filter(\.hasNotes).map(\.versionText), ["300.0", "299.0", "298.0"])
        let spec = try SpecFile(metainfoPath: path, locale: "C", readingContent: false)
        for from in ["297.0", "150.0", "0.5"] {
            let whole = try spec.loadingContent(for: .whatsNew).windowContent(kind: .whatsNew, from: v(from), to: v("300.0"))
            let read = try spec.loadingContent(for: .whatsNew, notesAfter: v(from))
                .windowContent(kind: .whatsNew, from: v(from), to: v("300.0"))
            XCTAssertEqual(read, whole, from)
            XCTAssertNotNil(read)
        }
    }
}
