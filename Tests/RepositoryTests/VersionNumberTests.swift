import Foundation
import FirstOpenToolSupport
import XCTest
import FirstOpenTestSupport

/// The package has one version number, Meson's `project(version:)`: libfirst-open's
/// SONAME file, its pkg-config file and `first-open-version.h` take it from there, and
/// what SwiftPM builds (`first-open --version`) and Debian's changelog must say the same.
final class VersionNumberTests: XCTestCase {
    private func mesonVersion() throws -> String {
        let meson = try String(contentsOf: packageRoot.appendingPathComponent("meson.build"), encoding: .utf8)
        let line = try XCTUnwrap(meson.split(separator: "\n").first { $0.hasPrefix("project('first-open'") })
        let start = try XCTUnwrap(line.range(of: "version: '"))
        let rest = line[start.upperBound...]
        return String(rest.prefix { $0 != "'" })
    }

    func testTheToolsAndTheDebianPackageSayMesonsVersion() throws {
        let version = try mesonVersion()
        XCTAssertFalse(version.isEmpty)
        XCTAssertEqual(firstOpenToolVersion, version, "Sources/FrontEnds/ToolSupport/Subcommand.swift")
        let result = try CLIHarness().run(["--version"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "first-open \(version)\n")
        let changelog = try String(contentsOf: packageRoot.appendingPathComponent("debian/changelog"), encoding: .utf8)
        XCTAssertTrue(changelog.hasPrefix("first-open (\(version)-"), "debian/changelog: \(changelog.prefix(40))")
    }
}
