import FirstOpenContent
import FirstOpenState
import Foundation
import XCTest
import FirstOpenTestSupport

/// A metainfo file as the whole source of a window (no spec): id, name, icon, version
/// and notes, as GNOME Software reads them.
final class MetainfoSpecTests: XCTestCase {
    func testEverythingComesFromTheMetainfoFile() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/metainfo", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory.path + "/applications", withIntermediateDirectories: true)
        _ = try directory.write("applications/org.example.Notes.desktop",
                                "[Desktop Entry]\nType=Application\nName=Notes\nIcon=org.example.Notes\n")
        let path = try directory.write("metainfo/org.example.Notes.metainfo.xml", """
            <component type="desktop-application">
              <id>org.example.Notes.desktop</id>
              <name>Notes</name><name xml:lang="de">Notizen</name>
              <launchable type="desktop-id">org.example.Notes.desktop</launchable>
              <icon type="stock">accessories-text-editor</icon>
              <releases>
                <release version="44.alpha" type="development"><description><p>Next</p></description></release>
                <release version="43.1"><description><p>Fixes</p></description></release>
                <release version="43.0"><description><p>Features</p></description></release>
              </releases>
            </component>
            """)
        let spec = try SpecFile(metainfoPath: path, locale: "de_DE.UTF-8")
        XCTAssertEqual(spec.appID, "org.example.Notes", "a .desktop suffix on <id> is no part of the app id")
        XCTAssertEqual(spec.name, "Notizen")
        XCTAssertEqual(spec.iconName, "org.example.Notes", "the launchable desktop file's Icon= wins")
        XCTAssertEqual(try spec.currentVersion(), try Version("43.1"), "the newest stable release")
        XCTAssertEqual(spec.welcomeRows, [])
        XCTAssertNil(spec.windowContent(kind: .welcome), "a first run records silently")
        let content = try XCTUnwrap(spec.windowContent(kind: .whatsNew, from: try Version("42"), to: try Version("43.1")))
        XCTAssertEqual(content.sections.map(\.heading), ["Version 43.1", "Version 43.0"])
        XCTAssertEqual(try SpecFile(argument: path).appID, "org.example.Notes")

        // Without the desktop file: the stock icon.
        try FileManager.default.removeItem(atPath: directory.path + "/applications/org.example.Notes.desktop")
        XCTAssertEqual(try SpecFile(metainfoPath: path).iconName, "accessories-text-editor")
    }

    func testAFileThatGivesNoWindowIsOneClearError() throws {
        let directory = try TemporaryDirectory()
        let noID = try directory.write("a.metainfo.xml", "<component><releases><release version=\"1\"/></releases></component>")
        XCTAssertThrowsError(try SpecFile(metainfoPath: noID)) { error in
            XCTAssertEqual("\(error)", "\(noID): has no <id>")
        }
        let noRelease = try directory.write("b.metainfo.xml", "<component><id>org.example.B</id></component>")
        XCTAssertThrowsError(try SpecFile(metainfoPath: noRelease)) { error in
            XCTAssertTrue("\(error)".contains("has no stable <release> with a version"), "\(error)")
        }
    }

    /// The login path reads what the decision needs: notes (and the desktop file for the
    /// icon) only once a window is due.
    func testTheLoginPathLeavesNotesAndIconUnreadUntilAWindowIsDue() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("org.example.Lazy.metainfo.xml", """
            <component><id>org.example.Lazy</id><name>Lazy</name><name xml:lang="de">Faul</name>
            <icon type="stock">accessories-calculator</icon>
            <releases>
              <release version="2.0"><description><p>Two <em>new</em></p><ul><li>x</li></ul></description></release>
              <release version="1.0"><description><p>One</p></description></release>
            </releases></component>
            """)
        let lazy = try SpecFile(argument: path, readingContent: false)
        XCTAssertEqual(lazy.appID, "org.example.Lazy")
        XCTAssertEqual(try lazy.currentVersion(), try Version("2.0"))
        XCTAssertEqual(lazy.releases, [], "no notes read to decide")
        XCTAssertNil(lazy.iconName)
        let loaded = try lazy.loadingContent(for: .whatsNew)
        XCTAssertEqual(loaded.iconName, "accessories-calculator")
        // The name, untranslated to decide, is translated for the window.
        let german = try SpecFile(argument: path, locale: "de_DE.UTF-8", readingContent: false)
        XCTAssertEqual(german.name, "Lazy")
        XCTAssertEqual(try german.loadingContent(for: .whatsNew).name, "Faul")
        XCTAssertEqual(try SpecFile(argument: path, locale: "de_DE.UTF-8").name, "Faul")
        XCTAssertEqual(loaded.windowContent(kind: .whatsNew, from: try Version("1.0"), to: try Version("2.0")),
                       try SpecFile(argument: path).windowContent(kind: .whatsNew, from: try Version("1.0"),
                                                                  to: try Version("2.0")))
        // A malformed description still fails the decision: GMarkup checks what it skips.
        let broken = try directory.write("org.example.Broken.metainfo.xml", """
            <component><id>org.example.Broken</id><releases>
              <release version="1.0"><description><p>Unclosed</description></release>
            </releases></component>
            """)
        XCTAssertThrowsError(try SpecFile(argument: broken, readingContent: false))
    }
}
