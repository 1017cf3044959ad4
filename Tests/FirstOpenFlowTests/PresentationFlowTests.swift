import FirstOpenContent
import FirstOpenFlow
import FirstOpenState
import XCTest
import FirstOpenTestSupport

/// ``PresentationFlow`` without GTK: each step of the one flow every front end drives.
final class PresentationFlowTests: XCTestCase {
    private let appID = "org.example.Car"

    private func flow(_ version: String, store: any VersionStore, policy: UpdatePolicy = .default,
                      environment: SessionEnvironment = .fixed()) throws -> PresentationFlow {
        PresentationFlow(appID: appID, currentVersion: try Version(version), policy: policy,
                         store: store, environment: environment)
    }

    private func content(_ decision: Decision) -> WindowContent? {
        decision.kind.map { WindowContent(kind: $0, appName: "Car", sections: [ContentSection(rows: [])]) }
    }

    func testAFirstStartShowsWelcomeUnderTheLockAndRecordsOnDismissalOnly() throws {
        let store = InMemoryVersionStore()
        guard case .show(let presentation) = try flow("1.0", store: store).run(content: content) else {
            return XCTFail("no window")
        }
        XCTAssertEqual(presentation.decision, .welcome(current: try Version("1.0")))
        XCTAssertTrue(presentation.lock.isHeld)
        XCTAssertNil(try store.recordedVersion(for: appID), "nothing is recorded while the window is shown")
        // A second start meanwhile (a second window of this process) finds the lock held.
        guard case .alreadyShowing = try flow("1.0", store: store).run(content: content) else {
            return XCTFail("shown twice")
        }
        try presentation.recordDismissal()
        presentation.finish()
        XCTAssertFalse(presentation.lock.isHeld)
        XCTAssertEqual(try store.recordedVersion(for: appID), try Version("1.0"))
        guard case .nothing(.nothing(.sameVersion)) = try flow("1.0", store: store).run(content: content) else {
            return XCTFail("shown again")
        }
    }

    func testNothingDueTakesNoLockAndAsksForNoContent() throws {
        let store = InMemoryVersionStore([appID: try Version("1.3")])
        let held = try XCTUnwrap(try store.tryLock(appID: appID))
        defer { held.release() }
        // The login fast path: the lock held elsewhere does not matter, content is not read.
        let step = try flow("1.3.1", store: store).run { _ in
            XCTFail("content read on the nothing path")
            return nil
        }
        guard case .nothing(.nothing(.insignificant)) = step else { return XCTFail("\(step)") }
    }

    func testAQuietSessionLeavesEvenACorruptRecordAlone() throws {
        let folder = try TemporaryDirectory("first-open-flow")
        defer { folder.remove() }
        let directory = folder.path
        let store = KeyFileVersionStore(directory: directory)
        try "not a key file".write(toFile: store.path(for: appID), atomically: false, encoding: .utf8)
        let live = SessionEnvironment.fixed(quietSession: QuietSession(kind: .liveSession, reason: "a live session"))
        let quiet = try flow("1.0", store: store, environment: live)
        guard case .quiet(let reason, let look) = try quiet.run(content: content) else { return XCTFail("not quiet") }
        XCTAssertEqual(reason, "a live session")
        XCTAssertNotNil(look.recordProblem)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["org.example.Car.state"],
                       "nothing moved or written")

        // In an ordinary session the record is repaired under the lock; never Welcome.
        guard case .repaired = try flow("1.0", store: store).run(content: content) else { return XCTFail("not repaired") }
        XCTAssertEqual(try store.recordedVersion(for: appID), try Version("1.0"))
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: directory).contains { $0.contains(".corrupt-") })
    }

    func testNoDisplayLocksAndRecordsNothingButABrokenRowStillFails() throws {
        let store = InMemoryVersionStore()
        guard case .noDisplay(let look) = try flow("1.0", store: store).run(hasDisplay: false, content: content) else {
            return XCTFail("not noDisplay")
        }
        XCTAssertEqual(look.decision.kind, .welcome)
        XCTAssertNotNil(try store.tryLock(appID: appID), "the lock was not kept")
        let broken = SpecError.missingKey(file: "car.spec", group: "Welcome 1", key: "Title")
        XCTAssertThrowsError(try flow("1.0", store: store).run(hasDisplay: false) { _ throws(FirstOpenFailure) in
            throw .spec(broken)
        }) { error in
            XCTAssertEqual(error as? FirstOpenFailure, .spec(broken))
        }
    }

    func testNoContentRecordsSilentlyAndReleasesTheLock() throws {
        let store = InMemoryVersionStore([appID: try Version("1.0")])
        guard case .recordedSilently(.whatsNew) = try flow("2.0", store: store).run(content: { _ in nil }) else {
            return XCTFail("not recorded silently")
        }
        XCTAssertEqual(try store.recordedVersion(for: appID), try Version("2.0"))
        XCTAssertNotNil(try store.tryLock(appID: appID), "the lock was released")
    }

    func testOnlyOneKindLeavesTheOtherKindsDecisionAlone() throws {
        let store = InMemoryVersionStore([appID: try Version("1.0")])
        guard case .nothing(.whatsNew) = try flow("2.0", store: store).run(only: .welcome, content: content) else {
            return XCTFail("welcome-only showed What's New")
        }
        guard case .show(let presentation) = try flow("2.0", store: store).run(only: .whatsNew, content: content) else {
            return XCTFail("no What's New")
        }
        presentation.finish()
    }

    func testADecisionChangedUnderTheLockReadsTheContentAgain() throws {
        let store = InMemoryVersionStore()
        let flow = try flow("2.0", store: store)
        let look = try flow.look()
        XCTAssertEqual(look.decision, .welcome(current: try Version("2.0")))
        // Another start recorded 1.0 between the look and the lock: What's New, not Welcome.
        try store.record(try Version("1.0"), for: appID)
        var asked: [Decision] = []
        guard case .show(let presentation) = try flow.run(after: look, content: { decision in
            asked.append(decision)
            return content(decision)
        }) else { return XCTFail("no window") }
        defer { presentation.finish() }
        XCTAssertEqual(presentation.content.kind, .whatsNew)
        XCTAssertEqual(asked.map(\.kind), [.welcome, .whatsNew])
    }

    func testAFailureIsOneLineWithControlCharactersEscaped() {
        XCTAssertEqual(FirstOpenFailure.state(.unwritable(path: "/x", reason: "read-only")).description,
                       "cannot write state record /x: read-only")
        let line = FirstOpenFailure.cannotWrite(path: "/x\u{1b}]0;title\u{7}\n", reason: "no space").description
        XCTAssertTrue(line.hasPrefix("cannot write /x"), line)
        XCTAssertFalse(line.contains { $0 == "\u{1b}" || $0 == "\u{7}" || $0 == "\n" }, line)
    }
}
