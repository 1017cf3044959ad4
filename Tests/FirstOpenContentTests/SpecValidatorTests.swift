import FirstOpenContent
import XCTest
import FirstOpenTestSupport

final class SpecValidatorTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    private func problems(
        _ text: String,
        colorValidator: @escaping @Sendable (String) -> Bool = ColorSyntax.accepts
    ) throws -> [SpecProblem] {
        let path = try directory.write("car.spec", text)
        return SpecValidator(path: path, locale: "C", colorValidator: colorValidator).validate()
    }

    /// Asserts exactly one problem at `group`/`key` with `severity` whose message
    /// contains `fragment`, and returns it.
    @discardableResult
    private func assertProblem(
        _ found: [SpecProblem], _ severity: SpecProblem.Severity, _ group: String?, _ key: String?,
        _ fragment: String, file: StaticString = #filePath, line: UInt = #line
    ) -> SpecProblem? {
        let matches = found.filter { $0.group == group && $0.key == key && $0.severity == severity }
        XCTAssertEqual(matches.count, 1, "\(found)", file: file, line: line)
        guard let problem = matches.first else { return nil }
        XCTAssertTrue(problem.message.contains(fragment), problem.message, file: file, line: line)
        return problem
    }

    func testExamplesAreClean() {
        for name in ["org.example.Car.spec", "os-release.spec"] {
            XCTAssertEqual(SpecValidator(path: example(name)).validate(), [], name)
        }
    }

    func testDesktopFileValidateFormat() throws {
        let found = try problems("[First Open]\nName=Car\nVersion=1\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(
            found.first?.description,
            "\(directory.path)/car.spec: error: [First Open] AppId: missing required key")
    }

    func testMissingRequiredKeysAndGroup() throws {
        let found = try problems("[First Open]\n")
        assertProblem(found, .error, "First Open", "AppId", "missing required key")
        assertProblem(found, .error, "First Open", "Name", "missing required key")
        assertProblem(found, .error, "First Open", "Version", "missing required key (or VersionFrom or Metainfo)")
        XCTAssertEqual(found.count, 3)

        let noGroup = try problems("[Welcome 1]\nIcon=a\nTitle=b\n")
        assertProblem(noGroup, .error, "First Open", nil, "missing required group")
    }

    func testVersionProblems() throws {
        let both = try problems(minimalMain + "VersionFrom=os-release:VERSION_ID\n")
        assertProblem(both, .error, "First Open", "VersionFrom", "conflicts with Version")

        let bad = try problems("[First Open]\nAppId=org.example.A\nName=A\nVersion=1..2\n")
        let problem = assertProblem(bad, .error, "First Open", "Version", "\"1..2\" is not a version: ")
        XCTAssertTrue(
            problem?.description.hasPrefix(
                "\(directory.path)/car.spec: error: [First Open] Version: \"1..2\" is not a version: ") ?? false,
            problem?.description ?? "")

        let scheme = try problems("[First Open]\nAppId=org.example.A\nName=A\nVersionFrom=file:/x\n")
        assertProblem(scheme, .error, "First Open", "VersionFrom", "is neither os-release:KEY nor metainfo:PATH")

        let key = try problems("[First Open]\nAppId=org.example.A\nName=A\nVersionFrom=os-release:VERSION ID\n")
        assertProblem(key, .error, "First Open", "VersionFrom", "does not name an os-release key")

        let missing = try problems("[First Open]\nAppId=org.example.A\nName=A\nVersionFrom=metainfo:nope.xml\n")
        assertProblem(missing, .error, "First Open", "VersionFrom", "nope.xml")
    }

    func testAppIDProblems() throws {
        let invalid = try problems("[First Open]\nAppId=../evil/id\nName=A\nVersion=1\n")
        assertProblem(invalid, .error, "First Open", "AppId", "\"../evil/id\" is not a valid app ID")
        // The store accepts it, but it is no reverse-DNS name: a warning.
        let single = try problems("[First Open]\nAppId=car\nName=A\nVersion=1\n")
        assertProblem(single, .warning, "First Open", "AppId", "not a reverse-DNS application ID")
        XCTAssertTrue(single.allSatisfy { $0.severity == .warning })
    }

    func testPolicyAndBooleans() throws {
        let found = try problems(minimalMain + "Policy=sometimes\nCountPrereleases=maybe\nShowWhatsNew=yes\n")
        assertProblem(found, .error, "First Open", "Policy",
                      "\"sometimes\" is not a policy; expected one of major, minor, patch, any")
        assertProblem(found, .error, "First Open", "CountPrereleases", "\"maybe\" is not true or false")
        assertProblem(found, .error, "First Open", "ShowWhatsNew", "\"yes\" is not true or false")
    }

    func testUnknownKeysGroupsAndTranslations() throws {
        let found = try problems(minimalMain + """
            Colour=#fff
            AppId[de]=org.example.De
            Name[de]=Test auf Deutsch
            X-Vendor=ok

            [Welcome 1]
            Icon=a
            Title=b
            Description=c
            Icon[de]=d

            [Welcom 2]
            Icon=a

            [X-Anything]
            Key=value

            """)
        assertProblem(found, .warning, "First Open", "Colour", "unknown key")
        assertProblem(found, .warning, "First Open", "AppId[de]", "AppId is not translatable")
        assertProblem(found, .warning, "Welcome 1", "Description", "unknown key")
        assertProblem(found, .warning, "Welcome 1", "Icon[de]", "Icon is not translatable")
        assertProblem(found, .warning, "Welcom 2", nil, "unknown group")
        XCTAssertEqual(found.count, 5, "\(found)")
        XCTAssertTrue(found.allSatisfy { $0.severity == .warning })
    }

    func testRowProblems() throws {
        let found = try problems(minimalMain + """
            [Welcome 1]
            Icon=a
            Title=One

            [Welcome 2]
            Icon=a
            Subtitle=no title

            [Welcome 3]
            Title=no icon

            [Welcome 4]

            [Welcome 01]
            Icon=a
            Title=Dup

            [Welcome x]
            Icon=a
            Title=X

            [Welcome 5]
            Icon=a
            Title=

            """)
        assertProblem(found, .error, "Welcome 2", "Title", "missing required key")
        assertProblem(found, .error, "Welcome 3", "Icon", "missing required key")
        assertProblem(found, .error, "Welcome 4", nil, "empty row")
        assertProblem(found, .error, "Welcome 01", nil, "row number 1 is also used by [Welcome 1]")
        assertProblem(found, .error, "Welcome x", nil, "expected [Welcome N]")
        assertProblem(found, .error, "Welcome 5", "Title", "must not be empty")
        XCTAssertEqual(found.count, 6, "\(found)")
    }

    func testReleaseGroupProblems() throws {
        let found = try problems(minimalMain + """
            [Release 1..2 1]
            Icon=a
            Title=Bad version

            [Release 1.0]
            Icon=a
            Title=No number

            [Release 1.0 1]
            Icon=a
            Title=One

            [Release 1.0.0 1]
            Icon=a
            Title=Same version, same number

            """)
        assertProblem(found, .error, "Release 1..2 1", nil, "\"1..2\" is not a version")
        assertProblem(found, .error, "Release 1.0", nil, "expected [Release VERSION N]")
        assertProblem(found, .error, "Release 1.0.0 1", nil, "also used by [Release 1.0 1]")
        XCTAssertEqual(found.count, 3, "\(found)")
    }

    func testReleaseNotesFileProblems() throws {
        let missing = try problems(minimalMain + "ReleaseNotes=missing.metainfo.xml\n")
        assertProblem(missing, .error, "First Open", "ReleaseNotes", "missing.metainfo.xml")

        try directory.write("broken.xml", "<component>\n  <releases>\n</component>\n")
        let broken = try problems(minimalMain + "ReleaseNotes=broken.xml\n")
        assertProblem(broken, .error, "First Open", "ReleaseNotes", "\(directory.path)/broken.xml:3:")

        try directory.write("odd.xml", "<releases><release version=\"x y\"/></releases>")
        let odd = try problems(minimalMain + "ReleaseNotes=odd.xml\n")
        XCTAssertEqual(odd.map(\.message), [
            "\(directory.path)/odd.xml:1: release version \"x y\" is no version: its notes never show",
            "\(directory.path)/odd.xml: no <release> with a version: What's New never shows notes from it",
        ])
    }

    func testSecondaryActionProblems() throws {
        let labelOnly = try problems(minimalMain + "SecondaryLabel=Notes\n")
        assertProblem(labelOnly, .error, "First Open", "SecondaryURL", "SecondaryLabel needs a SecondaryURL")
        let urlOnly = try problems(minimalMain + "SecondaryURL=https://example.org\n")
        assertProblem(urlOnly, .error, "First Open", "SecondaryLabel", "SecondaryURL needs a SecondaryLabel")
        for bad in ["ftp://example.org/notes", "example.org/notes", "javascript:alert(1)"] {
            let found = try problems(minimalMain + "SecondaryLabel=Notes\nSecondaryURL=\(bad)\n")
            assertProblem(found, .error, "First Open", "SecondaryURL", "is not an http, https or file URL")
        }
        for good in ["https://example.org/notes", "HTTP://example.org", "file:///usr/share/doc/x.html"] {
            XCTAssertEqual(try problems(minimalMain + "SecondaryLabel=Notes\nSecondaryURL=\(good)\n"), [])
        }
    }

    func testColourProblemsWithGTKsParser() throws {
        // Stands in for gdk_rgba_parse, which the GTK helper passes.
        let gdkLike: @Sendable (String) -> Bool = { ["blue", "#1c71d8"].contains($0) }
        let found = try problems(minimalMain + """
            AccentColor=#1c71d8

            [Welcome 2]
            Icon=a
            Title=b
            Color=blu

            """, colorValidator: gdkLike)
        let problem = assertProblem(found, .error, "Welcome 2", "Color", "is not a colour")
        XCTAssertEqual(
            problem?.description,
            "\(directory.path)/car.spec: error: [Welcome 2] Color: \"blu\" is not a colour gdk_rgba_parse accepts")

        // The loader uses the same validator.
        let path = directory.path + "/car.spec"
        XCTAssertThrowsError(try SpecFile(path: path, colorValidator: gdkLike)) { error in
            XCTAssertEqual(error as? SpecError, .badValue(
                file: path, group: "Welcome 2", key: "Color", value: "blu",
                reason: "is not a colour gdk_rgba_parse accepts"))
        }
        XCTAssertThrowsError(try SpecFile(path: path), "the shared check refuses blu too")

        let accent = try problems(minimalMain + "AccentColor=#12345\n")
        assertProblem(accent, .error, "First Open", "AccentColor", "\"#12345\" is not a colour")
    }

    func testTheSharedColourCheckFollowsGTK() {
        // Blanks around the text are ignored and names compare without case or spaces,
        // as the window's gdk_rgba_parse does (ColorSyntaxAgreementTests checks it against GDK).
        for good in ["#fff", "#1c71d8", "#1c71d8\t", " #1c71d8 ", "#111222333", "#111122223333", "rgb(28,113,216)",
                     "rgba(28, 113, 216, 0.5)", "rgb(10%,20%,30%)", "rgb( 10 % , 20 , 30 )", "blue", "Light Blue",
                     "dark blue", "DarkSlateGray4"] {
            XCTAssertTrue(ColorSyntax.accepts(good), good)
        }
        for bad in ["", " ", "#", "#12345", "#ggg", "#1c71d8aa", "rgb(1,2)", "rgba(1,2,3)", "rgb(1,2,3", "rgb(a,b,c)",
                    "rgb(1e999,0,0)", "rgb(,,)", "rgb(inf,0,0)", "blue;", "url(x)", "blu", "transparent", "#fff;background:red", "blue\u{0}",
                    "light\tblue", "rgb(1,2,3)x", "rgb\t(1,2,3)"] {
            XCTAssertFalse(ColorSyntax.accepts(bad), bad.debugDescription)
        }
    }

    func testUnreadableFileIsOneProblem() {
        let found = SpecValidator(path: "/nonexistent/car.spec").validate()
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.severity, .error)
        XCTAssertNil(found.first?.group)
        XCTAssertNil(found.first?.key)
        XCTAssertTrue(found.first?.description.hasPrefix("/nonexistent/car.spec: error: ") ?? false)
    }

    /// Release notes that can never show, and why, each with the metainfo file and line.
    func testReleaseNotesThatCanNeverShowAreReportedWithTheirLine() throws {
        let metainfo = try directory.write("notes.metainfo.xml", """
            <component><id>org.example.Car</id>
            <releases>
              <release version="2.0"><p>Outside</p><description>Bare <p>Inside</p></description></release>
              <release version="two"><description><p>Never</p></description></release>
              <release version="1.0"><description xml:lang="fr"><p>Seulement</p></description></release>
            </releases></component>
            """)
        let found = try problems(minimalMain + "ReleaseNotes=notes.metainfo.xml\n")
        XCTAssertEqual(found.filter { $0.key == "ReleaseNotes" }.map(\.message), [
            "\(metainfo):3: <p> directly in <release> (not in <description>) is never shown",
            "\(metainfo):3: text directly in <description> (not in <p>): shown as a paragraph",
            "\(metainfo):4: release version \"two\" is no version: its notes never show",
            "\(metainfo):5: release 1.0 has a description only in fr: no untranslated notes to show",
        ])
        XCTAssertTrue(found.allSatisfy { $0.severity == .warning }, "\(found)")
    }

    func testAMetainfoFileWithoutAnyNotesAndAMissingExternalFileAreReported() throws {
        let bare = try directory.write("bare.metainfo.xml", """
            <component><id>org.example.Car</id><releases><release version="1.0"/></releases></component>
            """)
        assertProblem(try problems(minimalMain + "ReleaseNotes=bare.metainfo.xml\n"), .warning, "First Open",
                      "ReleaseNotes", "\(bare): no <release> has a <description> (for this locale)")

        _ = try directory.write("ext.metainfo.xml", """
            <component><id>org.example.Ext</id>
              <releases type="external"/></component>
            """)
        assertProblem(try problems(minimalMain + "ReleaseNotes=ext.metainfo.xml\n"), .warning, "First Open",
                      "ReleaseNotes", "ext.metainfo.xml:2: <releases type=\"external\"> but "
                          + "\(directory.path)/releases/org.example.Ext.releases.xml does not exist")
    }

    func testAMissingIconFileIsReported() throws {
        assertProblem(try problems(minimalMain + "Icon=icons/car.png\n"), .warning, "First Open", "Icon",
                      "\(directory.path)/icons/car.png does not exist; the window shows no icon")
    }
}
