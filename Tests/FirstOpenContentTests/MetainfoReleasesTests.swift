import FirstOpenContent
import FirstOpenState
import Foundation
import XCTest
import FirstOpenTestSupport

final class MetainfoReleasesTests: XCTestCase {
    private let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <component type="desktop-application">
          <id>org.example.Test</id>
          <description><p>The app's own description is not a release note.</p></description>
          <releases>
            <release version="2.1~beta1" date="2024-10-01" type="development">
              <description><p>Beta things</p></description>
            </release>
            <release version="2.0" date="2024-09-01">
              <description>
                <p>Intro
                   text.</p>
                <p xml:lang="de">Einleitung.</p>
                <p xml:lang="de_AT">Einleitung (AT).</p>
                <ul>
                  <li>First <code>item</code></li>
                  <li xml:lang="de">Erster Punkt</li>
                  <li>Second &amp; &lt;last&gt;</li>
                </ul>
              </description>
              <url>https://example.org/2.0</url>
              <issues><issue>CVE-2024-0001</issue></issues>
            </release>
            <release version="1.0" timestamp="1600000000">
              <description xml:lang="fr"><p>Seulement en français</p></description>
            </release>
            <release version="not a version!"><description><p>x</p></description></release>
            <release><description><p>no version</p></description></release>
          </releases>
        </component>
        """

    /// The plain texts of a release's description, paragraphs and items in order.
    private func texts(_ release: ReleaseNotes?) -> [String] {
        release?.description.flatMap(\.texts).map(\.plainText) ?? []
    }

    func testUntranslatedDescription() throws {
        let parsed = try MetainfoReleases(xml: xml, file: "test.xml", locale: "C")
        XCTAssertEqual(parsed.componentID, "org.example.Test")
        XCTAssertEqual(parsed.releases.map(\.versionText), ["2.1~beta1", "2.0", "1.0"])
        XCTAssertEqual(parsed.releases.map(\.kind), [.development, .stable, .stable])
        // A timestamp (seconds since 1970, UTC) is read as the date when there is none.
        XCTAssertEqual(parsed.releases.map(\.date), ["2024-10-01", "2024-09-01", "2020-09-13"])
        XCTAssertEqual(parsed.ignoredVersions, ["not a version!", ""])
        XCTAssertEqual(parsed.releases[1].rows, [])
        XCTAssertEqual(parsed.releases[1].description, [
            .paragraph(StyledText(plain: "Intro text.")),
            .bulletList([
                StyledText([.init("First "), .init("item", style: .code)]),
                StyledText(plain: "Second & <last>"),
            ]),
        ])
        XCTAssertEqual(parsed.releases[1].detailsURL, "https://example.org/2.0")
        // Only a French description: nothing for a reader of the untranslated text.
        XCTAssertEqual(parsed.releases[2].description, [])
        XCTAssertFalse(parsed.releases[2].hasNotes)
        XCTAssertEqual(parsed.newest?.versionText, "2.1~beta1")
        XCTAssertEqual(parsed.newestStable?.versionText, "2.0")
    }

    func testTranslationsPickTheBestVariant() throws {
        let german = try MetainfoReleases(xml: xml, file: "test.xml", locale: "de_DE.UTF-8")
        XCTAssertEqual(texts(german.releases[1]), ["Einleitung.", "Erster Punkt", "Second & <last>"])
        let austrian = try MetainfoReleases(xml: xml, file: "test.xml", locale: "de_AT")
        XCTAssertEqual(texts(austrian.releases[1]).first, "Einleitung (AT).")
        let french = try MetainfoReleases(xml: xml, file: "test.xml", locale: "fr_FR")
        XCTAssertEqual(texts(french.releases[1]).first, "Intro text.")
        XCTAssertEqual(texts(french.releases[2]), ["Seulement en français"])
    }

    func testBCP47LanguageTagsMatchPOSIXLocales() throws {
        let parsed = try MetainfoReleases(
            xml: """
                <releases><release version="1"><description>
                  <p>Hello</p><p xml:lang="pt">Olá</p><p xml:lang="pt-BR">Oi</p>
                </description></release></releases>
                """,
            file: "x.xml", locale: "pt_BR.UTF-8")
        XCTAssertEqual(texts(parsed.releases.first), ["Oi"])
    }

    func testTheExampleFile() throws {
        let parsed = try MetainfoReleases(path: example("org.example.Car.metainfo.xml"), locale: "de")
        XCTAssertEqual(parsed.releases.map(\.versionText), ["1.3.0", "1.2.0", "1.1.0"])
        XCTAssertEqual(texts(parsed.releases[0]), [
            "Eine Version für die abendliche Fahrt:",
            "Auto folgt dem dunklen Stil des Systems",
            "Routen zeigen Straßenbahnhaltestellen",
        ])
        XCTAssertEqual(parsed.releases[0].detailsURL, "https://example.org/car/news/1.3.0")
        guard case let .numberedList(items) = parsed.releases[2].description.last else {
            return XCTFail("1.1.0 ends with its <ol>: \(parsed.releases[2].description)")
        }
        XCTAssertEqual(items.first, StyledText([.init("Routen meiden "), .init("gesperrte", style: .emphasis),
                                                .init(" Straßen")]))
    }

    /// What real files hold (Debian 12's metainfo files): every construct of AppStream's
    /// description markup, and the oddities the campaign found, kept whole.
    func testDescriptionMarkupAsAppStreamDefinesIt() throws {
        let long = String(repeating: "A very long translator credit line. ", count: 40)
        let parsed = try MetainfoReleases(xml: """
            <component><id>org.example.Notes</id><releases>
              <release version="43.0" date="2022-09-16">
                <description>
                  <p>Plain, <em>emphasised</em> and <code>&lt;code&gt;</code> &amp; more.</p>
                  <ol><li>One</li><li>Two <em>and <code>three</code></em></li></ol>
                  <ul><li>Bullet</li></ul>
                  <ul><li>Second list</li></ul>
                  <p>Text before <ul><li>inner item</li></ul> and after.</p>
                  Bare text, as some files have.
                  <p>\(long)</p>
                </description>
                <p>Outside the description</p>
              </release>
            </releases></component>
            """, file: "notes.xml", locale: "C")
        let description = try XCTUnwrap(parsed.releases.first).description
        XCTAssertEqual(description, [
            .paragraph(StyledText([
                .init("Plain, "), .init("emphasised", style: .emphasis), .init(" and "),
                .init("<code>", style: .code), .init(" & more."),
            ])),
            .numberedList([
                StyledText(plain: "One"),
                StyledText([.init("Two "), .init("and ", style: .emphasis), .init("three", style: .code)]),
            ]),
            .bulletList([StyledText(plain: "Bullet")]),
            .bulletList([StyledText(plain: "Second list")]),
            .paragraph(StyledText(plain: "Text before")),
            .bulletList([StyledText(plain: "inner item")]),
            .paragraph(StyledText(plain: "and after.")),
            .paragraph(StyledText(plain: "Bare text, as some files have.")),
            // Never cut: the file's size cap is the only limit.
            .paragraph(StyledText(plain: String(long.dropLast()))),
        ])
        XCTAssertEqual(parsed.findings.map(\.message), [
            "text directly in <description> (not in <p>): shown as a paragraph",
            "<p> directly in <release> (not in <description>) is never shown",
        ])
        XCTAssertEqual(parsed.findings.map(\.line), [9, 12])
    }

    func testExternalReleasesAreReadFromTheReleasesDirectory() throws {
        let directory = try TemporaryDirectory()
        let metainfo = try directory.write("org.example.Ext.metainfo.xml", """
            <component>
              <id>org.example.Ext</id>
              <releases type="external"/>
            </component>
            """)
        // Without the file: no notes, and a finding that says where it was looked for.
        let missing = try MetainfoReleases(path: metainfo)
        XCTAssertTrue(missing.hasExternalReleases)
        XCTAssertEqual(missing.releases, [])
        XCTAssertEqual(missing.externalReleasesFile, directory.path + "/releases/org.example.Ext.releases.xml")
        XCTAssertEqual(missing.findings.map(\.line), [3])
        XCTAssertTrue(missing.findings.first?.message.contains("releases/org.example.Ext.releases.xml does not exist") ?? false,
                      "\(missing.findings)")

        try FileManager.default.createDirectory(atPath: directory.path + "/releases", withIntermediateDirectories: true)
        _ = try directory.write("releases/org.example.Ext.releases.xml", """
            <releases>
              <release version="2.0" date="2024-01-02"><description><p>From the external file</p></description></release>
            </releases>
            """)
        let parsed = try MetainfoReleases(path: metainfo)
        XCTAssertEqual(parsed.releases.map(\.versionText), ["2.0"])
        XCTAssertEqual(texts(parsed.releases.first), ["From the external file"])
        XCTAssertEqual(parsed.findings, [])

        // From text there is no directory: nothing is read, nothing is fetched.
        let inMemory = try MetainfoReleases(
            xml: "<component><id>a.b</id><releases type=\"external\" url=\"https://example.org/r.xml\"/></component>",
            file: "x.xml")
        XCTAssertEqual(inMemory.releases, [])
    }

    func testAStandaloneReleasesFileIsRead() throws {
        let parsed = try MetainfoReleases(
            xml: "<releases><release version=\"3\"><description><p>Three</p></description></release></releases>",
            file: "x.releases.xml")
        XCTAssertEqual(parsed.releases.map(\.versionText), ["3"])
    }

    func testMalformedXMLNamesFileAndLine() {
        let broken = "<component>\n<releases>\n<release version=\"1\">\n</releases>\n</component>\n"
        XCTAssertThrowsError(try MetainfoReleases(xml: broken, file: "car.xml")) { error in
            guard case let .metainfo(file, line, column, reason)? = error as? SpecError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, "car.xml")
            XCTAssertEqual(line, 4)
            XCTAssertNotNil(column)
            XCTAssertFalse(reason.hasPrefix("Error on line"), reason)
            XCTAssertTrue("\(error)".hasPrefix("car.xml:4:"), "\(error)")
        }
    }

    func testUnknownEntityIsAnError() {
        XCTAssertThrowsError(try MetainfoReleases(xml: "<releases>&nbsp;</releases>", file: "e.xml")) { error in
            guard case .metainfo? = error as? SpecError else { return XCTFail("unexpected \(error)") }
        }
    }

    func testEmptyBinaryAndMissingFilesAreErrors() throws {
        let directory = try TemporaryDirectory()
        let empty = try directory.write("empty.xml", "")
        let binary = try directory.write("binary.xml", Data([0x3C, 0xFF, 0xFE, 0x00, 0x80, 0x3E, 0x0A, 0xC3]))
        for path in [empty, binary, directory.path + "/missing.xml", directory.path] {
            XCTAssertThrowsError(try MetainfoReleases(path: path), path) { error in
                guard case let .metainfo(file, _, _, reason)? = error as? SpecError else {
                    return XCTFail("unexpected \(error)")
                }
                XCTAssertEqual(file, path)
                XCTAssertFalse(reason.isEmpty)
                XCTAssertFalse("\(error)".contains("\n"))
            }
        }
    }

    func testDevicesFIFOsAndHugeFilesAreRefusedWithoutReading() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path + "/notes.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let huge = directory.path + "/huge.xml"
        XCTAssertTrue(((try? Data().write(to: URL(fileURLWithPath: huge))) != nil))
        XCTAssertEqual(truncate(huge, 5 * 1024 * 1024), 0)
        // /dev/zero would never end and a FIFO without a writer would block forever.
        for (path, expected) in [("/dev/zero", "not a regular file"), (fifo, "not a regular file"), (huge, "larger than")] {
            XCTAssertThrowsError(try MetainfoReleases(path: path), path) { error in
                guard case let .metainfo(_, _, _, reason)? = error as? SpecError else {
                    return XCTFail("unexpected \(error)")
                }
                XCTAssertTrue(reason.contains(expected), reason)
            }
        }
    }

    func testDetailsURLsThatCouldRunSomethingAreDropped() throws {
        let releases = try MetainfoReleases(xml: """
            <component><releases>
              <release version="2.0"><description><p>Web</p></description>
                <url type="details">https://example.org/2.0</url></release>
              <release version="1.0"><description><p>Script</p></description>
                <url type="details">javascript:alert(1)</url></release>
            </releases></component>
            """, file: "test.xml")
        let byVersion = Dictionary(uniqueKeysWithValues: releases.releases.map { ($0.versionText, $0.detailsURL) })
        XCTAssertEqual(byVersion["2.0"], "https://example.org/2.0")
        XCTAssertEqual(byVersion["1.0"], .some(nil))
    }

    /// The reader, `validate` and every command agree: ESC and BEL in a `<name>` (raw or
    /// as `&#27;`) and a NUL anywhere are errors naming the line (XML 1.0 allows none of
    /// them; a spec's `Name=` refuses control characters too); a UTF-8 byte order mark
    /// before `<?xml` is valid XML and read. Before, the first two passed `validate` and
    /// reached the window title raw, the NUL cut a paragraph silently, the BOM was refused.
    func testControlCharactersNULAndTheBOMGetOneVerdict() throws {
        let directory = try TemporaryDirectory()
        func file(name: String, paragraph: String, prefix: [UInt8] = []) throws -> String {
            let xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <component type="desktop-application">
                  <id>org.example.Odd</id>
                  <name>\(name)</name>
                  <releases><release version="2.0"><description><p>\(paragraph)</p></description></release></releases>
                </component>
                """
            return try directory.write("org.example.Odd.metainfo.xml", Data(prefix + Array(xml.utf8)))
        }
        let refused: [(name: String, paragraph: String, message: String)] = [
            ("Odd\u{1b}[31m\u{7}", "ok", ":4:12: error: the control character \\u{1b} is not allowed in XML"),
            ("Odd&#7;", "ok", ":4:10: error: <name> \"Odd\\u{7}\" contains a control character (\\u{7}); names must be plain text"),
            ("Odd", "before\u{0}after", ":5:58: error: the control character \\u{0} is not allowed in XML"),
        ]
        for (name, paragraph, message) in refused {
            let path = try file(name: name, paragraph: paragraph)
            XCTAssertThrowsError(try MetainfoReleases(path: path, locale: "C"), message)
            XCTAssertThrowsError(try SpecFile(metainfoPath: path, locale: "C", readingContent: false), message)
            XCTAssertEqual(MetainfoValidator.validate(argument: path, locale: "C").map(\.description), [path + message])
        }
        let bom = try file(name: "Odd", paragraph: "ok", prefix: [0xEF, 0xBB, 0xBF])
        let parsed = try MetainfoReleases(path: bom, locale: "C")
        XCTAssertEqual(parsed.name, "Odd")
        XCTAssertEqual(parsed.releases.first?.description, [.paragraph(StyledText(plain: "ok"))])
        XCTAssertEqual(MetainfoValidator.validate(argument: bom, locale: "C"), [])
    }
}
