import XCTest
import FirstOpenState

final class DecisionTests: XCTestCase {
    private func decide(_ recorded: String?, _ current: String, policy: UpdatePolicy = .default,
                        showsWhatsNew: Bool = true) throws -> Decision {
        PresentationDecider.decide(
            recorded: try recorded.map { try Version($0) }, current: try Version(current),
            policy: policy, showsWhatsNew: showsWhatsNew)
    }

    func testWelcomeWithoutRecord() throws {
        let decision = try decide(nil, "1.3.0")
        XCTAssertEqual(decision, .welcome(current: try Version("1.3.0")))
        XCTAssertTrue(decision.showsWindow)
        XCTAssertEqual(decision.explanation(appID: "org.example.Car"),
                       "welcome: no record of org.example.Car; current version 1.3.0")
        XCTAssertEqual(decision.explanation, "welcome: no record of this app; current version 1.3.0")
        // Welcome does not depend on showsWhatsNew.
        XCTAssertEqual(try decide(nil, "1.3.0", showsWhatsNew: false), decision)
    }

    func testWhatsNewCarriesTheRange() throws {
        let decision = try decide("1.1.0", "1.3.0")
        XCTAssertEqual(decision, .whatsNew(from: try Version("1.1.0"), to: try Version("1.3.0")))
        XCTAssertTrue(decision.showsWindow)
        XCTAssertEqual(decision.explanation(appID: "org.example.Car", policy: .default),
                       "whats-new: 1.1.0 -> 1.3.0 (minor upgrade, policy minor)")
        XCTAssertEqual(try decide("1.2", "2.0").explanation(appID: "x"), "whats-new: 1.2 -> 2.0 (major upgrade)")
    }

    func testSameVersion() throws {
        let decision = try decide("1.3.0", "1.3.0")
        XCTAssertEqual(decision, .nothing(.sameVersion(try Version("1.3.0"))))
        XCTAssertFalse(decision.showsWindow)
        XCTAssertEqual(decision.explanation(appID: "org.example.Car"), "nothing: 1.3.0 already seen")
        XCTAssertEqual(try decide("1.3", "1.3.0"), .nothing(.sameVersion(try Version("1.3.0"))))
    }

    func testInsignificantUpgrade() throws {
        let decision = try decide("1.3.0", "1.3.1")
        XCTAssertEqual(decision, .nothing(.insignificant(
            from: try Version("1.3.0"), to: try Version("1.3.1"), policy: .default)))
        XCTAssertEqual(decision.explanation(appID: "org.example.Car"),
                       "nothing: 1.3.1 is a patch release of 1.3.0 (policy minor)")
        XCTAssertEqual(try decide("1.3.0", "1.3.1", policy: UpdatePolicy(change: .patch)),
                       .whatsNew(from: try Version("1.3.0"), to: try Version("1.3.1")))
        XCTAssertEqual(try decide("1.9", "2.0~rc1").explanation(appID: "a"),
                       "nothing: 2.0~rc1 is a pre-release; policy minor does not count pre-releases (recorded 1.9)")
        XCTAssertEqual(try decide("2.0~rc1", "2.0").explanation(appID: "a"),
                       "nothing: 2.0 is the final release of 2.0~rc1 (policy minor)")
    }

    func testDowngradeKeepsTheHigherRecord() throws {
        let decision = try decide("2.0", "1.3.0")
        XCTAssertEqual(decision, .nothing(.downgrade(recorded: try Version("2.0"), current: try Version("1.3.0"))))
        XCTAssertEqual(decision.explanation(appID: "org.example.Car"),
                       "nothing: downgrade from 2.0 to 1.3.0; record keeps 2.0")
        XCTAssertEqual(try decide("1:1.0", "9.0"),
                       .nothing(.downgrade(recorded: try Version("1:1.0"), current: try Version("9.0"))))
    }

    func testWhatsNewDisabled() throws {
        let decision = try decide("1.2.0", "1.3.0", showsWhatsNew: false)
        XCTAssertEqual(decision, .nothing(.whatsNewDisabled(from: try Version("1.2.0"), to: try Version("1.3.0"))))
        XCTAssertEqual(decision.explanation(appID: "org.example.Car"),
                       "nothing: What's New is turned off for org.example.Car (1.2.0 -> 1.3.0)")
        // An insignificant upgrade reports the policy, the real cause.
        if case .nothing(.insignificant) = try decide("1.2.0", "1.2.1", showsWhatsNew: false) {} else {
            XCTFail("expected insignificant")
        }
    }

    func testExplanationFirstWord() throws {
        let decisions = [
            try decide(nil, "1"), try decide("1", "2"), try decide("1", "1"),
            try decide("2", "1"), try decide("1.0", "1.0.1"), try decide("1", "2", showsWhatsNew: false),
        ]
        let firstWords = decisions.map { $0.explanation(appID: "a.b").split(separator: ":").first.map(String.init) }
        XCTAssertEqual(firstWords, ["welcome", "whats-new", "nothing", "nothing", "nothing", "nothing"])
        for decision in decisions {
            XCTAssertFalse(decision.explanation.contains("\n"))
        }
    }
}
