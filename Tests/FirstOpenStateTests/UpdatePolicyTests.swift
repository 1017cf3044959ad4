import XCTest
import FirstOpenState

final class UpdatePolicyTests: XCTestCase {
    private func significant(_ change: UpdatePolicy.Change, _ from: String, _ to: String,
                             prereleases: Bool = false) throws -> Bool {
        UpdatePolicy(change: change, countsPrereleases: prereleases)
            .isSignificant(from: try Version(from), to: try Version(to))
    }

    func testDefaults() {
        XCTAssertEqual(UpdatePolicy.default.change, .minor)
        XCTAssertFalse(UpdatePolicy.default.countsPrereleases)
        XCTAssertEqual(UpdatePolicy(), .default)
    }

    func testMajor() throws {
        XCTAssertTrue(try significant(.major, "1.9", "2.0"))
        XCTAssertTrue(try significant(.major, "1.0", "1:1.0"), "epoch change")
        XCTAssertFalse(try significant(.major, "1.2", "1.3"))
        XCTAssertFalse(try significant(.major, "1.2.3", "1.2.4"))
    }

    func testMinor() throws {
        XCTAssertTrue(try significant(.minor, "1.2.0", "1.3.0"))
        XCTAssertTrue(try significant(.minor, "1.9", "2.0"))
        XCTAssertTrue(try significant(.minor, "1.9", "1.10"))
        XCTAssertTrue(try significant(.minor, "2.0", "1:0.1"))
        XCTAssertFalse(try significant(.minor, "1.3.0", "1.3.1"))
        XCTAssertFalse(try significant(.minor, "1.3", "1.3.0.1"))
    }

    func testPatch() throws {
        XCTAssertTrue(try significant(.patch, "1.3.0", "1.3.1"))
        XCTAssertTrue(try significant(.patch, "1.3.0", "1.4.0"))
        XCTAssertTrue(try significant(.patch, "1.3.0", "2.0.0"))
        XCTAssertFalse(try significant(.patch, "1.3.0", "1.3.0.1"))
    }

    func testAny() throws {
        XCTAssertTrue(try significant(.any, "1.3.0", "1.3.0.1"))
        XCTAssertTrue(try significant(.any, "1.3.0", "1.3.1"))
        XCTAssertFalse(try significant(.any, "1.3.0", "1.3.0"))
        XCTAssertFalse(try significant(.any, "1.3-1", "1.3-2"), "a packaging revision is no increase")
    }

    func testAnyShowsEveryUpgradeIncludingPrereleaseSteps() throws {
        // The original FirstOpenViews' behaviour, whatever CountPrereleases says.
        for prereleases in [false, true] {
            for (from, to) in [("1.0~rc1", "1.0"), ("1.2.3~rc1", "1.2.3~rc2"), ("1.0.0-beta.2", "1.0.0"),
                               ("46.alpha", "46.0"), ("1.9", "2.0~rc1"), ("45.0", "46.alpha"),
                               ("1.1.1", "1.1.1w"), ("2.79a", "2.79b")] {
                XCTAssertTrue(try significant(.any, from, to, prereleases: prereleases), "\(from) -> \(to)")
                XCTAssertFalse(try significant(.any, to, from, prereleases: prereleases), "\(to) -> \(from)")
            }
        }
        XCTAssertTrue(UpdatePolicy(change: .any).includesPrereleases)
    }

    func testOtherPoliciesKeepThePrereleaseRule() throws {
        for change in [UpdatePolicy.Change.major, .minor, .patch] {
            XCTAssertFalse(UpdatePolicy(change: change).includesPrereleases)
            XCTAssertFalse(try significant(change, "1.0~rc1", "1.0"), "\(change)")
            XCTAssertFalse(try significant(change, "1.2.3~rc1", "1.2.3~rc2"), "\(change)")
            XCTAssertFalse(try significant(change, "46.alpha", "46.0"), "\(change)")
            XCTAssertFalse(try significant(change, "1.1.1", "1.1.1w"), "\(change): a post-release is no patch release")
        }
    }

    func testNeverForDowngradeOrSame() throws {
        for change in UpdatePolicy.Change.allCases {
            XCTAssertFalse(try significant(change, "2.0", "1.0"), "\(change)")
            XCTAssertFalse(try significant(change, "1:1.0", "2.0"), "\(change)")
            XCTAssertFalse(try significant(change, "1.0", "1.0.0"), "\(change)")
            XCTAssertFalse(try significant(change, "2.0", "1.0", prereleases: true), "\(change)")
        }
    }

    func testUpgradeToPrereleaseDoesNotCountByDefault() throws {
        // (`any` counts every step: testAnyShowsEveryUpgradeIncludingPrereleaseSteps.)
        for change in [UpdatePolicy.Change.major, .minor, .patch] {
            XCTAssertFalse(try significant(change, "1.9", "2.0~rc1"), "\(change)")
            XCTAssertFalse(try significant(change, "45.0", "46.alpha"), "\(change)")
        }
    }

    func testPrereleaseFromComparesOnReleaseComponents() throws {
        // A recorded pre-release counts as its release: rc -> final is no change...
        for change in [UpdatePolicy.Change.major, .minor, .patch] {
            XCTAssertFalse(try significant(change, "2.0~rc1", "2.0"), "\(change)")
        }
        // ...but going past it is.
        XCTAssertTrue(try significant(.minor, "2.0~rc1", "2.1"))
        XCTAssertTrue(try significant(.major, "46.beta", "47.0"))
        XCTAssertFalse(try significant(.minor, "2.0~rc1", "2.0.1"))
        XCTAssertTrue(try significant(.patch, "2.0~rc1", "2.0.1"))
    }

    func testCountingPrereleases() throws {
        XCTAssertTrue(try significant(.major, "1.9", "2.0~rc1", prereleases: true))
        XCTAssertTrue(try significant(.minor, "45.0", "46.alpha", prereleases: true))
        XCTAssertFalse(try significant(.minor, "2.0~rc1", "2.0~rc2", prereleases: true))
        XCTAssertTrue(try significant(.any, "2.0~rc1", "2.0~rc2", prereleases: true))
        XCTAssertTrue(try significant(.any, "2.0~rc2", "2.0", prereleases: true))
        XCTAssertFalse(try significant(.minor, "2.0~rc2", "2.0", prereleases: true))
    }

    func testParsing() throws {
        for change in UpdatePolicy.Change.allCases {
            XCTAssertEqual(try UpdatePolicy(parsing: change.rawValue).change, change)
        }
        XCTAssertEqual(try UpdatePolicy(parsing: " Major ").change, .major)
        XCTAssertThrowsError(try UpdatePolicy(parsing: "minr")) { error in
            let text = "\(error)"
            XCTAssertEqual(text, "unknown policy \"minr\": expected one of major, minor, patch, any")
        }
        XCTAssertThrowsError(try UpdatePolicy(parsing: ""))
    }

    func testDescription() {
        XCTAssertEqual(UpdatePolicy.default.description, "minor")
        XCTAssertEqual(UpdatePolicy(change: .any, countsPrereleases: true).description, "any, counting pre-releases")
    }
}
