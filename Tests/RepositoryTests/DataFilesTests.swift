import Foundation
import XCTest
import FirstOpenTestSupport

/// The files in data/ and po/ pass the desktop stack's own validators, as a
/// distribution's packaging checks would run them.
final class DataFilesTests: XCTestCase {
    static let data = packageRoot.appendingPathComponent("data")

    static func files(under folder: URL, endingWith suffix: String) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent.hasSuffix(suffix) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    func testDesktopFilesValidate() throws {
        let desktopFiles = Self.files(under: Self.data, endingWith: ".desktop")
        XCTAssertFalse(desktopFiles.isEmpty, "data/ ships an autostart entry")
        for file in desktopFiles {
            let result = try CLIHarness.runTool("/usr/bin/desktop-file-validate", [file.path])
            XCTAssertEqual(result.status, 0, "\(file.lastPathComponent): \(result.stdout)\(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(file.lastPathComponent) has no warnings")
        }
    }

    func testMetainfoFilesValidate() throws {
        let metainfo = Self.files(under: Self.data, endingWith: ".metainfo.xml")
        XCTAssertFalse(metainfo.isEmpty)
        for file in metainfo {
            let result = try CLIHarness.runTool("/usr/bin/appstreamcli", ["validate", "--no-net", "--pedantic", file.path])
            XCTAssertEqual(result.status, 0, "\(file.lastPathComponent): \(result.stdout)\(result.stderr)")
        }
    }

    func testExampleSpecsValidateWithoutErrors() throws {
        let cli = try CLIHarness()
        let specs = Self.files(under: Self.data, endingWith: ".spec")
        XCTAssertGreaterThanOrEqual(specs.count, 2)
        for spec in specs {
            let result = try cli.run(["validate", spec.path])
            XCTAssertEqual(result.status, 0, "\(spec.lastPathComponent): \(result.stdout)\(result.stderr)")
            XCTAssertFalse(result.stdout.contains("error:"), result.stdout)
        }
    }

    func testValidateReportsEveryProblemWithGroupAndKey() throws {
        let cli = try CLIHarness()
        let spec = try cli.write("bad.spec", """
            [First Open]
            AppId=org.example.Car
            Version=one point oh
            Policy=sometimes
            AccentColor=blu

            [Welcome 1]
            Icon=starred-symbolic
            Subtitle=No title here.
            Color=rgb(1,2

            """)
        let result = try cli.run(["validate", spec])
        XCTAssertEqual(result.status, 65, result.stdout + result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func has(_ group: String, _ key: String) -> Bool {
            lines.contains { $0.contains("error:") && $0.contains("[\(group)]") && $0.contains(key) }
        }
        XCTAssertTrue(has("First Open", "Name"), result.stdout)
        XCTAssertTrue(has("First Open", "Version"), result.stdout)
        XCTAssertTrue(has("First Open", "Policy"), result.stdout)
        XCTAssertTrue(has("First Open", "AccentColor"), result.stdout)
        XCTAssertTrue(has("Welcome 1", "Title"), result.stdout)
        XCTAssertTrue(has("Welcome 1", "Color"), result.stdout)
    }

    func testTranslationsCompile() throws {
        let po = packageRoot.appendingPathComponent("po")
        let catalogs = Self.files(under: po, endingWith: ".po")
        XCTAssertGreaterThanOrEqual(catalogs.count, 4, "de, fr, es and a right-to-left language")
        for catalog in catalogs {
            let result = try CLIHarness.runTool("/usr/bin/msgfmt",
                                                ["--check", "--statistics", "-o", "/dev/null", catalog.path])
            XCTAssertEqual(result.status, 0, "\(catalog.lastPathComponent): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("untranslated"), "\(catalog.lastPathComponent): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("fuzzy"), "\(catalog.lastPathComponent): \(result.stderr)")
        }
    }
}
