import Foundation
import XCTest
import FirstOpenTestSupport

/// No spec needed: every command takes an AppStream metainfo file or `appstream:APPID`
/// (found in `$XDG_DATA_HOME`/`$XDG_DATA_DIRS`, `metainfo/` then `appdata/`), as the
/// GTK module and apps that ship only a metainfo file use it.
final class AppStreamSourceTests: XCTestCase {
    /// A data folder with the Maps fixture's metainfo file installed as Meld's is: a
    /// `.desktop` suffix on its `<id>`, the `appdata/` folder, a desktop file for the icon.
    private func installedMaps(in cli: CLIHarness) throws -> String {
        let share = cli.root.appendingPathComponent("share")
        let appdata = share.appendingPathComponent("appdata")
        let applications = share.appendingPathComponent("applications")
        for folder in [appdata, applications] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let fixture = try String(contentsOf: packageRoot.appendingPathComponent(
            "Tests/Golden/notes/org.example.Maps.metainfo.xml"), encoding: .utf8)
        try fixture.replacingOccurrences(of: "<id>org.example.Maps</id>", with: "<id>org.example.Maps.desktop</id>")
            .write(to: appdata.appendingPathComponent("org.example.Maps.appdata.xml"), atomically: false, encoding: .utf8)
        try "[Desktop Entry]\nType=Application\nName=Maps\nExec=maps\nIcon=mark-location-symbolic\n"
            .write(to: applications.appendingPathComponent("org.example.Maps.desktop"), atomically: false, encoding: .utf8)
        return share.path
    }

    /// `appstream:NAME` for every name an app goes by (MetainfoIndex): the `<id>` of a file
    /// named otherwise (eog's `org.gnome.eog` in `eog.appdata.xml`), another case (Thunar),
    /// a desktop-id launchable (GIMP's `gimp`); a file added later is found at once (the
    /// index's stamp is the folders' modification times), and `first-open index` writes it.
    func testEveryNameAnAppGoesByFindsItsMetainfo() throws {
        let cli = try CLIHarness()
        let share = cli.root.appendingPathComponent("share")
        let metainfo = share.appendingPathComponent("metainfo")
        try FileManager.default.createDirectory(at: metainfo, withIntermediateDirectories: true)
        cli.environment["XDG_DATA_DIRS"] = share.path
        cli.environment["XDG_CACHE_HOME"] = cli.root.appendingPathComponent("cache").path
        let fixture = try String(contentsOf: packageRoot.appendingPathComponent(
            "Tests/Golden/notes/org.example.Maps.metainfo.xml"), encoding: .utf8)
        func install(_ file: String, id: String, launchable: String? = nil) throws {
            let text = fixture.replacingOccurrences(of: "<id>org.example.Maps</id>", with: "<id>\(id)</id>")
                .replacingOccurrences(of: "<launchable type=\"desktop-id\">org.example.Maps.desktop</launchable>",
                                      with: launchable.map { "<launchable type=\"desktop-id\">\($0)</launchable>" } ?? "")
            try text.write(to: metainfo.appendingPathComponent(file), atomically: false, encoding: .utf8)
        }
        try install("viewer.appdata.xml", id: "org.example.Viewer.desktop")
        try install("org.example.filer.appdata.xml", id: "org.example.Filer")
        for (name, record) in [("org.example.Viewer", "org.example.Viewer"), ("ORG.EXAMPLE.VIEWER", "org.example.Viewer"),
                               ("viewer", "org.example.Viewer"), ("org.example.Filer", "org.example.Filer")] {
            let result = try cli.run(["explain", "appstream:" + name])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("no record of \(record)"), "\(name): \(result.stdout)")
        }
        let missing = try cli.run(["explain", "appstream:painter"])
        XCTAssertEqual(missing.status, 65, missing.stdout)
        // Added after the index was written: found all the same.
        try install("org.example.Painter.appdata.xml", id: "org.example.Painter", launchable: "painter.desktop")
        let painter = try cli.run(["explain", "appstream:painter"])
        XCTAssertTrue(painter.stdout.contains("no record of org.example.Painter"), painter.stdout + painter.stderr)
        let index = try cli.run(["index"])
        XCTAssertEqual(index.status, 0, index.stderr)
        let indexPath = try XCTUnwrap(index.stdout.split(separator: " ").last.map { String($0.dropLast()) })
        XCTAssertTrue(indexPath.hasPrefix(cli.root.appendingPathComponent("cache/first-open/metainfo-index-").path),
                      index.stdout)
        let written = try String(contentsOfFile: indexPath, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("first-open metainfo index 1\nfolder "), written)
        XCTAssertTrue(written.contains("\norg.example.viewer\t\(metainfo.path)/viewer.appdata.xml\n"), written)
        XCTAssertTrue(written.contains("\npainter\t\(metainfo.path)/org.example.Painter.appdata.xml\n"), written)
    }

    /// A data folder of `cli` with metainfo files made from the Maps fixture: each
    /// `(file, id, launchable)` in `metainfo/`; returns the folder.
    private func installMetainfo(_ files: [(String, String, String?)], in cli: CLIHarness,
                                 share: String = "share") throws -> URL {
        let metainfo = cli.root.appendingPathComponent(share).appendingPathComponent("metainfo")
        try FileManager.default.createDirectory(at: metainfo, withIntermediateDirectories: true)
        let fixture = try String(contentsOf: packageRoot.appendingPathComponent(
            "Tests/Golden/notes/org.example.Maps.metainfo.xml"), encoding: .utf8)
        for (file, id, launchable) in files {
            let text = fixture.replacingOccurrences(of: "<id>org.example.Maps</id>", with: "<id>\(id)</id>")
                .replacingOccurrences(of: "<name>Maps</name>", with: "<name>\(id)</name>")
                .replacingOccurrences(of: "<launchable type=\"desktop-id\">org.example.Maps.desktop</launchable>",
                                      with: launchable.map { "<launchable type=\"desktop-id\">\($0)</launchable>" } ?? "")
            try text.write(to: metainfo.appendingPathComponent(file), atomically: false, encoding: .utf8)
        }
        return metainfo
    }

    /// One package's desktop-id launchable that names another app's desktop file never
    /// takes that app's name: the app's own `<id>` wins although the other file sorts
    /// first, in any case; a name two files of one folder claim alike is no answer (one
    /// line naming both), and a file that no longer names the app (edited in place, so
    /// the index still looks current) is not taken for it. Nothing is ever recorded for
    /// the other app.
    func testAnAppsOwnIDOutranksAnotherFilesLaunchableAndTiesAreNoMatch() throws {
        let cli = try CLIHarness()
        let metainfo = try installMetainfo([("a0.metainfo.xml", "org.adv.B", "org.adv.A.desktop"),
                                            ("aaa.metainfo.xml", "org.adv.A", nil),
                                            ("twin1.metainfo.xml", "org.adv.Twin", nil),
                                            ("twin2.metainfo.xml", "org.adv.Twin", nil)], in: cli)
        cli.environment["XDG_DATA_DIRS"] = metainfo.deletingLastPathComponent().path
        cli.environment["XDG_CACHE_HOME"] = cli.root.appendingPathComponent("cache").path
        for name in ["org.adv.A", "ORG.ADV.A", "org.adv.a.desktop"] {
            let explain = try cli.run(["explain", "appstream:" + name])
            XCTAssertEqual(explain.status, 0, "\(name): \(explain.stderr)")
            XCTAssertTrue(explain.stdout.contains("welcome: no record of org.adv.A;"), "\(name): \(explain.stdout)")
        }
        XCTAssertEqual(try cli.run(["mark-seen", "appstream:org.adv.A"]).status, 0)
        XCTAssertNotNil(cli.recordedVersion("org.adv.A"))
        XCTAssertNil(cli.recordedVersion("org.adv.B"), "another app's record was written")

        let twin = try cli.run(["explain", "appstream:org.adv.Twin"])
        XCTAssertEqual(twin.status, 65, twin.stdout)
        XCTAssertEqual(twin.stderr.split(separator: "\n").count, 1, twin.stderr)
        XCTAssertTrue(twin.stderr.contains("claimed alike by \(metainfo.path)/twin1.metainfo.xml and "
                                               + "\(metainfo.path)/twin2.metainfo.xml"), twin.stderr)
        let index = try cli.run(["index"])
        XCTAssertEqual(index.status, 0, index.stderr)
        XCTAssertTrue(index.stderr.contains("\"org.adv.twin\" is claimed alike"), index.stderr)
        let find = try cli.run(["index", "--find", "org.adv.Twin", "org.adv.A"])
        XCTAssertEqual(find.stdout, "org.adv.A\n", find.stderr)

        // Both files edited in place (the folder's time, the index's stamp, unchanged):
        // aaa now names org.adv.C, a0 has no launchable. The index still says aaa is
        // org.adv.A; the file no longer does, so it is not taken (the index is rebuilt).
        func editInPlace(_ file: String, _ old: String, _ new: String) throws {
            let url = metainfo.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: old, with: new)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 0)
            handle.write(Data(text.utf8))
            try handle.close()
        }
        try editInPlace("aaa.metainfo.xml", "<id>org.adv.A</id>", "<id>org.adv.C</id>")
        try editInPlace("a0.metainfo.xml", "<launchable type=\"desktop-id\">org.adv.A.desktop</launchable>", "")
        let moved = try cli.run(["explain", "appstream:org.adv.A"])
        XCTAssertEqual(moved.status, 65, moved.stdout)
        XCTAssertTrue(moved.stderr.contains("looked for org.adv.A.metainfo.xml"), moved.stderr)
        XCTAssertTrue(try cli.run(["explain", "appstream:org.adv.C"]).stdout.contains("welcome: no record of org.adv.C;"))
    }

    /// An index that cannot be written is an error of `first-open index` (exit 73, one
    /// line), and `index --find` answers all the same; apps with other data folders keep
    /// an index each, so neither replaces the other's.
    func testAnUnwritableIndexIsAnErrorButFindStillAnswersAndEachFolderListHasItsOwn() throws {
        let cli = try CLIHarness()
        let first = try installMetainfo([("first.metainfo.xml", "org.adv.First", nil)], in: cli, share: "one")
        let second = try installMetainfo([("second.metainfo.xml", "org.adv.Second", nil)], in: cli, share: "two")
        let cache = cli.root.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        cli.environment["XDG_CACHE_HOME"] = cache.path
        // A file where the index's folder belongs: no index can be written, even by root.
        try "".write(to: cache.appendingPathComponent("first-open"), atomically: false, encoding: .utf8)
        cli.environment["XDG_DATA_DIRS"] = first.deletingLastPathComponent().path
        let index = try cli.run(["index"])
        XCTAssertEqual(index.status, 73, index.stdout)
        XCTAssertEqual(index.stderr.split(separator: "\n").count, 1, index.stderr)
        XCTAssertTrue(index.stderr.hasPrefix("first-open: index: cannot write \(cache.path)/first-open/metainfo-index-"),
                      index.stderr)
        let find = try cli.run(["index", "--find", "nothing.here", "org.adv.First"])
        XCTAssertEqual(find.status, 0, find.stderr)
        XCTAssertEqual(find.stdout, "org.adv.First\n")
        XCTAssertTrue(find.stderr.contains("warning: cannot write"), find.stderr)
        XCTAssertTrue(try cli.run(["explain", "appstream:org.adv.First"]).stdout.contains("welcome: no record of org.adv.First;"))

        try FileManager.default.removeItem(at: cache.appendingPathComponent("first-open"))
        let one = try cli.run(["index"])
        let two = try cli.run(["index"], extraEnvironment: ["XDG_DATA_DIRS": second.deletingLastPathComponent().path])
        XCTAssertEqual([one.status, two.status], [0, 0], one.stderr + two.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("first-open").path)
        XCTAssertEqual(files.filter { $0.hasPrefix("metainfo-index-") }.count, 2, "\(files)")
        // Each list's index is still current after the other's was written.
        for (folder, name) in [(first, "org.adv.First"), (second, "org.adv.Second")] {
            let dirs = folder.deletingLastPathComponent().path
            let path = try XCTUnwrap((dirs == first.deletingLastPathComponent().path ? one : two)
                .stdout.split(separator: " ").last.map { String($0.dropLast()) })
            let written = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(written.contains("\n\(name.lowercased())\t\(folder.path)/"), written)
            let found = try cli.run(["index", "--find", name], extraEnvironment: ["XDG_DATA_DIRS": dirs])
            XCTAssertEqual(found.stdout, name + "\n", found.stderr)
        }
    }

    /// A spec installed apart from its app's metainfo file names it by id
    /// (`Metainfo=appstream:ID`): the version is the file's newest stable release (not the
    /// development release above it), its notes are What's New, the spec's rows Welcome.
    func testASpecNamesTheInstalledMetainfoByID() throws {
        let cli = try CLIHarness()
        let metainfo = try installMetainfo([("org.adv.Notes.metainfo.xml", "org.adv.Notes", nil)], in: cli)
        cli.environment["XDG_DATA_DIRS"] = metainfo.deletingLastPathComponent().path + ":/usr/share"
        let file = metainfo.appendingPathComponent("org.adv.Notes.metainfo.xml")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: "<releases>", with: "<releases><release version=\"9.0~beta\" type=\"development\"/>")
        try text.write(to: file, atomically: false, encoding: .utf8)
        let spec = try cli.write("spec/notes.spec", """
            [First Open]
            AppId=org.adv.Notes
            Name=Notes
            Metainfo=appstream:org.adv.Notes

            [Welcome 1]
            Icon=face-smile-symbolic
            Title=Notes
            Subtitle=Take notes.

            """)
        XCTAssertEqual(try cli.run(["validate", spec]).stdout, "\(spec): ok\n")
        XCTAssertEqual(try cli.run(["explain", spec]).stdout, "welcome: no record of org.adv.Notes; current version 3.5\n")
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "3.4", spec]).status, 0)
        let explain = try cli.run(["explain", "--content", spec])
        XCTAssertTrue(explain.stdout.hasPrefix("whats-new: 3.4 -> 3.5"), explain.stdout + explain.stderr)
        XCTAssertTrue(explain.stdout.contains("  Version 3.5\n"), explain.stdout)
    }

    /// A metainfo file under another name is read as a spec (the name decides): its one
    /// error line says so, and what to name it.
    func testAMetainfoFileNamedOtherwiseGetsTheNamingRule() throws {
        let cli = try CLIHarness()
        let path = try cli.write("car.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <component><id>org.example.Car</id><releases><release version="1.0"/></releases></component>
            """)
        for command in [["explain", path], ["validate", path]] {
            let result = try cli.run(command)
            XCTAssertEqual(result.status, 65, result.stdout)
            let output = result.stderr + result.stdout
            XCTAssertTrue(output.contains("an AppStream metainfo file is read as one only when its name ends in "
                                              + ".metainfo.xml or .appdata.xml"), output)
        }
    }

    func testAppStreamIDWorksForEveryCommandWithoutASpec() throws {
        let cli = try CLIHarness()
        cli.environment["XDG_DATA_DIRS"] = try installedMaps(in: cli) + ":/usr/share"
        let app = "appstream:org.example.Maps"

        // First run: no Welcome rows exist in a metainfo file, so it records silently
        // (no window: the test's display stays empty).
        let first = try cli.run([app])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("3.5"), first.stdout)
        XCTAssertEqual(cli.recordedVersion("org.example.Maps"), "3.5", "the newest stable release is the version")

        // As a user of 2.4 who has just updated to 3.5.
        XCTAssertEqual(try cli.run(["reset", app]).status, 0)
        XCTAssertNil(cli.recordedVersion("org.example.Maps"))
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "2.4", app]).status, 0)
        let explain = try cli.run(["explain", "--content", app])
        XCTAssertEqual(explain.status, 0, explain.stderr)
        let lines = explain.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("whats-new: 2.4 -> 3.5") ?? false, explain.stdout)
        XCTAssertEqual(lines.filter { $0.hasPrefix("  Version") },
                       ["  Version 3.5", "  Version 3.4", "  Version 3.3", "  Version 3.2", "  Version 3.1",
                        "  Version 3.0", "  Version 3.0~beta", "  Version 3.0~alpha"])

        let validate = try cli.run(["validate", app])
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertEqual(validate.stdout, "\(app): ok\n")

        let shot = cli.root.appendingPathComponent("maps.png").path
        let screenshot = try cli.run(["screenshot", app, "--kind", "whats-new", "--from", "3.3", "--output", shot])
        XCTAssertEqual(screenshot.status, 0, screenshot.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot))
    }

    /// A relative `XDG_DATA_DIRS` entry (or `XDG_DATA_HOME`) is ignored, as the XDG
    /// specification says: `appstream:` found the app's file through it, relative to the
    /// folder first-open ran in.
    func testRelativeDataDirectoriesAreIgnored() throws {
        let cli = try CLIHarness()
        let share = try installedMaps(in: cli)
        // The same folder, spelled relative to the folder the tests (and so first-open) run in.
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + share.dropFirst()
        XCTAssertTrue(FileManager.default.fileExists(atPath: relative + "/appdata/org.example.Maps.appdata.xml"))
        let app = "appstream:org.example.Maps"
        for environment in [["XDG_DATA_DIRS": relative + ":/usr/share"],
                            ["XDG_DATA_DIRS": "/usr/share", "XDG_DATA_HOME": relative]] {
            for command in [["explain", app], ["validate", app]] {
                let result = try cli.run(command, extraEnvironment: environment)
                XCTAssertEqual(result.status, 65, "\(command) \(environment): \(result.stdout) \(result.stderr)")
                XCTAssertTrue((result.stdout + result.stderr).contains("no metainfo file for"),
                              result.stdout + result.stderr)
            }
        }
        let absolute = try cli.run(["explain", app], extraEnvironment: ["XDG_DATA_DIRS": share + ":/usr/share"])
        XCTAssertEqual(absolute.status, 0, absolute.stderr)
    }

    func testAMetainfoPathWorksAndProblemsAreOneLine() throws {
        let cli = try CLIHarness()
        let path = try cli.write("org.example.Tiny.metainfo.xml", """
            <component><id>org.example.Tiny</id><name>Tiny</name><icon type="stock">accessories-calculator</icon>
            <releases><release version="1.1"><description><p>New</p></description></release>
            <release version="1.0"/></releases></component>
            """)
        XCTAssertEqual(try cli.run(["mark-seen", "--version", "1.0", path]).status, 0)
        let explain = try cli.run(["explain", "--content", path])
        XCTAssertEqual(explain.stdout, "whats-new: 1.0 -> 1.1 (minor upgrade, policy minor)\n  Version 1.1\n    New\n",
                       explain.stderr)

        let missing = try cli.run(["explain", "appstream:org.example.Missing"])
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("no metainfo file for \"org.example.Missing\""), missing.stderr)

        let noStable = try cli.write("org.example.Beta.metainfo.xml", """
            <component><id>org.example.Beta</id><releases><release version="1.0~beta" type="development"/></releases></component>
            """)
        let beta = try cli.run(["explain", noStable])
        XCTAssertEqual(beta.status, 65)
        XCTAssertTrue(beta.stderr.contains("no stable <release>"), beta.stderr)
        let validate = try cli.run(["validate", noStable])
        XCTAssertEqual(validate.status, 65)
        XCTAssertTrue(validate.stdout.contains("error: has no stable <release>"), validate.stdout)
    }
}
