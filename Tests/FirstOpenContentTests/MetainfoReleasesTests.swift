import FirstOpenContent
import FirstOpenState
import XCTest

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

    func testUntranslatedRows() throws {
        let parsed = try MetainfoReleases(xml: xml, file: "test.xml", locale: "C")
        XCTAssertEqual(parsed.releases.map(\.versionText), ["2.1~beta1", "2.0", "1.0"])
        XCTAssertEqual(parsed.releases.map(\.kind), [.development, .stable, .stable])
        XCTAssertEqual(parsed.releases.map(\.date), ["2024-10-01", "2024-09-01", nil])
        XCTAssertEqual(parsed.ignoredVersions, ["not a version!", ""])
        let rows = parsed.releases[1].rows
        XCTAssertEqual(rows, [
            InformationRow(title: "Intro text.", subtitle: "", iconName: MetainfoReleases.paragraphIconName),
            InformationRow(title: "First item", subtitle: "", iconName: MetainfoReleases.itemIconName),
            InformationRow(title: "Second & <last>", subtitle: "", iconName: MetainfoReleases.itemIconName),
        ])
        XCTAssertEqual(parsed.releases[1].detailsURL, "https://example.org/2.0")
        // Only a French description: nothing for a reader of the untranslated text.
        XCTAssertEqual(parsed.releases[2].rows, [])
        XCTAssertEqual(parsed.newest?.versionText, "2.1~beta1")
    }

    func testTranslationsPickTheBestVariant() throws {
        let german = try MetainfoReleases(xml: xml, file: "test.xml", locale: "de_DE.UTF-8")
        XCTAssertEqual(german.releases[1].rows.map(\.title), ["Einleitung.", "Erster Punkt", "Second & <last>"])
        let austrian = try MetainfoReleases(xml: xml, file: "test.xml", locale: "de_AT")
        XCTAssertEqual(austrian.releases[1].rows.first?.title, "Einleitung (AT).")
        let french = try MetainfoReleases(xml: xml, file: "test.xml", locale: "fr_FR")
        XCTAssertEqual(french.releases[1].rows.first?.title, "Intro text.")
        XCTAssertEqual(french.releases[2].rows.map(\.title), ["Seulement en français"])
    }

    func testBCP47LanguageTagsMatchPOSIXLocales() throws {
        let parsed = try MetainfoReleases(
            xml: """
                <releases><release version="1"><description>
                  <p>Hello</p><p xml:lang="pt">Olá</p><p xml:lang="pt-BR">Oi</p>
                </description></release></releases>
                """,
            file: "x.xml", locale: "pt_BR.UTF-8")
        XCTAssertEqual(parsed.releases.first?.rows.map(\.title), ["Oi"])
    }

    func testTheExampleFile() throws {
        let parsed = try MetainfoReleases(path: example("org.example.Car.metainfo.xml"), locale: "de")
        XCTAssertEqual(parsed.releases.map(\.versionText), ["1.3.0", "1.2.0", "1.1.0"])
        XCTAssertEqual(parsed.releases[0].rows.map(\.title), [
            "Eine Version für die abendliche Fahrt:",
            "Auto folgt dem dunklen Stil des Systems",
            "Routen zeigen Straßenbahnhaltestellen",
        ])
        XCTAssertEqual(parsed.releases[0].detailsURL, "https://example.org/car/news/1.3.0")
    }

    func testExternalReleasesAreIgnored() throws {
        let parsed = try MetainfoReleases(
            xml: "<component><releases type=\"external\"><release version=\"9\"/></releases></component>",
            file: "x.xml")
        XCTAssertEqual(parsed.releases, [])
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
        XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: nil))
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
}
