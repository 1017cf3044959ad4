import FirstOpenContent
import FirstOpenFlow
import FirstOpenState
import FirstOpenToolSupport
import XCTest
import FirstOpenTestSupport
#if canImport(Glibc)
import Glibc
#endif

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

        let handover = WindowHandover(decided, specPath: "/spec")
        XCTAssertEqual(handover.decision, .whatsNew(from: try Version("1.0"), to: try Version("2.0")))
        XCTAssertEqual(handover.arguments,
                       ["show", "--kind", "whats-new", "--app-id", appID, "--record-version", "2.0", "--from", "1.0",
                        "--lock-fd", String(decided.lock.fileDescriptor), "--", "/spec"])

        // The window process: the same decision, the inherited lock, the record on dismissal.
        let shown = try XCTUnwrap(handover.presentation(content: decided.content, environment: .fixed(), store: store))
        XCTAssertEqual(shown.decision, decided.decision)
        XCTAssertEqual(try store.recordedVersion(for: appID, movingCorruptRecordAside: false), try Version("1.0"),
                       "nothing is recorded before the dismissal")
        try shown.recordDismissal()
        XCTAssertEqual(try store.recordedVersion(for: appID, movingCorruptRecordAside: false), try Version("2.0"))
    }

    /// Written by first-open, read by the window helper: the same window, decision and
    /// parent, the lock adopted; the settings read once, by the rebuilt presentation.
    func testTheHandoverReadsBackWhatItWrites() throws {
        let cli = try CLIHarness()
        // A lock file (an in-memory store's lock cannot cross exec).
        let store = KeyFileVersionStore(directory: cli.stateHome.appendingPathComponent("first-open").path)
        try store.record(try Version("1.0"), for: appID)
        let flow = PresentationFlow(appID: appID, currentVersion: try Version("2.0"), policy: .default,
                                    store: store, environment: .fixed())
        let step = try flow.run { decision in
            decision.kind.map { WindowContent(kind: $0, appName: "Car", sections: [ContentSection(rows: [])]) }
        }
        guard case .show(let decided) = step else { return XCTFail("no window: \(step)") }
        defer { decided.finish() }

        var written = WindowHandover(decided, specPath: "/path/to/org.example.Car.spec", parent: "x11:0x2a00004").arguments
        XCTAssertEqual(written.first, "show")
        // exec hands the helper the same open lock; here a copy of the descriptor, which
        // the read hand-over adopts (and closes) on its own.
        let lockIndex = try XCTUnwrap(written.firstIndex(of: "--lock-fd")) + 1
        let inherited = dup(decided.lock.fileDescriptor)
        XCTAssertGreaterThanOrEqual(inherited, 0)
        written[lockIndex] = String(inherited)

        let read = try WindowHandover(parsing: ["first-open show"] + written.dropFirst())
        XCTAssertEqual(read.specPath, "/path/to/org.example.Car.spec")
        XCTAssertEqual(read.kind, .whatsNew)
        XCTAssertEqual(read.parent, "x11:0x2a00004")
        XCTAssertEqual(read.decided, WindowHandover.Decided(appID: appID, version: try Version("2.0"), from: try Version("1.0")))
        XCTAssertEqual(read.decision, decided.decision, "the same decision")
        XCTAssertEqual(read.lock?.fileDescriptor, inherited, "the inherited lock is adopted, not reopened")
        XCTAssertEqual(read.arguments, written, "read back, it writes the same command line")

        // The settings, read once by the rebuilt presentation: the opt-out unless locked.
        var locked = FirstOpenSettings()
        locked.lockedKeys = [.showWhatsNew]
        let refused = try XCTUnwrap(read.presentation(content: decided.content, environment: .fixed(locked), store: store))
        XCTAssertEqual(refused.settings?.lockedKeys, [.showWhatsNew])
        XCTAssertFalse(refused.content.offersWhatsNewOptOut, "the administrator locked ShowWhatsNew")
        let shown = try XCTUnwrap(read.presentation(content: decided.content, environment: .fixed(), store: store))
        XCTAssertTrue(shown.content.offersWhatsNewOptOut)
        XCTAssertEqual(shown.decision, decided.decision)
        XCTAssertEqual(shown.appID, appID)
        XCTAssertEqual(shown.version, try Version("2.0"))
        try shown.recordDismissal()
        XCTAssertEqual(cli.recordedVersion(appID), "2.0")
        shown.finish()
        XCTAssertFalse(read.lock?.isHeld ?? true, "the presentation releases the inherited lock")

        // A forced window: the kind and the notes' start as given, no decision, no record.
        let forced = WindowHandover(specPath: "/spec", forced: .whatsNew, from: "0.9")
        XCTAssertEqual(forced.arguments, ["show", "--kind", "whats-new", "--from", "0.9", "--", "/spec"])
        let forcedRead = try WindowHandover(parsing: ["first-open show"] + forced.arguments.dropFirst())
        XCTAssertNil(forcedRead.decided)
        XCTAssertNil(forcedRead.decision)
        XCTAssertNil(forcedRead.lock)
        XCTAssertEqual(try forcedRead.notesAfter(), try Version("0.9"))
        XCTAssertNil(forcedRead.presentation(content: decided.content, environment: .fixed(), store: store))
        XCTAssertEqual(forcedRead.arguments, forced.arguments)
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
