import XCTest
@testable import FirstOpenState

/// The comparison vectors two reference implementations publish, checked against
/// ``Version``, and every vector where we deliberately differ (listed, with the
/// reason, in docs/versions.md "Where we differ from libversion and AppStream").
///
/// Sources (the facts; the code here is ours):
/// - Repology's libversion, `tests/compare_test.c`
///   (github.com/repology/libversion, commit 0c2c247a6c7ed562e6bc85f02cc4709621226c33):
///   the vectors compared without flags.
/// - AppStream's `as_vercmp_simple`, `tests/test-basics.c`, `test_version_compare`
///   (github.com/ximion/appstream, commit a17ad63fe54faf3f26118a974111b94396a9d8cd).
final class PublishedVersionVectorTests: XCTestCase {
    /// `(a, relation, b)` with relation `<`, `=` or `>`.
    typealias Vector = (String, Character, String)

    /// libversion's vectors (default flags) that hold for ``Version`` too.
    static let libversion: [Vector] = [
        // equality
        ("0", "=", "0"), ("0a", "=", "0a"), ("0a1", "=", "0a1"), ("0a1b2", "=", "0a1b2"),
        ("1alpha1", "=", "1alpha1"), ("1.2.3", "=", "1.2.3"),
        // different number of components
        ("1", "=", "1.0"), ("1", "=", "1.0.0"), ("1.0", "=", "1.0.0"), ("1.0", "=", "1.0.0.0.0.0.0.0"),
        // leading zeroes
        ("00100.00100", "=", "100.100"), ("0", "=", "00000000000000000"),
        // simple comparisons
        ("0.0.0", "<", "0.0.1"), ("0.0.1", "<", "0.0.2"), ("0.0.2", "<", "0.0.10"), ("0.0.2", "<", "0.1.0"),
        ("0.0.10", "<", "0.1.0"), ("0.1.0", "<", "0.1.1"), ("0.1.1", "<", "1.0.0"), ("1.0.0", "<", "10.0.0"),
        ("10.0.0", "<", "100.0.0"), ("10.10000.10000", "<", "11.0.0"),
        // long numbers
        ("20160101", "<", "20160102"), ("999999999999999999", "<", "1000000000000000000"),
        // letter addendum
        ("1.0", "<", "1.0a"), ("1.0a", "<", "1.0b"), ("1.0b", "<", "1.1"),
        // letter vs. number
        ("1.a", "<", "1.0"),
        // letter-only component
        ("1.0.a", "<", "1.0.b"), ("1.0.b", "<", "1.0.c"), ("1.0.c", "<", "1.0"), ("1.0.c", "<", "1.0.0"),
        // letter component split
        ("1.0a0", "=", "1.0.a0"),
        // prerelease sequence
        ("1.0alpha1", "<", "1.0alpha2"), ("1.0alpha2", "<", "1.0beta1"), ("1.0beta1", "<", "1.0beta2"),
        ("1.0beta2", "<", "1.0rc1"), ("1.0beta2", "<", "1.0pre1"), ("1.0rc1", "<", "1.0"), ("1.0pre1", "<", "1.0"),
        ("1.0.alpha1", "<", "1.0.alpha2"), ("1.0.alpha2", "<", "1.0.beta1"), ("1.0.beta1", "<", "1.0.beta2"),
        ("1.0.beta2", "<", "1.0.rc1"), ("1.0.beta2", "<", "1.0.pre1"), ("1.0.rc1", "<", "1.0"),
        ("1.0.pre1", "<", "1.0"),
        ("1.0alpha.1", "<", "1.0alpha.2"), ("1.0alpha.2", "<", "1.0beta.1"), ("1.0beta.1", "<", "1.0beta.2"),
        ("1.0beta.2", "<", "1.0rc.1"), ("1.0beta.2", "<", "1.0pre.1"), ("1.0rc.1", "<", "1.0"),
        ("1.0pre.1", "<", "1.0"),
        ("1.0.alpha.1", "<", "1.0.alpha.2"), ("1.0.alpha.2", "<", "1.0.beta.1"), ("1.0.beta.1", "<", "1.0.beta.2"),
        ("1.0.beta.2", "<", "1.0.rc.1"), ("1.0.beta.2", "<", "1.0.pre.1"), ("1.0.rc.1", "<", "1.0"),
        ("1.0.pre.1", "<", "1.0"),
        // long word awareness
        ("1.0alpha-1", ">", "0.9"), ("1.0alpha-1", "<", "1.0"), ("1.0alpha-1", "<", "1.0.1"), ("1.0alpha-1", "<", "1.1"),
        ("1.0beta-1", ">", "0.9"), ("1.0beta-1", "<", "1.0"), ("1.0beta-1", "<", "1.0.1"), ("1.0beta-1", "<", "1.1"),
        ("1.0pre-1", ">", "0.9"), ("1.0pre-1", "<", "1.0"), ("1.0pre-1", "<", "1.0.1"), ("1.0pre-1", "<", "1.1"),
        ("1.0prerelease-1", ">", "0.9"), ("1.0prerelease-1", "<", "1.0"), ("1.0prerelease-1", "<", "1.0.1"),
        ("1.0prerelease-1", "<", "1.1"),
        ("1.0rc-1", ">", "0.9"), ("1.0rc-1", "<", "1.0"), ("1.0rc-1", "<", "1.0.1"), ("1.0rc-1", "<", "1.1"),
        // post-release keyword awareness
        ("1.0patch1", ">", "0.9"), ("1.0patch1", ">", "1.0"), ("1.0patch1", "<", "1.0.1"), ("1.0patch1", "<", "1.1"),
        ("1.0.patch1", ">", "0.9"), ("1.0.patch1", ">", "1.0"), ("1.0.patch1", "<", "1.0.1"), ("1.0.patch1", "<", "1.1"),
        ("1.0patch.1", ">", "0.9"), ("1.0patch.1", ">", "1.0"), ("1.0patch.1", "<", "1.0.1"), ("1.0patch.1", "<", "1.1"),
        ("1.0.patch.1", ">", "0.9"), ("1.0.patch.1", ">", "1.0"), ("1.0.patch.1", "<", "1.0.1"),
        ("1.0.patch.1", "<", "1.1"),
        ("1.0post1", ">", "0.9"), ("1.0post1", ">", "1.0"), ("1.0post1", "<", "1.0.1"), ("1.0post1", "<", "1.1"),
        ("1.0postanythinggoeshere1", ">", "0.9"), ("1.0postanythinggoeshere1", ">", "1.0"),
        ("1.0postanythinggoeshere1", "<", "1.0.1"), ("1.0postanythinggoeshere1", "<", "1.1"),
        ("1.0pl1", ">", "0.9"), ("1.0pl1", ">", "1.0"), ("1.0pl1", "<", "1.0.1"), ("1.0pl1", "<", "1.1"),
        ("1.0errata1", ">", "0.9"), ("1.0errata1", ">", "1.0"), ("1.0errata1", "<", "1.0.1"), ("1.0errata1", "<", "1.1"),
        // p is patch flag / any is patch flag, the default-flag rows
        ("1.0p1", "=", "1.0p1"), ("1.0", ">", "1.0p1"), ("1.0", ">", "1.0.p1"), ("1.0", ">", "1.0.p.1"),
        ("1.0", "<", "1.0p.1"),
        ("1.0a1", "=", "1.0a1"), ("1.0", ">", "1.0a1"), ("1.0", ">", "1.0.a1"), ("1.0", ">", "1.0.a.1"),
        ("1.0", "<", "1.0a.1"),
        // p/patch compatibility (default flags)
        ("1.0p1", "<", "1.0patch1"), ("1.0p1", "<", "1.0post1"),
        // prerelease words without numbers
        ("1.0alpha", "<", "1.0"), ("1.0.alpha", "<", "1.0"), ("1.0beta", "<", "1.0"), ("1.0.beta", "<", "1.0"),
        ("1.0rc", "<", "1.0"), ("1.0.rc", "<", "1.0"), ("1.0pre", "<", "1.0"), ("1.0.pre", "<", "1.0"),
        ("1.0prerelese", "<", "1.0"), ("1.0.prerelese", "<", "1.0"), ("1.0patch", ">", "1.0"), ("1.0.patch", ">", "1.0"),
        // release bounds (default flags)
        ("0.99999", "<", "1.0"), ("1.0alpha", "<", "1.0"), ("1.0alpha0", "<", "1.0"), ("1.0", "=", "1.0"),
        ("1.0patch", ">", "1.0"), ("1.0patch0", ">", "1.0"), ("1.0.1", ">", "1.0"), ("1.1", ">", "1.0"),
        // uniform component splitting, the rows that hold
        ("1.0alpha1", "=", "1.0alpha1"), ("1.0alpha1", "=", "1.0.alpha1"),
        ("1.0patch1", "=", "1.0patch1"), ("1.0patch1", "=", "1.0.patch1"),
    ]

    /// AppStream's `as_vercmp_simple` vectors that hold for ``Version`` too.
    static let appstream: [Vector] = [
        ("6", "<", "8"), ("0.6.12b-d", ">", "0.6.12a"), ("7.4", "=", "7.4"), ("0.6.16", ">", "0.6.14"),
        ("2.79", "<", "2.79a"), ("3.0.0~rc2", "<", "3.0.0"),
        ("11.0.9.1+1-0ubuntu1", ">", "11.0.9+11-0ubuntu2"),
        ("1.2.3", "=", "1.2.3"), ("001.002.003", "=", "001.002.003"),
        ("4:5.6-2", ">", "8.0-6"), ("1:1.0-4", "<", "3:0.8-2"),
        ("1.2.3", "<", "1.2.4"), ("001.002.000", "<", "001.002.009"), ("1.2.3", ">", "1.2.2"),
        ("001.002.009", ">", "001.002.000"),
        ("1.2.3", "<", "1.2.3.1"), ("1.2.3.1", "<", "1.2.4"),
        ("1.2.3a", "=", "1.2.3a"), ("1.2.3a", "<", "1.2.3b"), ("1.2.3b", ">", "1.2.3a"),
        ("1.2.3", "<", "1.2.3a"), ("1.2.3a", ">", "1.2.3"),
        ("1.2a.3", "=", "1.2a.3"), ("1.2a.3", "<", "1.2b.3"), ("1.2b.3", ">", "1.2a.3"),
        ("1.2.3~rc1", "=", "1.2.3~rc1"), ("1.2.3~rc1", "<", "1.2.3"), ("1.2.3", ">", "1.2.3~rc1"),
        ("1.2.3~rc2", ">", "1.2.3~rc1"),
        ("0.9", "<", "1"), ("9", "<", "9a"), ("9a", "<", "10"), ("9half", "<", "10"), ("9.5", "<", "10"),
    ]

    /// Vectors we deliberately answer differently: the published relation, and what
    /// ``Version`` does instead (`"error"` when it rejects one of the strings).
    /// docs/versions.md lists each with the reason.
    static let deliberateDifferences: [(vector: Vector, ours: String)] = [
        // Not a version to us: must start with a number, only `. ~ - + :` separate.
        (("a", "=", "a"), "error"), (("a0", "=", "a0"), "error"), (("foo", "=", "foo"), "error"),
        (("hello.world", "=", "hello.world"), "error"), (("a", "<", "0"), "error"),
        (("a", "=", "A"), "error"), (("a", "=", "alpha"), "error"), (("b", "=", "beta"), "error"),
        (("p", "=", "prerelease"), "error"),
        (("1.0.alpha.2", "=", "1_0_alpha_2"), "error"), (("1.0.alpha.2", "=", "1,0:alpha~2"), "error"),
        (("..1....2....3..", "=", "1.2.3"), "error"), ((".-~1~-.-~2~-.", "=", "1.2"), "error"),
        ((".,:;~+-_", "=", "0"), "error"), (("", "=", ""), "error"), (("", "=", "0"), "error"), (("", "<", "1"), "error"),
        (("99999999999999999999999999999999999998", "<", "99999999999999999999999999999999999999"), "error"),
        (("ab.d", "<", "ab.f"), "error"), (("alpha", "=", "alpha"), "error"), (("alpha", "<", "beta"), "error"),
        (("9+", "<", "10"), "error"),
        // `-` + digit is a distribution revision to us (ignored), not a separator:
        // `1-0-alpha-2` is version 1, revision `0-alpha-2`.
        (("1.0.alpha.2", "=", "1-0-alpha-2"), "<"),
        // Words are compared whole and case-sensitively (SemVer, dpkg), not cut to one
        // letter and not case-folded as libversion does.
        (("1.0beta3", "=", "1.0.b3"), ">"), (("1alpha", "=", "1ALPHA"), ">"), (("alpha1", "=", "ALPHA1"), "error"),
        (("1.0p1", "=", "1.0pre1"), "<"),
        // SemVer identifiers: `alpha.1` is two identifiers, `alpha1` one (a prefix is smaller).
        (("1.0alpha1", "=", "1.0alpha.1"), ">"), (("1.0alpha1", "=", "1.0.alpha.1"), ">"),
        (("1.0patch1", "=", "1.0patch.1"), ">"), (("1.0patch1", "=", "1.0.patch.1"), ">"),
        // AppStream (rpm-style) ranks a word after a number; `rc` is a pre-release to us
        // and to libversion.
        (("3.0.rc2", ">", "3.0.0"), "<"),
        // Revisions and build metadata do not take part in the order (docs/versions.md).
        (("5.9.1+dfsg-5pureos1", ">", "5.9.1+dfsg-5"), "="),
    ]

    private func relation(_ a: String, _ b: String) throws -> Character {
        let x = try Version(a), y = try Version(b)
        return x < y ? "<" : (y < x ? ">" : "=")
    }

    private func check(_ vectors: [Vector], source: String, file: StaticString = #filePath, line: UInt = #line) {
        for (a, expected, b) in vectors {
            // A string that does not parse fails the assertion with its error.
            XCTAssertEqual(try relation(a, b), expected, "\(source): \(a) \(expected) \(b)", file: file, line: line)
            // Antisymmetric, and equality agrees with the hash.
            let mirrored: Character = expected == "<" ? ">" : (expected == ">" ? "<" : "=")
            XCTAssertEqual(try relation(b, a), mirrored, "\(source): \(b) \(mirrored) \(a)", file: file, line: line)
            if expected == "=" {
                XCTAssertEqual(try Version(a).hashValue, try Version(b).hashValue, "hash \(a) \(b)",
                               file: file, line: line)
            }
        }
    }

    func testLibversionVectors() {
        check(Self.libversion, source: "libversion")
    }

    func testAppStreamVectors() {
        check(Self.appstream, source: "as_vercmp")
    }

    /// The documented differences are real: if one of them starts agreeing, the list in
    /// docs/versions.md must change too.
    func testDeliberateDifferencesAreAsDocumented() {
        for ((a, published, b), ours) in Self.deliberateDifferences {
            let actual: String
            do {
                actual = String(try relation(a, b))
            } catch {
                actual = "error"
            }
            XCTAssertEqual(actual, ours, "\(a) \(published) \(b) (published): ours")
            XCTAssertNotEqual(actual, String(published), "\(a) \(published) \(b) is no difference")
        }
    }
}
