import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import Glibc
import XCTest
import FirstOpenGTKWrappers

/// `welcomeView` / `whatsNewView` on an app window, and `PresentationFlow.present(over:)`.
final class EmbeddingTests: XCTestCase {
    private static let appID = "org.example.FirstOpenViewsTests"
    private static let rows = [
        InformationDetailView(title: "Car", subTitle: "A car.", image: "emoji-travel-symbolic"),
        InformationDetailView(title: "Tram", subTitle: "A tram.", image: "mark-location-symbolic", mainColor: .green),
    ]

    /// No settings files, an ordinary session: what every test but the host test uses,
    /// so no test depends on the settings or the session of the machine running it.
    private static let ordinaryHost = SessionEnvironment.fixed()

    /// Collects what each attached check did.
    @MainActor
    private final class Outcomes {
        var all: [FirstOpenAttachment.Outcome] = []
        func append(_ outcome: FirstOpenAttachment.Outcome) { all.append(outcome) }
    }

    func testWelcomeShowsOnFirstMapAndRecordsOnContinue() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let store = InMemoryVersionStore()
            let appWindow = Window(title: "App")
            defer { appWindow.destroy() }
            var reasons: [DismissalReason] = []
            let outcomes = Outcomes()
            appWindow.firstOpenView(.welcome, FirstOpenOptions(
                appID: appID, appName: "Car", version: "1.2", store: store, informationDetailViews: Self.rows,
                onDismiss: { reasons.append($0) }
            ).testing(environment: Self.ordinaryHost, onOutcome: outcomes.append))
            // Nothing is checked before the window is shown: every pending event and idle
            // callback has run, and the check has not.
            drainMainLoop()
            XCTAssertTrue(outcomes.all.isEmpty, "\(outcomes.all)")

            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { !outcomes.all.isEmpty })
            guard case .presentation(.presented(let dialog)) = outcomes.all[0] else {
                return XCTFail("\(outcomes.all)")
            }
            XCTAssertEqual(visibleToplevels(titled: "Welcome to Car").count, 1)
            XCTAssertEqual(dialog.window.title, "Welcome to Car")
            XCTAssertTrue(dialog.window.isModal)
            XCTAssertTrue(dialog.window.isTransient(for: appWindow))
            // Not recorded while open.
            XCTAssertNil(try store.recordedVersion(for: appID))

            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Return)))
            XCTAssertTrue(spinMainLoop { !reasons.isEmpty })
            XCTAssertEqual(reasons, [.continued])
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("1.2"))

            // Checked once: hiding and showing the app window again does not run it again.
            appWindow.hide()
            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { appWindow.isMapped })
            drainMainLoop()
            XCTAssertEqual(outcomes.all.count, 1, "\(outcomes.all)")
        }
    }

    /// Every real app passes no outcome callback: the check must still run (it was
    /// skipped by `onOutcome?(check(...))`, so no app ever saw its Welcome).
    func testWelcomeShowsWithoutAnOutcomeCallback() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let store = InMemoryVersionStore()
            let appWindow = Window(title: "App")
            defer { appWindow.destroy() }
            var reasons: [DismissalReason] = []
            appWindow.firstOpenView(.welcome, FirstOpenOptions(
                appID: appID, appName: "NoCallback", version: "3.1", store: store,
                informationDetailViews: Self.rows, onDismiss: { reasons.append($0) }
            ).testing(environment: Self.ordinaryHost, onOutcome: nil))
            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { !visibleToplevels(titled: "Welcome to NoCallback").isEmpty })
            let dialogs = visibleToplevels(titled: "Welcome to NoCallback")
            XCTAssertEqual(dialogs.count, 1)
            XCTAssertNil(try store.recordedVersion(for: appID), "recorded on dismissal, not when shown")
            if let dialog = dialogs.first {
                XCTAssertTrue(Window(existing: dialog).sendKeyPress(keyval: UInt(GDK_KEY_Return)))
            }
            XCTAssertTrue(spinMainLoop { !reasons.isEmpty })
            XCTAssertEqual(reasons, [.continued])
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("3.1"))
        }
    }

    func testAlreadyMappedWindowGetsTheWelcomeFromTheMainLoop() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let appWindow = Window(title: "App")
            defer { appWindow.destroy() }
            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { appWindow.isMapped })
            let outcomes = Outcomes()
            appWindow.firstOpenView(.welcome, FirstOpenOptions(
                appID: appID, appName: "Car", version: "1.0", store: InMemoryVersionStore(),
                informationDetailViews: Self.rows
            ).testing(environment: Self.ordinaryHost, onOutcome: outcomes.append))
            XCTAssertTrue(outcomes.all.isEmpty, "the check waits for the main loop")
            XCTAssertTrue(spinMainLoop { !outcomes.all.isEmpty })
            guard case .presentation(.presented(let dialog)) = outcomes.all[0] else {
                return XCTFail("\(outcomes.all)")
            }
            XCTAssertTrue(dialog.window.isTransient(for: appWindow))
            dialog.dismiss()
        }
    }

    func testReturningUserSeesNothingAndAnUpdatedUserSeesWhatsNewOnly() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            // Same version: both checks decide "nothing: already seen".
            let seen = InMemoryVersionStore([appID: try Version("2.0")])
            let sameWindow = Window(title: "App")
            defer { sameWindow.destroy() }
            let sameOutcomes = Outcomes()
            sameWindow
                .firstOpenView(.welcome, FirstOpenOptions(
                    appID: appID, appName: "Car", version: "2.0", store: seen,
                    informationDetailViews: Self.rows
                ).testing(environment: Self.ordinaryHost, onOutcome: sameOutcomes.append))
                .firstOpenView(.whatsNew, FirstOpenOptions(
                    appID: appID, appName: "Car", version: "2.0", store: seen,
                    informationDetailViews: Self.rows
                ).testing(environment: Self.ordinaryHost, onOutcome: sameOutcomes.append))
            sameWindow.showAll()
            XCTAssertTrue(spinMainLoop { sameOutcomes.all.count == 2 })
            for outcome in sameOutcomes.all {
                guard case .presentation(.nothing(.nothing(.sameVersion(let version)))) = outcome else {
                    return XCTFail("\(outcome)")
                }
                XCTAssertEqual(version, try Version("2.0"))
            }

            // Upgrade from 1.0 to 2.0: What's New, not Welcome; Escape records too.
            let old = InMemoryVersionStore([appID: try Version("1.0")])
            let appWindow = Window(title: "App")
            defer { appWindow.destroy() }
            var reasons: [DismissalReason] = []
            var welcomeOutcome: FirstOpenAttachment.Outcome?
            var whatsNewOutcome: FirstOpenAttachment.Outcome?
            appWindow
                .firstOpenView(.welcome, FirstOpenOptions(
                    appID: appID, appName: "Car", version: "2.0", store: old, informationDetailViews: Self.rows
                ).testing(environment: Self.ordinaryHost, onOutcome: { welcomeOutcome = $0 }))
                .firstOpenView(.whatsNew, FirstOpenOptions(
                    appID: appID, appName: "Car", version: "2.0", store: old, informationDetailViews: Self.rows,
                    onDismiss: { reasons.append($0) }
                ).testing(environment: Self.ordinaryHost, onOutcome: { whatsNewOutcome = $0 }))
            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { welcomeOutcome != nil && whatsNewOutcome != nil })
            // The Welcome check sees a What's New decision and leaves it to the other.
            guard case .presentation(.nothing(.whatsNew(let from, let to)))? = welcomeOutcome else {
                return XCTFail("\(String(describing: welcomeOutcome))")
            }
            XCTAssertEqual([from, to], [try Version("1.0"), try Version("2.0")])
            guard case .presentation(.presented(let dialog))? = whatsNewOutcome else {
                return XCTFail("\(String(describing: whatsNewOutcome))")
            }
            XCTAssertEqual(dialog.window.title, "What's New in Car")
            XCTAssertTrue(visibleToplevels(titled: "Welcome to Car").isEmpty)
            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Escape))
            XCTAssertEqual(reasons, [.escaped])
            XCTAssertEqual(try old.recordedVersion(for: appID), try Version("2.0"))
        }
    }

    func testBugfixReleaseShowsNothingUnderTheDefaultPolicy() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let store = InMemoryVersionStore([appID: try Version("2.0.0")])
            let appWindow = Window(title: "App")
            defer { appWindow.destroy() }
            var outcome: FirstOpenAttachment.Outcome?
            appWindow.firstOpenView(.whatsNew, FirstOpenOptions(
                appID: appID, appName: "Car", version: "2.0.1", store: store, informationDetailViews: Self.rows
            ).testing(environment: Self.ordinaryHost, onOutcome: { outcome = $0 }))
            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { outcome != nil })
            guard case .presentation(.nothing(.nothing(.insignificant(let from, let to, _))))? = outcome else {
                return XCTFail("\(String(describing: outcome))")
            }
            XCTAssertEqual([from, to], [try Version("2.0.0"), try Version("2.0.1")])
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("2.0.0"), "nothing recorded")
        }
    }

    /// A quiet session decides nothing and records nothing, unless the settings turn
    /// the window back on for that kind of session.
    func testQuietSessionShowsNothingUnlessTheSettingsAllowIt() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let live = QuietSession(kind: .liveSession, reason: "live session (/run/live exists)")
            let store = InMemoryVersionStore()
            let quietWindow = Window(title: "App")
            defer { quietWindow.destroy() }
            var quietOutcome: FirstOpenAttachment.Outcome?
            quietWindow.firstOpenView(.welcome, FirstOpenOptions(
                appID: appID, appName: "Car", version: "1.0", store: store, informationDetailViews: Self.rows
            ).testing(environment: .fixed(quietSession: live), onOutcome: { quietOutcome = $0 }))
            quietWindow.showAll()
            XCTAssertTrue(spinMainLoop { quietOutcome != nil })
            guard case .presentation(.quietSession(let reason))? = quietOutcome else {
                return XCTFail("\(String(describing: quietOutcome))")
            }
            XCTAssertEqual(reason, "live session (/run/live exists)")
            XCTAssertNil(try store.recordedVersion(for: appID), "a quiet session records nothing")

            // ShowInLiveSessions=true: the same session gets its Welcome.
            let allowed = SessionEnvironment.fixed(FirstOpenSettings(showsInLiveSessions: true), quietSession: live)
            let appWindow = Window(title: "App")
            defer { appWindow.destroy() }
            var outcome: FirstOpenAttachment.Outcome?
            appWindow.firstOpenView(.welcome, FirstOpenOptions(
                appID: appID, appName: "Car", version: "1.0", store: store, informationDetailViews: Self.rows
            ).testing(environment: allowed, onOutcome: { outcome = $0 }))
            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { outcome != nil })
            guard case .presentation(.presented(let dialog))? = outcome else {
                return XCTFail("\(String(describing: outcome))")
            }
            dialog.dismiss()
        }
    }

    /// Settings come from the environment: an admin's `ShowWhatsNew=false` and
    /// `UpdatePolicy=major`.
    func testSettingsFromTheEnvironmentApply() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let store = InMemoryVersionStore([appID: try Version("1.0")])
            let appWindow = Window(title: "App")
            defer { appWindow.destroy() }
            var optedOut: FirstOpenAttachment.Outcome?
            var majorOnly: FirstOpenAttachment.Outcome?
            appWindow
                .firstOpenView(.whatsNew, FirstOpenOptions(
                    appID: appID, appName: "Car", version: "2.0", store: store,
                    informationDetailViews: Self.rows
                ).testing(environment: .fixed(FirstOpenSettings(showsWhatsNew: false)), onOutcome: { optedOut = $0 }))
                .firstOpenView(.whatsNew, FirstOpenOptions(
                    appID: appID, appName: "Car", version: "1.1", store: store,
                    informationDetailViews: Self.rows
                ).testing(environment: .fixed(FirstOpenSettings(policy: .major)), onOutcome: { majorOnly = $0 }))
            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { optedOut != nil && majorOnly != nil })
            guard case .presentation(.nothing(.nothing(.whatsNewDisabled)))? = optedOut else {
                return XCTFail("\(String(describing: optedOut))")
            }
            guard case .presentation(.nothing(.nothing(.insignificant(_, _, let policy))))? = majorOnly else {
                return XCTFail("\(String(describing: majorOnly))")
            }
            XCTAssertEqual(policy.change, .major)
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("1.0"))
        }
    }

    /// The public API's default is the host: its settings files and its session decide
    /// (whatever they are on the machine running this, the outcome says which).
    func testThePublicDefaultReadsTheHost() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = "org.example.FirstOpenViewsTests.Host"
            let (_, _, quietReason) = SessionEnvironment.host.settings(for: appID)
            let appWindow = Window(title: "App")
            defer { appWindow.destroy() }
            var outcome: FirstOpenAttachment.Outcome?
            appWindow.firstOpenView(.welcome, FirstOpenOptions(
                appID: appID, appName: "Car", version: "1.0", store: InMemoryVersionStore(),
                informationDetailViews: Self.rows
            ).testing(environment: .host, onOutcome: { outcome = $0 }))
            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { outcome != nil })
            switch outcome {
            case .presentation(.quietSession(let reason))?:
                XCTAssertEqual(reason, quietReason)
            case .presentation(.presented(let dialog))?:
                XCTAssertNil(quietReason)
                dialog.dismiss()
            default:
                XCTFail("\(String(describing: outcome))")
            }
        }
    }

    func testRawGtkWindowPointerOverload() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let raw = try XCTUnwrap(fo_window(gtk_window_new(GTK_WINDOW_TOPLEVEL)))
            defer { gtk_widget_destroy(fo_widget(raw)) }
            let store = InMemoryVersionStore()
            // The raw overload forwards to Window(existing:); the environment is injected there.
            var outcome: FirstOpenAttachment.Outcome?
            Window(existing: raw).firstOpenView(.welcome, FirstOpenOptions(
                appID: appID, appName: "Tram", version: "3.0", store: store, informationDetailViews: Self.rows
            ).testing(environment: Self.ordinaryHost, onOutcome: { outcome = $0 }))
            gtk_widget_show_all(fo_widget(raw))
            XCTAssertTrue(spinMainLoop { outcome != nil })
            guard case .presentation(.presented(let dialog))? = outcome else {
                return XCTFail("\(String(describing: outcome))")
            }
            XCTAssertTrue(dialog.window.isTransient(for: Window(existing: raw)))
            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Return))
            XCTAssertTrue(spinMainLoop { (try? store.recordedVersion(for: appID)) != nil })
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("3.0"))
        }
    }

    func testPresenterRecordsSilentlyWhenThereIsNoContent() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let store = InMemoryVersionStore()
            let session = FirstOpenSession(appID: appID, currentVersion: try Version("1.0"), store: store)
            var asked: [Decision] = []
            let outcome = PresentationFlow(session: session).present(over: nil) { decision in
                asked.append(decision)
                return nil
            }
            guard case .recordedWithoutShowing = outcome else { return XCTFail("\(outcome)") }
            XCTAssertEqual(asked.count, 1)
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("1.0"))

            // Now the same version is recorded: nothing, and content is not even asked for.
            let again = PresentationFlow(session: session).present(over: nil) { _ in
                XCTFail("no content needed")
                return nil
            }
            guard case .nothing = again else { return XCTFail("\(again)") }
        }
    }

    /// The README's snippet for driving the flow with a spec file (kept in step with it).
    func testReadmeFlowSnippetShowsTheSpecsWindowAndRecordsOnDismissal() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let (store, directory) = try Self.temporaryKeyFileStore()
            defer { Self.removeTemporaryStore(directory) }
            let specPath = directory + "/car.spec"
            try """
                [First Open]
                AppId=\(Self.appID)
                Name=Car
                Version=1.3.0

                [Welcome 1]
                Icon=starred-symbolic
                Title=Car
                """.write(toFile: specPath, atomically: false, encoding: .utf8)
            let window = FirstOpenWindow(title: "Car")
            // README:
            let spec = try SpecFile(path: specPath)
            let flow = try PresentationFlow(spec: spec, store: store, environment: Self.ordinaryHost)
            let outcome = flow.present(over: window, content: { decision in
                spec.windowContent(for: decision, strings: .translated)
            })
            let dialog = try XCTUnwrap(outcome.dialog, "\(outcome)")
            dialog.continueButton.click()
            XCTAssertEqual(try store.recordedVersion(for: Self.appID), try Version("1.3.0"))
            window.window.destroy()
        }
    }

    func testPresenterRecordsOnUserDismissalOnly() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let store = InMemoryVersionStore()
            let session = FirstOpenSession(appID: appID, currentVersion: try Version("1.0"), store: store)
            var reasons: [DismissalReason] = []
            let outcome = PresentationFlow(session: session).present(over: nil, content: { decision in
                guard case .welcome = decision else { return nil }
                return sampleContent()
            }, onDismiss: { reasons.append($0) })
            let dialog = try XCTUnwrap(outcome.dialog)
            XCTAssertTrue(dialog.isPresented || spinMainLoop { dialog.isPresented })
            dialog.dismiss()
            XCTAssertEqual(reasons, [.programmatic])
            XCTAssertNil(try store.recordedVersion(for: appID), "closing from code does not count as seen")

            let second = try XCTUnwrap(PresentationFlow(session: session).present(over: nil) { _ in sampleContent() }.dialog)
            second.continueButton.click()
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("1.0"))
        }
    }

    func testPresenterNeverWelcomesAfterACorruptRecord() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let (store, directory) = try Self.temporaryKeyFileStore()
            defer { Self.removeTemporaryStore(directory) }
            XCTAssertTrue(g_file_set_contents(store.path(for: appID), "garbage\u{1}", -1, nil) != 0)
            let session = FirstOpenSession(appID: appID, currentVersion: try Version("1.0"), store: store)
            for _ in 0..<2 {
                let outcome = PresentationFlow(session: session).present(over: nil) { _ in sampleContent() }
                guard case .nothing = outcome else { return XCTFail("a returning user was shown \(outcome)") }
            }
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("1.0"))
            let kept = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".corrupt-") }
            XCTAssertEqual(kept.count, 1, "the broken record is kept aside once")
        }
    }

    func testPresenterShowsOnceAcrossConcurrentStartsWithTheKeyFileStore() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let (store, directory) = try Self.temporaryKeyFileStore()
            defer { Self.removeTemporaryStore(directory) }
            let session = FirstOpenSession(appID: appID, currentVersion: try Version("1.0"), store: store)
            let first = PresentationFlow(session: session).present(over: nil) { _ in sampleContent() }
            let firstDialog = try XCTUnwrap(first.dialog)
            // A second start while the first window is open.
            let second = PresentationFlow(session: session).present(over: nil) { _ in sampleContent() }
            guard case .alreadyShowing = second else { return XCTFail("\(second)") }
            firstDialog.continueButton.click()
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("1.0"))
        }
    }

    func testPresenterReportsABadColourAndShowsNothing() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let store = InMemoryVersionStore()
            let session = FirstOpenSession(appID: appID, currentVersion: try Version("1.0"), store: store)
            let outcome = PresentationFlow(session: session).present(over: nil) { _ in sampleContent(accentColor: "blu") }
            guard case .failed(.badValue(let message)) = outcome else { return XCTFail("\(outcome)") }
            XCTAssertTrue(message.contains("\"blu\" is not a colour"), message)
            XCTAssertNil(try store.recordedVersion(for: appID))
        }
    }

    /// A record store in a fresh temporary directory.
    @MainActor
    private static func temporaryKeyFileStore() throws -> (KeyFileVersionStore, String) {
        let made = try XCTUnwrap(g_dir_make_tmp("first-open-views-XXXXXX", nil))
        let directory = String(cString: made)
        g_free(made)
        return (KeyFileVersionStore(directory: directory), directory)
    }

    private static func removeTemporaryStore(_ directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
