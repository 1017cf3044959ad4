import FirstOpenContent
import FirstOpenState
import XCTest
import FirstOpenTestSupport

/// What the window helper reads (``SpecFile/init(argument:locale:forWindow:notesAfter:)``):
/// the same window as reading the spec to decide and then its content, with each file
/// read once.
final class WindowReadTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    private func v(_ text: String) -> Version { try! Version(text) }

    /// A metainfo file of `count` releases, newest first, each with notes.
    private func writeMetainfo(_ count: Int) throws -> String {
        let releases = (1...count).reversed().map {
            "<release version=\"\($0).0\" date=\"2024-01-0\($0 % 9 + 1)\"><description><p>Release \($0), "
                + "a sentence about what changed.</p><ul><li>a</li><li>b <em>c</em></li></ul>"
                + "</description><url>https://example.org/\($0)</url></release>"
        }
        return try directory.write("org.example.Notes.metainfo.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <component type="desktop-application">
              <id>org.example.Notes</id>
              <name>Notes</name>
              <name xml:lang="de">Notizen</name>
              <releases>
            \(releases.joined(separator: "\n"))
              </releases>
            </component>
            """)
    }

    private func writeSpec() throws -> String {
        try directory.write("notes.spec", """
            [First Open]
            AppId=org.example.Notes
            Name=Notes
            Name[de]=Notizen
            VersionFrom=metainfo:org.example.Notes.metainfo.xml
            ReleaseNotes=org.example.Notes.metainfo.xml

            [Welcome 1]
            Icon=starred-symbolic
            Title=Welcome
            Subtitle=To the notes.

            [Release 400.0 1]
            Icon=weather-clear-night-symbolic
            Title=Dark style
            Subtitle=The spec's own row of the newest release.
            """)
    }

    func testTheWindowReadShowsWhatReadingToDecideAndThenTheContentShows() throws {
        let metainfo = try writeMetainfo(400)
        let spec = try writeSpec()
        for argument in [metainfo, spec] {
            for locale in ["C", "de_DE.UTF-8"] {
                for kind in [FirstOpenWindowKind.welcome, .whatsNew] {
                    for from in [nil, "399.0", "150.0", "0"] {
                        let notesAfter = from.map(v)
                        let twoSteps = try SpecFile(argument: argument, locale: locale, readingContent: false)
                            .loadingContent(for: kind, notesAfter: notesAfter)
                        let once = try SpecFile(argument: argument, locale: locale, forWindow: kind, notesAfter: notesAfter)
                        let what = "\(argument) \(locale) \(kind) from \(from ?? "nil")"
                        XCTAssertEqual(try once.currentVersion(), try twoSteps.currentVersion(), what)
                        XCTAssertEqual(once.appID, twoSteps.appID, what)
                        XCTAssertEqual(once.name, twoSteps.name, what)
                        let expected = twoSteps.windowContent(kind: kind, from: notesAfter, to: v("400.0"))
                        XCTAssertEqual(once.windowContent(kind: kind, from: notesAfter, to: v("400.0")), expected, what)
                        if argument == spec || kind == .whatsNew { XCTAssertNotNil(expected, what) }
                    }
                }
            }
        }
    }

    func testTheWindowReadFailsAsTheTwoStepsFail() throws {
        // A broken ReleaseNotes= file fails What's New, not Welcome.
        try directory.write("broken.metainfo.xml", "<component><releases><release version=\"1.0\">")
        let spec = try directory.write("broken.spec", """
            [First Open]
            AppId=org.example.Notes
            Name=Notes
            Version=1.0
            ReleaseNotes=broken.metainfo.xml

            [Welcome 1]
            Icon=starred-symbolic
            Title=Welcome
            Subtitle=To the notes.
            """)
        XCTAssertNotNil(try SpecFile(argument: spec, forWindow: .welcome).windowContent(kind: .welcome))
        let twoSteps: SpecError
        do {
            _ = try SpecFile(argument: spec, readingContent: false).loadingContent(for: .whatsNew)
            return XCTFail("the broken ReleaseNotes= file was read")
        } catch {
            twoSteps = error
        }
        XCTAssertThrowsError(try SpecFile(argument: spec, forWindow: .whatsNew)) { error in
            XCTAssertEqual("\(error)", "\(twoSteps)")
        }
    }

    /// Bytes this process has read with read(2) and the like (`/proc/self/io`, rchar).
    private func bytesRead() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try XCTUnwrap(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    func testTheWindowReadReadsTheMetainfoFileOnce() throws {
        let metainfo = try writeMetainfo(1000)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: metainfo)[.size] as? Int)
        XCTAssertGreaterThan(size, 100_000)
        let spec = try writeSpec()
        for argument in [metainfo, spec] {
            // Reading to decide and then the content read the metainfo file twice, ...
            var before = try bytesRead()
            _ = try SpecFile(argument: argument, readingContent: false).loadingContent(for: .whatsNew, notesAfter: v("0"))
            XCTAssertGreaterThanOrEqual(try bytesRead() - before, 2 * size, argument)
            // ... the window's read once (the spec file and a few locale files are small).
            before = try bytesRead()
            let spec = try SpecFile(argument: argument, forWindow: .whatsNew, notesAfter: v("0"))
            let read = try bytesRead() - before
            XCTAssertGreaterThanOrEqual(read, size, argument)
            XCTAssertLessThan(read, size + size / 2, argument)
            XCTAssertEqual(spec.releases.filter(\.hasNotes).count, 1000, argument)
        }
    }

    /// A history of `versions` (in this file order), each with notes but: every 7th an
    /// empty description, every 11th only a German paragraph, every 13th only a German
    /// description, every 17th bare text, every 19th a paragraph and a nested
    /// `<description>`, every 23rd only a nested one; `development` ones are development releases.
    private func writeHistory(_ versions: [Int], development: Set<Int> = [], name: String) throws -> String {
        let releases = versions.map { n -> String in
            let type = development.contains(n) ? " type=\"development\"" : ""
            let notes: String
            if n % 7 == 0 {
                notes = "<description/>"
            } else if n % 11 == 0 {
                notes = "<description><p xml:lang=\"de\">Nur deutsch \(n)</p></description>"
            } else if n % 13 == 0 {
                notes = "<description xml:lang=\"de\"><p>Beschreibung \(n)</p></description>"
            } else if n % 17 == 0 {
                notes = "<description>Bare text \(n)</description>"
            } else if n % 19 == 0 {
                notes = "<description><p>Before \(n)</p><description><p>Inner</p></description></description>"
            } else if n % 23 == 0 {
                notes = "<description><description><p>Only inner \(n)</p></description></description>"
            } else {
                notes = "<description><p>Release \(n) <em>changed</em> things.</p><ul><li>a \(n)</li></ul></description>"
            }
            return "<release version=\"\(n).0\"\(type) date=\"2024-01-01\">\(notes)</release>"
        }
        return try directory.write(name, """
            <?xml version="1.0" encoding="UTF-8"?>
            <component type="desktop-application">
              <id>org.example.Notes</id>
              <name>Notes</name>
              <releases>
            \(releases.joined(separator: "\n"))
              </releases>
            </component>
            """)
    }

    /// Past the first releases with notes, a long history's older notes are only checked
    /// for notes, never read: the window is the same (the same sections, the same count
    /// of releases left out in its footnote), and where the releases read would not fill
    /// the window, the file is read whole.
    func testNotesPastWhatTheWindowShowsAreOnlyCountedAndTheWindowIsTheSame() throws {
        let descending = Array((1...1000).reversed())
        var cases: [(String, String, Bool)] = [
            // (file, what, counted: whether some notes are left unread)
            (try writeHistory(descending, name: "a.metainfo.xml"), "newest first", true),
            // A newer release at the end: the older ones counted are still past the window.
            (try writeHistory(descending.dropLast(100) + [2000], name: "b.metainfo.xml"), "a newer one last", true),
            // Only development releases read before counting: the current version (400)
            // is older than all of them, so the window needs the counted ones: read whole.
            (try writeHistory(descending, development: Set(401...1000), name: "c.metainfo.xml"), "current below", false),
        ]
        // A fixed shuffle (617 is prime to 1000: i * 617 mod 1000 visits every value once),
        // so a failure is the same file at every run.
        let shuffled = (0..<1000).map { $0 * 617 % 1000 + 1 }
        cases.append((try writeHistory(shuffled, name: "d.metainfo.xml"), "shuffled", false))
        for (path, what, counted) in cases {
            for locale in ["C", "de_DE.UTF-8"] {
                for from in ["0", "100.0", "500.0", "998.0"] {
                    let notesAfter = v(from)
                    let once = try SpecFile(argument: path, locale: locale, forWindow: .whatsNew, notesAfter: notesAfter)
                    let whole = try SpecFile(argument: path, locale: locale, readingContent: false)
                        .loadingContent(for: .whatsNew, notesAfter: notesAfter)
                    let to = try whole.currentVersion()
                    XCTAssertEqual(try once.currentVersion(), to)
                    let label = "\(what) \(locale) from \(from)"
                    let expected = whole.windowContent(kind: .whatsNew, from: notesAfter, to: to)
                    XCTAssertEqual(once.windowContent(kind: .whatsNew, from: notesAfter, to: to), expected, label)
                    XCTAssertEqual(once.releases.map(\.hasNotes), whole.releases.map(\.hasNotes), label)
                    if from == "0" {
                        XCTAssertEqual(once.releases.contains { $0.hasUnreadNotes }, counted, label)
                        XCTAssertNotNil(expected?.footnote, label)
                    }
                }
            }
        }
    }

    /// A `<description>` inside a release's description is left out with what it holds,
    /// the rest kept (as appstreamcli metainfo-to-news shows it), whether the release is
    /// read or only counted: the window's footnote and `validate` count the same releases
    /// (issue 30.11: the window said 750 where validate said 749; the full reader lost the
    /// whole description at the nested one's end).
    func testANestedDescriptionIsLeftOutAndTheFootnoteAndValidateCountAlike() throws {
        let releases = (1...1000).reversed().map { n -> String in
            let notes: String
            switch n {
            case 100: notes = "<p>Before</p><description><p>Inner</p></description><ul><li>After</li></ul>"
            case 101: notes = "<description><p>Only inner</p></description>"
            default: notes = "<p>Release \(n)</p>"
            }
            return "<release version=\"\(n).0\"><description>\(notes)</description></release>"
        }
        let path = try directory.write("org.example.Notes.metainfo.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <component type="desktop-application">
              <id>org.example.Notes</id>
              <name>Notes</name>
              <releases>
            \(releases.joined(separator: "\n"))
              </releases>
            </component>
            """)
        let read = try MetainfoReleases(path: path, locale: "C")
        let hundred = try XCTUnwrap(read.releases.first { $0.versionText == "100.0" })
        XCTAssertEqual(hundred.description.flatMap(\.texts).map(\.plainText), ["Before", "After"])
        XCTAssertFalse(try XCTUnwrap(read.releases.first { $0.versionText == "101.0" }).hasNotes)
        XCTAssertEqual(read.findings.filter { $0.message == "<description> inside <description> is never shown" }.count, 2)

        // 999 releases with notes, 250 shown: 749 left out, by the window and by validate.
        let window = try SpecFile(argument: path, locale: "C", forWindow: .whatsNew, notesAfter: v("0"))
        XCTAssertTrue(window.releases.contains { $0.hasUnreadNotes }, "the old releases were only counted")
        let content = try XCTUnwrap(window.windowContent(kind: .whatsNew, from: v("0"), to: v("1000.0")))
        XCTAssertEqual(content.footnote, "And 749 more updates")
        let caps = MetainfoValidator.validate(argument: path, locale: "C").filter { $0.message.contains("footnote") }
        XCTAssertEqual(caps.count, 1)
        XCTAssertTrue(caps.first?.message.hasSuffix("counts the 749 older ones in its footnote") ?? false,
                      caps.first?.message ?? "no finding of the window's caps")
    }
}
