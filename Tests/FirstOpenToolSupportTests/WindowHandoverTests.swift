import FirstOpenContent
import FirstOpenFlow
import FirstOpenState
import FirstOpenToolSupport
import XCTest
import FirstOpenTestSupport

/// `first-open` → `first-open-window`: the hand-over carries what the flow decided, and
/// the window process records through the flow's ``Presentation``, as every front end does.
final class WindowHandoverTests: XCTestCase {
    private let appID = "org.example.Car"

    func testTheHandoverCarriesTheDecisionAndRecordsThroughTheFlow() throws {
        let store = InMemoryVersionStore()
        try store.record(try Version("1.0"), for: appID)
        let flow = PresentationFlow(appID: appID, currentVersion: try Version("2.0"), policy: .default,
                                    store: store, environment: .fixed())
        let step = try flow.run { decision in
            decision.kind.map { WindowContent(kind: $0, appName: "Car", sections: [ContentSection(rows: [])]) }
        }
        guard case .show(let decided) = step else { return XCTFail("no window: \(step)") }
        defer { decided.finish() }

        let handover = WindowHandover(decided)
        XCTAssertEqual(handover.decision, .whatsNew(from: try Version("1.0"), to: try Version("2.0")))
        XCTAssertEqual(handover.arguments,
                       ["--kind", "whats-new", "--app-id", appID, "--record-version", "2.0", "--from", "1.0",
                        "--lock-fd", String(decided.lock.fileDescriptor)])

        // The window process: the same decision, the inherited lock, the record on dismissal.
        let shown = handover.presentation(content: decided.content, lock: decided.lock, store: store)
        XCTAssertEqual(shown.decision, decided.decision)
        XCTAssertEqual(try store.recordedVersion(for: appID, movingCorruptRecordAside: false), try Version("1.0"),
                       "nothing is recorded before the dismissal")
        try shown.recordDismissal()
        XCTAssertEqual(try store.recordedVersion(for: appID, movingCorruptRecordAside: false), try Version("2.0"))
    }

    /// A hand-over is all of what first-open decided, or `first-open-window` refuses it
    /// (exit 64, one line) before opening a display: no lock, or What's New without `--from`.
    func testAnIncompleteHandoverIsAUsageError() throws {
        let cli = try CLIHarness()
        let helper = CLIHarness.productsDirectory.appendingPathComponent("first-open-window").path
        let spec = packageRoot.appendingPathComponent("data/examples/org.example.Car.spec").path
        let cases: [([String], String)] = [
            (["--kind", "welcome", "--app-id", appID, "--record-version", "1.3.0"],
             "show: --record-version needs --lock-fd, the lock first-open holds"),
            (["--kind", "welcome", "--app-id", appID, "--record-version", "1.3.0", "--lock-fd", "99"],
             "show: --record-version needs --lock-fd, the lock first-open holds"),
            (["--kind", "whats-new", "--app-id", appID, "--record-version", "1.3.0", "--lock-fd", "99"],
             "show: --record-version with --kind whats-new needs --from"),
        ]
        for (options, line) in cases {
            let result = try CLIHarness.runTool(helper, ["show"] + options + ["--", spec], environment: cli.environment)
            XCTAssertEqual(result.status, 64, "\(options): \(result.stderr)")
            XCTAssertEqual(result.stderr, "first-open: \(line)\n", "\(options)")
            XCTAssertNil(cli.recordedVersion(appID), "\(options)")
        }
    }
}
