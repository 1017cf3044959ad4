import Foundation
import XCTest
@testable import FirstOpenState

final class VersionTests: XCTestCase {
    private func v(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Version {
        do {
            return try Version(text)
        } catch {
            XCTFail("\(text): \(error)", file: file, line: line)
            return try! Version("0")
        }
    }

    /// Asserts a strictly increasing chain, every pair checked both ways.
    private func assertAscending(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) {
        let versions = texts.map { v($0, file: file, line: line) }
        for i in versions.indices {
            for j in versions.indices where i < j {
                XCTAssertLessThan(versions[i], versions[j], "\(texts[i]) < \(texts[j])", file: file, line: line)
                XCTAssertGreaterThan(versions[j], versions[i], "\(texts[j]) > \(texts[i])", file: file, line: line)
                XCTAssertNotEqual(versions[i], versions[j], file: file, line: line)
            }
        }
    }

    private func assertSame(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) {
        let x = v(a, file: file, line: line), y = v(b, file: file, line: line)
        XCTAssertEqual(x, y, "\(a) == \(b)", file: file, line: line)
        XCTAssertFalse(x < y, file: file, line: line)
        XCTAssertFalse(y < x, file: file, line: line)
        XCTAssertEqual(x.hashValue, y.hashValue, "hash of \(a) and \(b)", file: file, line: line)
    }

    func testNumericComponentsCompareNumerically() {
        assertAscending(["1.2", "1.9", "1.10", "1.11", "2.0", "10.0"])
    }

    func testMissingComponentsAreZero() {
        assertSame("1.0", "1.0.0")
        assertSame("1", "1.0.0.0")
        assertSame("1.01", "1.1")
        assertAscending(["1.0", "1.0.0.1", "1.0.1"])
        XCTAssertEqual(Set([v("1.0"), v("1.0.0"), v("1")]).count, 1)
    }

    func testEpochWins() {
        assertAscending(["2.0", "1:0.9", "1:1.0", "2:0.1"])
        assertSame("0:1.0", "1.0")
        XCTAssertEqual(v("1:0.9").epoch, 1)
        XCTAssertEqual(v("2.0").epoch, 0)
    }

    func testDebianTildePrerelease() {
        assertAscending(["0.9", "1.0~alpha", "1.0~rc1", "1.0~rc2", "1.0~rc10", "1.0", "1.0.1"])
        XCTAssertTrue(v("1.0~rc1").isPrerelease)
        XCTAssertEqual(v("1.0~rc1").prereleaseIdentifiers, ["rc1"])
    }

    func testSemVerPrereleasePrecedence() {
        // The SemVer 2.0 specification's own example chain.
        assertAscending([
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
            "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0",
        ])
        assertAscending(["2.0.0-beta.2", "2.0.0"])
        assertAscending(["1.9.9", "2.0.0-alpha", "2.0.0-beta", "2.0.0"])
        XCTAssertEqual(v("2.0.0-beta.2").prereleaseIdentifiers, ["beta", "2"])
        XCTAssertEqual(v("2.0.0-beta.2").release, [2, 0, 0])
    }

    func testNumericIdentifiersSortBeforeAlphanumeric() {
        assertAscending(["1.0.0-alpha.1", "1.0.0-alpha.a"])
        assertAscending(["1.0.0-alpha.2", "1.0.0-alpha.10"])
        assertSame("1.0.0-alpha.01", "1.0.0-alpha.1")
    }

    func testGnomeStyleWordsInDottedList() {
        assertAscending(["45.3", "46.alpha", "46.beta", "46.rc", "46.0", "46.1"])
        XCTAssertTrue(v("46.alpha").isPrerelease)
        XCTAssertEqual(v("46.alpha").release, [46])
        XCTAssertEqual(v("46.beta").major, 46)
        assertAscending(["46.alpha", "46.alpha.1", "46.alpha.2", "46.beta"])
    }

    func testLettersGluedToNumbersArePrereleases() {
        assertAscending(["2.3.9", "2.4.0a1", "2.4.0b2", "2.4.0rc1", "2.4.0rc2", "2.4.0"])
        XCTAssertEqual(v("2.4.0rc1").release, [2, 4, 0])
        XCTAssertEqual(v("2.4.0rc1").prereleaseIdentifiers, ["rc1"])
    }

    func testLetterSuffixIsAPostRelease() {
        // libversion's letter suffix: letters glued to the last number, no digit after.
        assertAscending(["2.79", "2.79a", "2.79b", "2.80"])
        assertAscending(["1.1.1", "1.1.1v", "1.1.1w", "1.1.2"])
        assertAscending(["9", "9a", "10"])
        // libversion leaves this one open ("controversial"); the next release wins for us.
        assertAscending(["1.0", "1.0a", "1.0.1"])
        assertAscending(["0.6.12", "0.6.12a", "0.6.12b", "0.6.13"])
        XCTAssertEqual(v("1.1.1w").release, [1, 1, 1])
        XCTAssertEqual(v("1.1.1w").postreleaseIdentifiers, ["w"])
        XCTAssertTrue(v("1.1.1w").isPostrelease)
        XCTAssertFalse(v("1.1.1w").isPrerelease)
        // A Debian revision or build metadata after it changes nothing.
        assertSame("1.1.1w-0+deb12u1", "1.1.1w")
        // A pre-release of a post-release sits between the two.
        assertAscending(["2.79", "2.79a~rc1", "2.79a", "2.79b"])
    }

    func testPreReleasesStayPreReleases() {
        // A digit after the letters, a pre-release word, or a word of its own.
        assertAscending(["0.9", "1.0a1", "1.0b1", "1.0"])
        assertAscending(["2.3", "2.4.0rc1", "2.4.0"])
        assertAscending(["45.0", "46.alpha", "46.0"])
        let releases = ["1.0alpha": "1.0", "1.0beta": "1.0", "1.0rc": "1.0", "1.0pre": "1.0", "1.0RC": "1.0",
                        "1.0.c": "1.0", "9.6p1": "9.6"]
        for (text, release) in releases {
            XCTAssertTrue(v(text).isPrerelease, text)
            XCTAssertFalse(v(text).isPostrelease, text)
            XCTAssertLessThan(v(text), v(release), text)
        }
    }

    func testPostReleaseWords() {
        assertAscending(["1.0", "1.0patch1", "1.0patch2", "1.0.1"])
        assertAscending(["1.0", "1.0.post1", "1.0.post2", "1.1"])
        assertAscending(["1.0", "1.0pl1", "1.0pl2", "1.0.1"])
        XCTAssertEqual(v("1.0.post1").postreleaseIdentifiers, ["post1"])
        assertSame("1.0patch1", "1.0.patch1")
    }

    func testPrereleaseSpellingsAgree() {
        assertSame("1.0~rc1", "1.0-rc1")
        assertSame("1.0~rc1", "1.0rc1")
        assertSame("1.0-rc.1", "1.0.rc.1")
    }

    func testDebianRevisionIsIgnoredForOrdering() {
        assertSame("1.2-3", "1.2")
        assertSame("1.2-3", "1.2-4")
        assertSame("1.2-0ubuntu1", "1.2")
        assertSame("1.0~rc1-2", "1.0~rc1")
        assertAscending(["1.2-9", "1.3-1"])
        XCTAssertFalse(v("1.2-3").isPrerelease)
        XCTAssertEqual(v("1.2-3").revision, "3")
        XCTAssertEqual(v("1.0~rc1-2").revision, "2")
        XCTAssertTrue(v("1.0~rc1-2").isPrerelease)
        XCTAssertNil(v("2.0.0-beta.2").revision)
    }

    func testBuildMetadataIsIgnoredForOrdering() {
        assertSame("1.0.0+build.5", "1.0.0")
        assertSame("1.0.0+build.5", "1.0.0+build.6")
        assertSame("1.0+dfsg-1", "1.0")
        assertAscending(["1.0.0-rc.1+build.1", "1.0.0+build.0"])
        XCTAssertEqual(v("1.0.0+build.5").buildMetadata, "build.5")
        XCTAssertEqual(v("1.0.0+build.5").description, "1.0.0+build.5")
    }

    func testLeadingVAndWhitespace() {
        assertSame("v1.2", "1.2")
        assertSame("V1.2", "1.2")
        XCTAssertEqual(v("  v1.2.3\n").description, "1.2.3")
        XCTAssertEqual(v("\t1:2.0~rc1 ").description, "1:2.0~rc1")
    }

    func testComponents() {
        let version = v("1:2.3.4.5")
        XCTAssertEqual(version.epoch, 1)
        XCTAssertEqual(version.release, [2, 3, 4, 5])
        XCTAssertEqual([version.major, version.minor, version.patch], [2, 3, 4])
        let short = v("7")
        XCTAssertEqual([short.major, short.minor, short.patch], [7, 0, 0])
        XCTAssertFalse(short.isPrerelease)
    }

    func testRealWorldStrings() {
        for text in ["12", "24.04", "6.1.0-13-amd64", "2:4.17.12+dfsg-0+deb12u1", "1.0.2k",
                     "3.12.0rc1", "46.alpha", "0.9.8~git20230101.abc1234-1", "1:2.38.1-5+deb12u1"] {
            XCTAssertNoThrow(try Version(text), text)
        }
        assertAscending(["1:2.38.1-5+deb12u1", "1:2.39"])
    }

    func testParseErrors() {
        let bad: [(String, String)] = [
            ("", "empty"),
            ("   ", "empty"),
            ("abc!!", "unexpected character '!'"),
            ("abc", "must start with a number"),
            ("1..2", "empty component between dots"),
            ("1.", "ends with '.'"),
            (".1", "starts with '.'"),
            ("1.0~", "nothing after '~'"),
            ("1.0-", "nothing after '-'"),
            ("1.0+", "nothing after '+'"),
            ("x:1.0", "epoch"),
            (":1.0", "epoch"),
            ("1:2:3", "more than one ':'"),
            ("1.0-beta..2", "empty pre-release identifier"),
            ("1 0", "whitespace"),
            ("1.0~rc1-beta", "distribution revision"),
            ("99999999999999999999999", "too large"),
            ("vabc", "must start with a number"),
            ("1.0_1", "unexpected character '_'"),
            ("1.é", "unexpected character"),
        ]
        for (text, fragment) in bad {
            XCTAssertThrowsError(try Version(text), text) { error in
                guard let error = error as? VersionError else { return XCTFail("\(text): \(error)") }
                XCTAssertTrue(error.description.contains(fragment), "\(text): \(error.description)")
                XCTAssertTrue(error.description.contains("\"\(text.trimmingCharacters(in: .whitespaces))\""),
                              "names the text: \(error.description)")
            }
        }
    }

    func testErrorIsTypedAndEquatable() {
        do {
            _ = try Version("1..2")
            XCTFail("parsed 1..2")
        } catch {
            XCTAssertEqual(error, .invalid(text: "1..2", reason: "empty component between dots ('..')"))
        }
    }

    func testSortingAMixedList() {
        let texts = ["1.10", "1.9", "1:0.1", "1.0~rc1", "1.0", "46.alpha", "2.0.0-beta.2", "2.0.0"]
        let sorted = texts.map { v($0) }.sorted().map(\.description)
        XCTAssertEqual(sorted, ["1.0~rc1", "1.0", "1.9", "1.10", "2.0.0-beta.2", "2.0.0", "46.alpha", "1:0.1"])
    }
}
