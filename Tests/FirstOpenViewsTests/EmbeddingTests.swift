import CGtk
@testable import FirstOpenViews
import Glibc
import XCTest

/// `welcomeView` / `whatsNewView` on an app window, and `FirstOpenPresenter`.
final class EmbeddingTests: XCTestCase {
    private static let appID = "org.example.FirstOpenViewsTests"
    private static let rows = [
        InformationDetailView(title: "Car", subTitle: "A car.", image: "emoji-travel-symbolic"),
        InformationDetailView(title: "Tram", subTitle: "A tram.", image: "mark-location-symbolic", mainColor: .green),
    ]

    func testWelcomeShowsOnFirstMapAndRecordsOnContinue() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let store = InMemoryVersionStore()
            let appWindow = Window(title: "App")
            defer { appWindow.destroy() }
            var reasons: [DismissalReason] = []
            appWindow.welcomeView(
                appID: appID, appName: "Car", version: "1.2", store: store,
                informationDetailViews: Self.rows, onDismiss: { reasons.append($0) })
            // Nothing before the window is shown.
            settle(0.05)
            XCTAssertTrue(visibleToplevels(titled: "Welcome to Car").isEmpty)

            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { !visibleToplevels(titled: "Welcome to Car").isEmpty })
            let shown = visibleToplevels(titled: "Welcome to Car")
            XCTAssertEqual(shown.count, 1)
            let dialogWindow = Window(borrowing: try XCTUnwrap(shown.first))
            XCTAssertTrue(dialogWindow.isModal)
            XCTAssertTrue(dialogWindow.isTransient(for: appWindow))
            // Not recorded while open.
            XCTAssertNil(try store.recordedVersion(for: appID))

            XCTAssertTrue(dialogWindow.sendKeyPress(keyval: UInt(GDK_KEY_Return)))
            XCTAssertTrue(spinMainLoop { !reasons.isEmpty })
            XCTAssertEqual(reasons, [.continued])
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("1.2"))

            // Shown once: hiding and showing the app window again does not bring it back.
            appWindow.hide()
            appWindow.showAll()
            settle()
            XCTAssertTrue(visibleToplevels(titled: "Welcome to Car").isEmpty)
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
            appWindow.welcomeView(appID: appID, appName: "Car", version: "1.0", store: InMemoryVersionStore(),
                                  informationDetailViews: Self.rows)
            XCTAssertTrue(spinMainLoop { !visibleToplevels(titled: "Welcome to Car").isEmpty })
            for window in visibleToplevels(titled: "Welcome to Car") { gtk_widget_destroy(fo_widget(window)) }
        }
    }

    func testReturningUserSeesNothingAndAnUpdatedUserSeesWhatsNewOnly() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            // Same version: nothing.
            let seen = InMemoryVersionStore([appID: try Version("2.0")])
            let sameWindow = Window(title: "App")
            defer { sameWindow.destroy() }
            sameWindow
                .welcomeView(appID: appID, appName: "Car", version: "2.0", store: seen, informationDetailViews: Self.rows)
                .whatsNewView(appID: appID, appName: "Car", version: "2.0", store: seen, informationDetailViews: Self.rows)
            sameWindow.showAll()
            settle(0.3)
            XCTAssertTrue(visibleToplevels(titled: "Welcome to Car").isEmpty)
            XCTAssertTrue(visibleToplevels(titled: "What's New in Car").isEmpty)

            // Upgrade from 1.0 to 2.0: What's New, not Welcome; Escape records too.
            let old = InMemoryVersionStore([appID: try Version("1.0")])
            let appWindow = Window(title: "App")
            defer { appWindow.destroy() }
            var reasons: [DismissalReason] = []
            appWindow
                .welcomeView(appID: appID, appName: "Car", version: "2.0", store: old, informationDetailViews: Self.rows)
                .whatsNewView(appID: appID, appName: "Car", version: "2.0", store: old, informationDetailViews: Self.rows,
                              onDismiss: { reasons.append($0) })
            appWindow.showAll()
            XCTAssertTrue(spinMainLoop { !visibleToplevels(titled: "What's New in Car").isEmpty })
            XCTAssertTrue(visibleToplevels(titled: "Welcome to Car").isEmpty)
            let dialogWindow = Window(borrowing: try XCTUnwrap(visibleToplevels(titled: "What's New in Car").first))
            dialogWindow.sendKeyPress(keyval: UInt(GDK_KEY_Escape))
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
            appWindow.whatsNewView(appID: appID, appName: "Car", version: "2.0.1", store: store, informationDetailViews: Self.rows)
            appWindow.showAll()
            settle(0.3)
            XCTAssertTrue(visibleToplevels(titled: "What's New in Car").isEmpty)
        }
    }

    func testRawGtkWindowPointerOverload() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let raw = try XCTUnwrap(fo_window(gtk_window_new(GTK_WINDOW_TOPLEVEL)))
            defer { gtk_widget_destroy(fo_widget(raw)) }
            let store = InMemoryVersionStore()
            raw.welcomeView(appID: appID, appName: "Tram", version: "3.0", store: store, informationDetailViews: Self.rows)
            gtk_widget_show_all(fo_widget(raw))
            XCTAssertTrue(spinMainLoop { !visibleToplevels(titled: "Welcome to Tram").isEmpty })
            let dialogWindow = Window(borrowing: try XCTUnwrap(visibleToplevels(titled: "Welcome to Tram").first))
            XCTAssertTrue(dialogWindow.isTransient(for: Window(borrowing: raw)))
            dialogWindow.sendKeyPress(keyval: UInt(GDK_KEY_Return))
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
            let outcome = FirstOpenPresenter.present(over: nil, session: session) { decision in
                asked.append(decision)
                return nil
            }
            guard case .recordedWithoutShowing = outcome else { return XCTFail("\(outcome)") }
            XCTAssertEqual(asked.count, 1)
            XCTAssertEqual(try store.recordedVersion(for: appID), try Version("1.0"))

            // Now the same version is recorded: nothing, and content is not even asked for.
            let again = FirstOpenPresenter.present(over: nil, session: session) { _ in
                XCTFail("no content needed")
                return nil
            }
            guard case .nothing = again else { return XCTFail("\(again)") }
        }
    }

    func testPresenterRecordsOnUserDismissalOnly() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let appID = Self.appID
            let store = InMemoryVersionStore()
            let session = FirstOpenSession(appID: appID, currentVersion: try Version("1.0"), store: store)
            var reasons: [DismissalReason] = []
            let outcome = FirstOpenPresenter.present(over: nil, session: session, content: { decision in
                guard case .welcome = decision else { return nil }
                return sampleContent()
            }, onDismiss: { reasons.append($0) })
            let dialog = try XCTUnwrap(outcome.dialog)
            XCTAssertTrue(dialog.isPresented || spinMainLoop { dialog.isPresented })
            dialog.dismiss()
            XCTAssertEqual(reasons, [.programmatic])
            XCTAssertNil(try store.recordedVersion(for: appID), "closing from code does not count as seen")

            let second = try XCTUnwrap(FirstOpenPresenter.present(over: nil, session: session) { _ in sampleContent() }.dialog)
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
                let outcome = FirstOpenPresenter.present(over: nil, session: session) { _ in sampleContent() }
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
            let first = FirstOpenPresenter.present(over: nil, session: session) { _ in sampleContent() }
            let firstDialog = try XCTUnwrap(first.dialog)
            // A second start while the first window is open.
            let second = FirstOpenPresenter.present(over: nil, session: session) { _ in sampleContent() }
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
            let outcome = FirstOpenPresenter.present(over: nil, session: session) { _ in sampleContent(accentColor: "blu") }
            guard case .failed(let message) = outcome else { return XCTFail("\(outcome)") }
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
