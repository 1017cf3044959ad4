import XCTest
import FirstOpenState

final class InMemoryVersionStoreTests: XCTestCase {
    func testRecordsNeverLowerAndForget() throws {
        let store = InMemoryVersionStore()
        XCTAssertNil(try store.recordedVersion(for: "a.b"))
        try store.record(try Version("2.0"), for: "a.b")
        try store.record(try Version("1.0"), for: "a.b")
        XCTAssertEqual(try store.recordedVersion(for: "a.b"), try Version("2.0"))
        try store.record(try Version("2.1"), for: "a.b")
        XCTAssertEqual(try store.recordedVersion(for: "a.b"), try Version("2.1"))
        try store.forget("a.b")
        XCTAssertNil(try store.recordedVersion(for: "a.b"))
        XCTAssertThrowsError(try store.record(try Version("1"), for: "../x")) { error in
            XCTAssertEqual(error as? StoreError, .invalidAppID("../x"))
        }
    }

    func testInitialRecords() throws {
        let store = InMemoryVersionStore(["a.b": try Version("1.2")])
        XCTAssertEqual(try store.recordedVersion(for: "a.b")?.description, "1.2")
    }
}
