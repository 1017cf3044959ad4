import FirstOpenContent
import FirstOpenState
import Foundation
import XCTest

/// `SpecFile(data:name:directory:)`: specs apps ship in a GResource (libfirst-open's
/// `first_open_presenter_new_from_bytes`) read exactly as files are.
final class SpecFromMemoryTests: XCTestCase {
    func testTheCarExampleFromMemoryEqualsTheFile() throws {
        let path = example("org.example.Car.spec")
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let fromFile = try SpecFile(path: path, locale: "de")
        let fromMemory = try SpecFile(data: Array(data), name: "resource:///org/example/Car/first-open.spec",
                                      directory: example(""), locale: "de")
        XCTAssertEqual(fromMemory.path, "resource:///org/example/Car/first-open.spec")
        XCTAssertEqual(fromMemory.appID, fromFile.appID)
        XCTAssertEqual(fromMemory.name, fromFile.name)
        XCTAssertEqual(fromMemory.welcomeRows, fromFile.welcomeRows)
        // ReleaseNotes= is relative: it resolves against the directory given.
        XCTAssertEqual(fromMemory.releaseNotesPath, example("org.example.Car.metainfo.xml"))
        XCTAssertEqual(fromMemory.releases.map(\.versionText), fromFile.releases.map(\.versionText))
        XCTAssertEqual(try fromMemory.currentVersion(), try fromFile.currentVersion())
    }

    func testRelativeIconsResolveAgainstTheDirectoryGiven() throws {
        let text = "[First Open]\nAppId=org.example.Memory\nName=Memory\nVersion=1.0\nIcon=icons/app.png\n"
        let spec = try SpecFile(data: Array(text.utf8), name: "memory", directory: "/opt/app/data")
        XCTAssertEqual(spec.iconName, "/opt/app/data/icons/app.png")
    }

    func testBrokenDataIsASpecErrorNamingTheSpec() {
        XCTAssertThrowsError(try SpecFile(data: Array("not a key file".utf8), name: "memory", directory: "/")) { error in
            guard case let .notKeyFile(file, _)? = error as? SpecError else {
                return XCTFail("expected notKeyFile, got \(error)")
            }
            XCTAssertEqual(file, "memory")
        }
        let noAppID = "[First Open]\nName=Memory\nVersion=1.0\n"
        XCTAssertThrowsError(try SpecFile(data: Array(noAppID.utf8), name: "memory", directory: "/")) { error in
            XCTAssertEqual(error as? SpecError, .missingKey(file: "memory", group: "First Open", key: "AppId"))
        }
    }

    func testDataLargerThanTheFileCapIsRefused() {
        var text = "[First Open]\nAppId=org.example.Memory\nName=Memory\nVersion=1.0\n"
        text += "# " + String(repeating: "x", count: 4 * 1024 * 1024) + "\n"
        XCTAssertThrowsError(try SpecFile(data: Array(text.utf8), name: "memory", directory: "/")) { error in
            guard case let .unreadable(file, reason)? = error as? SpecError else {
                return XCTFail("expected unreadable, got \(error)")
            }
            XCTAssertEqual(file, "memory")
            XCTAssertTrue(reason.contains("larger than"), reason)
        }
    }
}
