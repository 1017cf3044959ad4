import Foundation
import XCTest

/// The example metainfo file must stay valid AppStream: GMarkup reads a superset of
/// what AppStream tools accept (it let a `--` inside a comment pass), so check it
/// with the real validator. `appstream` is installed by scripts/setup.sh.
final class ExampleDataTests: XCTestCase {
    func testExampleMetainfoPassesAppstreamcli() throws {
        let tool = try XCTUnwrap(
            ["/usr/bin/appstreamcli", "/usr/local/bin/appstreamcli"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "appstreamcli is missing: run scripts/setup.sh (package appstream)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["validate", "--no-net", "--no-color", example("org.example.Car.metainfo.xml")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        // Only the documented info (AppStream 1.0's <developer> on appstreamcli 0.16) is allowed.
        XCTAssertFalse(text.contains("\nW: ") || text.hasPrefix("W: "), text)
        XCTAssertFalse(text.contains("\nE: ") || text.hasPrefix("E: "), text)
    }
}
