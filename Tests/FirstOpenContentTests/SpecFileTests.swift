import FirstOpenContent
import FirstOpenState
import XCTest
import FirstOpenTestSupport

final class SpecFileTests: XCTestCase {
    func testLoadsTheCarExample() throws {
        let spec = try SpecFile(path: example("org.example.Car.spec"), locale: "C")
        XCTAssertEqual(spec.appID, "org.example.Car")
        XCTAssertEqual(spec.name, "Car")
        XCTAssertEqual(spec.iconName, "org.example.Car")
        XCTAssertEqual(spec.accentColor, "#1c71d8")
        XCTAssertEqual(spec.versionSource, .literal("1.3.0"))
        XCTAssertEqual(spec.policy.change, .minor)
        XCTAssertFalse(spec.policy.countsPrereleases)
        XCTAssertTrue(spec.showsWhatsNew)
        XCTAssertEqual(spec.welcomeRows.map(\.title), ["Car", "Airplane", "Tram"])
        XCTAssertEqual(
            spec.welcomeRows.map(\.iconName),
            ["starred-symbolic", "airplane-mode-symbolic", "mark-location-symbolic"])
        XCTAssertEqual(
            spec.welcomeRows[0].subtitle,
            "A car (or automobile) is a wheeled motor vehicle used for transportation.")
        XCTAssertEqual(
            spec.secondaryAction,
            SecondaryAction(label: "Release Notes", url: "https://example.org/car/news"))
        // Relative ReleaseNotes= is resolved against the spec's directory.
        XCTAssertEqual(spec.releaseNotesPath, example("org.example.Car.metainfo.xml"))
        // Spec groups (1.3.0, 1.2.0) win over the metainfo file; 1.1.0 comes from it.
        XCTAssertEqual(spec.releases.map(\.versionText), ["1.3.0", "1.2.0", "1.1.0"])
        XCTAssertEqual(spec.releases[0].rows.map(\.title), ["Dark style", "Tram stops"])
        XCTAssertEqual(spec.releases[1].rows.map(\.title), ["Flights", "Favourite places"])
        XCTAssertEqual(spec.releases[1].rows[0].color, "#e66100")
        XCTAssertEqual(spec.releases[2].description.flatMap(\.texts).map(\.plainText), [
            "Faster route planning.",
            "Routes avoid closed roads",
            "Fuel prices & charging stations on the map",
        ])
        XCTAssertEqual(try spec.currentVersion(), try Version("1.3.0"))
    }

    func testLoadsTheOSReleaseExample() throws {
        let spec = try SpecFile(path: example("os-release.spec"), locale: "C")
        XCTAssertEqual(spec.appID, "org.debian.Desktop")
        XCTAssertEqual(spec.name, "Debian")
        XCTAssertEqual(spec.versionSource, .osRelease(key: "VERSION_ID"))
        XCTAssertEqual(spec.policy.change, .major)
        XCTAssertEqual(spec.welcomeRows.count, 3)
        XCTAssertEqual(spec.releases.map(\.versionText), ["13", "12"])
        let directory = try TemporaryDirectory()
        let osRelease = try directory.write("os-release", "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"13\"\n")
        XCTAssertEqual(try spec.currentVersion(osReleasePath: osRelease), try Version("13"))

        let content = try XCTUnwrap(
            spec.windowContent(kind: .whatsNew, from: try Version("12"), to: try Version("13")))
        XCTAssertEqual(content.appName, "Debian")
        XCTAssertEqual(content.sections.count, 1)
        XCTAssertNil(content.sections[0].heading)
        XCTAssertEqual(content.allRows.map(\.title), ["A refreshed desktop", "Hardened by default"])
    }

    func testGermanLocaleFallsBackToTheLanguage() throws {
        let spec = try SpecFile(path: example("org.example.Car.spec"), locale: "de_DE.UTF-8")
        XCTAssertEqual(spec.welcomeRows.map(\.title), ["Auto", "Flugzeug", "Straßenbahn"])
        XCTAssertEqual(spec.secondaryAction?.label, "Versionshinweise")
        // The untranslated Name stays.
        XCTAssertEqual(spec.name, "Car")
        // Metainfo releases are translated for the same locale.
        XCTAssertEqual(spec.releases[2].description.flatMap(\.texts).map(\.plainText), [
            "Schnellere Routenplanung.",
            "Routen meiden gesperrte Straßen",
            "Fuel prices & charging stations on the map",
        ])

        let euro = try SpecFile(path: example("org.example.Car.spec"), locale: "de_AT@euro")
        XCTAssertEqual(euro.welcomeRows.first?.title, "Auto")
    }

    func testUntranslatedLocaleGetsTheOriginalText() throws {
        let spec = try SpecFile(path: example("org.example.Car.spec"), locale: "fr")
        XCTAssertEqual(spec.welcomeRows.map(\.title), ["Car", "Airplane", "Tram"])
        XCTAssertEqual(spec.secondaryAction?.label, "Release Notes")
    }

    func testMostSpecificTranslationWins() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("t.spec", minimalMain + """
            [Welcome 1]
            Icon=a
            Title=Colour
            Title[en]=Color
            Title[en_GB]=Colour (GB)

            """)
        XCTAssertEqual(try SpecFile(path: path, locale: "en_GB.UTF-8").welcomeRows[0].title, "Colour (GB)")
        XCTAssertEqual(try SpecFile(path: path, locale: "en_US").welcomeRows[0].title, "Color")
        XCTAssertEqual(try SpecFile(path: path, locale: "C").welcomeRows[0].title, "Colour")
    }

    func testRequiredKeysMustExistUntranslated() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("t.spec", """
            [First Open]
            AppId=org.example.Test
            Name[de]=Auto
            Version=1

            """)
        for locale in ["de", "C"] {
            XCTAssertThrowsError(try SpecFile(path: path, locale: locale)) { error in
                XCTAssertEqual(error as? SpecError, .missingKey(file: path, group: "First Open", key: "Name"))
            }
        }
    }

    /// The login path (`readingContent: false`) reads Name and SecondaryLabel untranslated;
    /// the window's content has them translated and checked, as an eager load does.
    func testDeferredContentTranslatesNameAndSecondaryLabel() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("t.spec", """
            [First Open]
            AppId=org.example.Test
            Name=Car
            Name[de]=Auto
            Version=1
            SecondaryLabel=Release Notes
            SecondaryLabel[de]=Versionshinweise
            SecondaryURL=https://example.org/notes

            [Welcome 1]
            Icon=a
            Title=Fast

            """)
        let deferred = try SpecFile(path: path, locale: "de_DE.UTF-8", readingContent: false)
        XCTAssertEqual(deferred.name, "Car")
        let loaded = try deferred.loadingContent(for: .welcome)
        let eager = try SpecFile(path: path, locale: "de_DE.UTF-8")
        XCTAssertEqual(loaded.name, "Auto")
        XCTAssertEqual(loaded.secondaryAction, SecondaryAction(label: "Versionshinweise", url: "https://example.org/notes"))
        XCTAssertEqual(loaded.name, eager.name)
        XCTAssertEqual(loaded.secondaryAction, eager.secondaryAction)

        // A blank translation fails when the window's content is read (the rows' rule),
        // with the error an eager load gives.
        let blank = try directory.write("blank.spec", """
            [First Open]
            AppId=org.example.Test
            Name=Car
            Name[de]=
            Version=1

            """)
        let blankDeferred = try SpecFile(path: blank, locale: "de", readingContent: false)
        var deferredError: SpecError?
        XCTAssertThrowsError(try blankDeferred.loadingContent(for: .welcome)) { deferredError = $0 as? SpecError }
        XCTAssertThrowsError(try SpecFile(path: blank, locale: "de")) { error in
            XCTAssertEqual(error as? SpecError, deferredError)
        }
        XCTAssertEqual(try SpecFile(path: blank, locale: "fr").name, "Car")
    }

    func testWelcomeRowsFollowTheirNumbersNotTheFileOrder() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("t.spec", minimalMain + """
            [Welcome 10]
            Icon=a
            Title=Ten
            [Welcome 2]
            Icon=b
            Title=Two
            Subtitle=Second
            Color=rgb(255,0,0)
            [Release 2.0 3]
            Icon=c
            Title=Three
            [Release 2.0 1]
            Icon=d
            Title=One

            """)
        let spec = try SpecFile(path: path, locale: "C")
        XCTAssertEqual(spec.welcomeRows, [
            InformationRow(title: "Two", subtitle: "Second", iconName: "b", color: "rgb(255,0,0)"),
            InformationRow(title: "Ten", subtitle: "", iconName: "a"),
        ])
        XCTAssertEqual(spec.releases.first?.rows.map(\.title), ["One", "Three"])
        XCTAssertEqual(spec.accentColor, WindowContent.defaultAccentColor)
        XCTAssertEqual(spec.policy, UpdatePolicy())
        XCTAssertNil(spec.iconName)
        XCTAssertNil(spec.secondaryAction)
    }

    func testHostileTextIsKeptVerbatim() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("t.spec", """
            [First Open]
            AppId=org.example.Test
            Name=<span foreground="red">Evil</span>
            Version=1

            [Welcome 1]
            Icon=a
            Title=<b>&amp;</b>
            Subtitle=%s %n ${HOME} \\\\ \\n next line

            """)
        let spec = try SpecFile(path: path, locale: "C")
        XCTAssertEqual(spec.name, "<span foreground=\"red\">Evil</span>")
        XCTAssertEqual(spec.welcomeRows[0].title, "<b>&amp;</b>")
        // Keyfile escapes (\\ and \n) are the format's own; nothing else is interpreted.
        XCTAssertEqual(spec.welcomeRows[0].subtitle, "%s %n ${HOME} \\ \n next line")
        let content = try XCTUnwrap(spec.windowContent(kind: .welcome))
        XCTAssertEqual(content.allRows[0].title, "<b>&amp;</b>")
        XCTAssertEqual(content.appName, "<span foreground=\"red\">Evil</span>")
    }

    func testRelativeIconPathsResolveAgainstTheSpecDirectory() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("t.spec", """
            [First Open]
            AppId=org.example.Test
            Name=Test
            Icon=icons/../icons/app.png
            Version=1

            [Welcome 1]
            Icon=./row.svg
            Title=Row

            [Welcome 2]
            Icon=/usr/share/pixmaps/x.png
            Title=Absolute

            """)
        let spec = try SpecFile(path: path, locale: "C")
        XCTAssertEqual(spec.iconName, directory.path + "/icons/app.png")
        XCTAssertEqual(spec.welcomeRows.map(\.iconName), [directory.path + "/row.svg", "/usr/share/pixmaps/x.png"])
    }

    func testExtensionKeys() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("t.spec", """
            [First Open]
            AppId=org.example.Test
            Name=Test
            Version=2.0
            Policy=patch
            CountPrereleases=true
            ShowWhatsNew=false
            X-Vendor-Thing=anything

            [X-Vendor]
            Whatever=1

            [Release 2.0 1]
            Icon=a
            Title=New

            """)
        let spec = try SpecFile(path: path, locale: "C")
        XCTAssertEqual(spec.policy, UpdatePolicy(change: .patch, countsPrereleases: true))
        XCTAssertFalse(spec.showsWhatsNew)
        XCTAssertNil(spec.windowContent(kind: .whatsNew, from: try Version("1.0"), to: try Version("2.0")))
        XCTAssertEqual(SpecValidator(path: path, locale: "C").validate(), [])
    }

    // MARK: Broken files

    func testMissingFileIsUnreadable() {
        let path = "/nonexistent/first-open/x.spec"
        XCTAssertThrowsError(try SpecFile(path: path)) { error in
            guard case let .unreadable(file, _)? = error as? SpecError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, path)
            XCTAssertTrue("\(error)".hasPrefix(path + ": "), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }

    func testDirectoryIsAnErrorNotACrash() throws {
        let directory = try TemporaryDirectory()
        XCTAssertThrowsError(try SpecFile(path: directory.path)) { error in
            // The checked read refuses it before any parser sees it.
            guard case .unreadable(directory.path, let reason)? = error as? SpecError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertTrue(reason.contains("not a regular file"), reason)
        }
    }

    func testBinaryGarbageIsNotAKeyFile() throws {
        let directory = try TemporaryDirectory()
        // An ELF-like start, then pseudo-random bytes without line breaks.
        var bytes = Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00])
        var state: UInt32 = 12345
        for _ in 0..<4096 {
            state = state &* 1_103_515_245 &+ 12345
            let byte = UInt8(truncatingIfNeeded: state >> 16)
            bytes.append(byte == 0x0A ? 0 : byte)
        }
        let path = try directory.write("garbage.spec", bytes)
        XCTAssertThrowsError(try SpecFile(path: path)) { error in
            guard case let .notKeyFile(file, reason)? = error as? SpecError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, path)
            XCTAssertFalse(reason.isEmpty)
            XCTAssertFalse("\(error)".contains("\n"))
            // GLib quotes the offending "line"; a binary file's is cut short.
            XCTAssertLessThan(reason.count, 400, reason)
        }
        let problems = SpecValidator(path: path).validate()
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems.first?.severity, .error)
        XCTAssertNil(problems.first?.group)
    }

    func testEmptyFileLacksTheMainGroup() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("empty.spec", "")
        XCTAssertThrowsError(try SpecFile(path: path)) { error in
            XCTAssertEqual(error as? SpecError, .missingGroup(file: path, group: "First Open"))
            XCTAssertEqual("\(error)", "\(path): [First Open]: missing required group")
        }
    }

    func testTextOutsideAGroupIsNotAKeyFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("t.spec", "AppId=org.example.Test\n[First Open]\n")
        XCTAssertThrowsError(try SpecFile(path: path)) { error in
            guard case .notKeyFile? = error as? SpecError else { return XCTFail("unexpected \(error)") }
        }
    }

    func testLoaderFailsWithTheFirstError() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("car.spec", """
            [First Open]
            Name=Car
            Version=1..2
            Policy=sometimes

            """)
        XCTAssertThrowsError(try SpecFile(path: path)) { error in
            XCTAssertEqual(error as? SpecError, .missingKey(file: path, group: "First Open", key: "AppId"))
            XCTAssertEqual("\(error)", "\(path): [First Open] AppId: missing required key")
        }
        // The validator lists them all.
        let errors = SpecValidator(path: path).validate().filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.key), ["AppId", "Version", "Policy"])
    }

    func testMalformedReleaseNotesFailTheLoad() throws {
        let directory = try TemporaryDirectory()
        try directory.write("notes.xml", "<component><releases><release version=\"1\">\n</component>")
        let path = try directory.write("t.spec", minimalMain + "ReleaseNotes=notes.xml\n")
        XCTAssertThrowsError(try SpecFile(path: path)) { error in
            guard let error = error as? SpecError else { return XCTFail("unexpected \(error)") }
            // The spec, the group and the key first; then the metainfo file's own
            // file:line:column message.
            XCTAssertEqual(error.file, path)
            XCTAssertEqual(error.key, "ReleaseNotes")
            XCTAssertTrue("\(error)".hasPrefix(path + ": [First Open] ReleaseNotes: " + directory.path + "/notes.xml:2:"),
                          "\(error)")
        }
    }
}
