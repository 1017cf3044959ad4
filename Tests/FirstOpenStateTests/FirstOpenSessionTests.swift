import Foundation
import XCTest
import FirstOpenState
import FirstOpenTestSupport

final class FirstOpenSessionTests: XCTestCase {
    private let appID = "org.example.Car"

    private func session(_ current: String, store: any VersionStore, policy: UpdatePolicy = .default,
                         showsWhatsNew: Bool = true) throws -> FirstOpenSession {
        FirstOpenSession(appID: appID, currentVersion: try Version(current), policy: policy,
                         store: store, showsWhatsNew: showsWhatsNew)
    }

    func testDecidingWritesNothingAndDismissalRecords() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = KeyFileVersionStore(directory: temp.path + "/first-open")
        let first = try session("1.2.0", store: store)

        XCTAssertEqual(try first.decide(), .welcome(current: try Version("1.2.0")))
        XCTAssertEqual(try first.decide(), .welcome(current: try Version("1.2.0")), "still Welcome: not seen yet")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path(for: appID)))

        try first.recordDismissal()
        XCTAssertEqual(try first.decide(), .nothing(.sameVersion(try Version("1.2.0"))))

        let upgraded = try session("1.3.0", store: store)
        XCTAssertEqual(try upgraded.decide(), .whatsNew(from: try Version("1.2.0"), to: try Version("1.3.0")))
        XCTAssertEqual(try upgraded.decide(), .whatsNew(from: try Version("1.2.0"), to: try Version("1.3.0")),
                       "a crash before dismissal shows it again")
        XCTAssertEqual(try upgraded.recordedVersion(), try Version("1.2.0"))
        try upgraded.recordDismissal()
        XCTAssertEqual(try upgraded.recordedVersion()?.description, "1.3.0")
        XCTAssertEqual(try upgraded.decide(), .nothing(.sameVersion(try Version("1.3.0"))))
    }

    func testDowngradeKeepsTheHigherRecord() throws {
        let store = InMemoryVersionStore([appID: try Version("2.0")])
        let older = try session("1.3.0", store: store)
        XCTAssertEqual(try older.decide(), .nothing(.downgrade(recorded: try Version("2.0"), current: try Version("1.3.0"))))
        try older.recordDismissal()
        try older.recordWithoutShowing()
        XCTAssertEqual(try store.recordedVersion(for: appID)?.description, "2.0")
    }

    func testRecordWithoutShowing() throws {
        let store = InMemoryVersionStore()
        let current = try session("1.3.0", store: store)
        try current.recordWithoutShowing(version: try Version("1.1"))
        XCTAssertEqual(try current.decide(), .whatsNew(from: try Version("1.1"), to: try Version("1.3.0")))
        try current.recordWithoutShowing()
        XCTAssertEqual(try current.decide(), .nothing(.sameVersion(try Version("1.3.0"))))
    }

    func testPolicyAndSwitchArePassedOn() throws {
        let store = InMemoryVersionStore([appID: try Version("1.3.0")])
        XCTAssertEqual(try session("1.3.1", store: store, policy: UpdatePolicy(change: .patch)).decide(),
                       .whatsNew(from: try Version("1.3.0"), to: try Version("1.3.1")))
        XCTAssertEqual(try session("1.4", store: store, showsWhatsNew: false).decide(),
                       .nothing(.whatsNewDisabled(from: try Version("1.3.0"), to: try Version("1.4"))))
    }

    func testCorruptRecordIsAnErrorNotAWelcome() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = KeyFileVersionStore(directory: temp.path)
        try temp.write("org.example.Car.state", "Version=")
        let current = try session("1.3.0", store: store)
        XCTAssertThrowsError(try current.decide()) { error in
            guard case .corrupt? = error as? StoreError else { return XCTFail("\(error)") }
        }
        try current.recordDismissal()
        XCTAssertEqual(try current.decide(), .nothing(.sameVersion(try Version("1.3.0"))))
    }

    func testRepairingDecisionReplacesACorruptRecordAndNeverWelcomes() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = KeyFileVersionStore(directory: temp.path)
        try temp.write("org.example.Car.state", "not a key file")
        let current = try session("1.3.0", store: store)
        let (decision, repaired) = try current.decideRepairingCorruptRecord()
        XCTAssertEqual(decision, .nothing(.unusableRecord(current: try Version("1.3.0"))))
        guard case .corrupt(_, let keptAs, _)? = repaired else { return XCTFail("\(String(describing: repaired))") }
        XCTAssertTrue(keptAs.contains(".corrupt-"), keptAs)
        // The fresh record makes the next start a returning user's, not a first start.
        XCTAssertEqual(try store.recordedVersion(for: "org.example.Car"), try Version("1.3.0"))
        let (again, nothingRepaired) = try current.decideRepairingCorruptRecord()
        XCTAssertEqual(again, .nothing(.sameVersion(try Version("1.3.0"))))
        XCTAssertNil(nothingRepaired)
        // Without a problem it is decide() itself.
        let fresh = try session("1.0", store: InMemoryVersionStore())
        XCTAssertEqual(try fresh.decideRepairingCorruptRecord().decision, .welcome(current: try Version("1.0")))
    }
}
