import CGLib
@testable import FirstOpenContent
import Foundation
import XCTest

/// The os-release reader against GLib's own, `g_get_os_info()`.
final class OSReleaseTests: XCTestCase {
    /// Every key of this machine's os-release reads the same with both readers (GLib's
    /// reads only the real file, so this is the one comparison possible in-process).
    /// Files with what the two treat differently (duplicate or indented keys, broken
    /// quoting: see OSRelease's comment) are compared on the other keys only.
    func testAgreesWithGLibOnThisMachinesOSRelease() throws {
        let release = try OSRelease()
        XCTAssertFalse(release.values.isEmpty, "\(release.path) has keys")
        let text = String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: release.path)), as: UTF8.self)
        var seen: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            if let equals = line.firstIndex(of: "="), !line.hasPrefix(" "), !line.hasPrefix("\t") {
                seen[String(line[..<equals]), default: 0] += 1
            }
        }
        var compared = 0
        for (key, value) in release.values where seen[key] == 1 {
            let fromGLib = g_get_os_info(key)
            defer { g_free(fromGLib) }
            XCTAssertEqual(fromGLib.map { String(cString: $0) }, value, key)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 0)
    }

    /// Where the two differ on purpose: the shell's last assignment wins, a line with
    /// broken quoting is skipped, blanks before a key are allowed.
    func testFollowsTheShellWhereGLibDoesNot() {
        let values = OSRelease.parse("VERSION_ID=\"13.1\"\nVERSION_ID=\"13.2\"\nIMAGE_VERSION=\"broken\n  BUILD_ID=7\n")
        XCTAssertEqual(values, ["VERSION_ID": "13.2", "BUILD_ID": "7"])
    }
}

