import Foundation
import FirstOpenContent
import FirstOpenState
import XCTest
import FirstOpenTestSupport

final class VersionSourceTests: XCTestCase {
    private func spec(_ directory: TemporaryDirectory, versionLine: String) throws -> SpecFile {
        let path = try directory.write("t.spec", """
            [First Open]
            AppId=org.example.Test
            Name=Test
            \(versionLine)

            """)
        return try SpecFile(path: path, locale: "C")
    }

    func testLiteral() throws {
        let directory = try TemporaryDirectory()
        let loaded = try spec(directory, versionLine: "Version=1:2.0~rc1")
        XCTAssertEqual(loaded.versionSource, .literal("1:2.0~rc1"))
        XCTAssertEqual(try loaded.currentVersion(), try Version("1:2.0~rc1"))
    }

    func testOSReleaseWithShellQuoting() throws {
        let directory = try TemporaryDirectory()
        let osRelease = try directory.write("os-release", """
            # a comment
            NAME="Debian GNU/Linux"
            PRETTY_NAME='Debian "quoted" 13'
            VERSION_ID="13.1"
            IMAGE_VERSION=2024\\ 05
            BUILD_ID='7'
            broken line without equals
            EMPTY=

            """)
        let loaded = try spec(directory, versionLine: "VersionFrom=os-release:VERSION_ID")
        XCTAssertEqual(loaded.versionSource, .osRelease(key: "VERSION_ID"))
        XCTAssertEqual(try loaded.currentVersion(osReleasePath: osRelease), try Version("13.1"))
        let singleQuoted = try spec(directory, versionLine: "VersionFrom=os-release:BUILD_ID")
        XCTAssertEqual(try singleQuoted.currentVersion(osReleasePath: osRelease), try Version("7"))

        let spaced = try spec(directory, versionLine: "VersionFrom=os-release:IMAGE_VERSION")
        XCTAssertThrowsError(try spaced.currentVersion(osReleasePath: osRelease)) { error in
            guard case let .versionUnavailable(_, key, reason)? = error as? SpecError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(key, "VersionFrom")
            // Unquoted by the shell rules: the escaped space is part of the value.
            XCTAssertTrue(reason.hasPrefix("IMAGE_VERSION=\"2024 05\""), reason)
        }
    }

    func testOSReleaseWithoutTheKey() throws {
        let directory = try TemporaryDirectory()
        let osRelease = try directory.write("os-release", "NAME=\"Debian GNU/Linux\"\nVERSION_CODENAME=trixie\n")
        for key in ["VERSION_ID", "EMPTY"] {
            let loaded = try spec(directory, versionLine: "VersionFrom=os-release:\(key)")
            XCTAssertThrowsError(try loaded.currentVersion(osReleasePath: osRelease)) { error in
                XCTAssertEqual(error as? SpecError, .versionUnavailable(
                    file: loaded.path, key: "VersionFrom", reason: "\(osRelease) has no \(key)"))
                XCTAssertEqual(
                    "\(error)", "\(loaded.path): [First Open] VersionFrom: \(osRelease) has no \(key)")
            }
        }
    }

    func testMissingOSReleaseFile() throws {
        let directory = try TemporaryDirectory()
        let loaded = try spec(directory, versionLine: "VersionFrom=os-release:VERSION_ID")
        XCTAssertThrowsError(try loaded.currentVersion(osReleasePath: directory.path + "/nope")) { error in
            guard case let .versionUnavailable(_, _, reason)? = error as? SpecError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertTrue(reason.hasPrefix("cannot read \(directory.path)/nope: "), reason)
        }
    }

    func testDefaultPathReadsThisMachinesOSRelease() throws {
        // Whatever this machine is, the default must agree with a direct read of
        // /etc/os-release, or /usr/lib/os-release when that does not exist.
        let file = ["/etc/os-release", "/usr/lib/os-release"].first {
            FileManager.default.isReadableFile(atPath: $0)
        }
        let loaded = try spec(try TemporaryDirectory(), versionLine: "VersionFrom=os-release:VERSION_ID")
        guard let file else {
            XCTAssertThrowsError(try loaded.currentVersion()) { error in
                XCTAssertTrue("\(error)".contains("cannot read /etc/os-release"), "\(error)")
            }
            return
        }
        let line = try String(contentsOfFile: file, encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("VERSION_ID=") }
        let expected = line.map {
            String($0.dropFirst("VERSION_ID=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        if let expected, let version = try? Version(expected) {
            XCTAssertEqual(try loaded.currentVersion(), version)
        } else {
            XCTAssertThrowsError(try loaded.currentVersion()) { error in
                guard case .versionUnavailable? = error as? SpecError else { return XCTFail("unexpected \(error)") }
            }
        }
    }

    func testMetainfoNewestRelease() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app.metainfo.xml", """
            <component><releases>
              <release version="1.10"/>
              <release version="1.9"/>
              <release version="2.0~alpha" type="development"/>
            </releases></component>
            """)
        let loaded = try spec(directory, versionLine: "VersionFrom=metainfo:app.metainfo.xml")
        XCTAssertEqual(loaded.versionSource, .metainfo(path: directory.path + "/app.metainfo.xml"))
        // The newest stable release, as for appstream:ID: a development release on top is
        // notes, not the current version (one rule for a metainfo file, issue 34).
        XCTAssertEqual(try loaded.currentVersion().description, "1.10")

        let example = try SpecFile(path: packageRoot.path + "/data/examples/os-release.spec")
        XCTAssertEqual(example.versionSource.description, "os-release:VERSION_ID")
    }

    func testMetainfoWithoutReleasesFailsTheLoad() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app.metainfo.xml", "<component><releases/></component>")
        XCTAssertThrowsError(try spec(directory, versionLine: "VersionFrom=metainfo:app.metainfo.xml")) { error in
            guard let error = error as? SpecError else { return XCTFail("unexpected \(error)") }
            // Named by the spec, group and key it came from, then the metainfo file's message.
            XCTAssertEqual(error.key, "VersionFrom")
            XCTAssertTrue("\(error)".hasSuffix(": [First Open] VersionFrom: " + directory.path
                                                  + "/app.metainfo.xml: has no stable <release> with a version: no current version"), "\(error)")
        }
    }

    /// `Metainfo=` names the app's metainfo file once: its newest stable release is the
    /// current version and its releases are the notes (what `VersionFrom=metainfo:` plus
    /// `ReleaseNotes=` said), relative to the spec, or the installed file of `appstream:ID`.
    func testMetainfoKeyGivesTheVersionAndTheNotes() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app.metainfo.xml", """
            <component><id>org.example.Test</id><releases>
              <release version="1.3.0~beta"><description><p>Beta notes</p></description></release>
              <release version="1.2.0"><description><p>Stable notes</p></description></release>
              <release version="1.1.0"/>
            </releases></component>
            """)
        let loaded = try spec(directory, versionLine: "Metainfo=app.metainfo.xml")
        XCTAssertEqual(loaded.versionSource, .metainfo(path: directory.path + "/app.metainfo.xml"))
        XCTAssertEqual(loaded.releaseNotesPath, directory.path + "/app.metainfo.xml")
        XCTAssertEqual(try loaded.currentVersion().description, "1.2.0")
        XCTAssertEqual(loaded.releases.map(\.version.description), ["1.3.0~beta", "1.2.0", "1.1.0"])
        // The same rule through VersionFrom=metainfo: and through the file itself.
        XCTAssertEqual(try spec(directory, versionLine: "VersionFrom=metainfo:app.metainfo.xml").currentVersion(),
                       try SpecFile(metainfoPath: directory.path + "/app.metainfo.xml").currentVersion())

        for (line, key) in [("Version=1.0\nMetainfo=app.metainfo.xml", "Metainfo"),
                            ("Metainfo=app.metainfo.xml\nReleaseNotes=app.metainfo.xml", "ReleaseNotes")] {
            XCTAssertThrowsError(try spec(directory, versionLine: line), line) { error in
                XCTAssertEqual((error as? SpecError)?.key, key, "\(error)")
            }
        }
    }
}
