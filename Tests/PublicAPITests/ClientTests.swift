import FirstOpenViews
import Foundation
import OtherGTKBindings
import XCTest

/// An app that imports FirstOpenViews next to its own GTK bindings: `Window`, `Widget`,
/// `GTK` and `Color` are the bindings' (this file compiles only if FirstOpenViews
/// declares none of them publicly), and the embedding API is reached by its own names.
/// Not `@testable`, and not importing the package's other modules: what an app sees.
/// (Tests/Embedding/public-api.sh compiles a client that names every line of
/// Tests/Embedding/public-api.txt; these tests run what an app runs without a display.)
final class ClientTests: XCTestCase {
    func testTheAppsOwnGTKNamesAreItsOwn() {
        let window: Widget = Window(name: "main")
        XCTAssertEqual(window.name, "main")
        XCTAssertEqual(GTK.bindingsVersion, "1.0")
        XCTAssertEqual(Color("tram green"), Color("tram green"))
    }

    func testTheEmbeddingAPIUnderItsOwnNames() throws {
        let options = FirstOpenOptions(
            appID: "org.example.Car", version: "1.3.0", policy: UpdatePolicy(change: .minor),
            store: KeyFileVersionStore(directory: NSTemporaryDirectory() + "never-written"), mainColor: .green,
            informationDetailViews: [
                InformationDetailView(title: "Tram", subTitle: "A rail vehicle.", image: "mark-location-symbolic",
                                      mainColor: FirstOpenColor("#26a269")),
            ])
        XCTAssertEqual(options.informationDetailViews.first?.mainColor.cssColor, "#26a269")
        XCTAssertEqual(options.mainColor, FirstOpenColor.green)
        XCTAssertEqual(try Version("1.3.0"), try Version(options.version))
        // Type-checked, not run (no display here): the calls an app makes on its window.
        let embed: @MainActor (FirstOpenWindow) -> Void = { window in
            window.welcomeView(version: "1.3.0", informationDetailViews: options.informationDetailViews)
                .whatsNewView(version: "1.3.0", informationDetailViews: [])
                .firstOpenView(.welcome, options)
        }
        _ = embed
    }

    /// A store of the app's own, written with the public API alone: the protocol's
    /// requirements name only what FirstOpenViews exports.
    func testAStoreOfTheAppsOwn() throws {
        let store = DictionaryStore()
        let current = try Version("1.10")
        XCTAssertNil(try store.recordedVersion(for: "org.example.Car", movingCorruptRecordAside: true))
        XCTAssertEqual(try store.recordKeepingHigher(current, for: "org.example.Car").stored, current)
        XCTAssertEqual(try store.recordKeepingHigher(try Version("1.9"), for: "org.example.Car").stored, current)
        let lock = try XCTUnwrap(try store.tryLock(appID: "org.example.Car"))
        try withExtendedLifetime(lock) {
            XCTAssertNil(try store.tryLock(appID: "org.example.Car"), "a second window while the lock is held")
        }
        XCTAssertThrowsError(try Version("")) { error in XCTAssertEqual(error as? VersionError, .empty) }
    }

    /// The spec route of the README ("All of them drive one flow"), up to the window.
    func testASpecFileGivesTheWindowOfADecision() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let spec = try SpecFile(path: root.appendingPathComponent("data/examples/org.example.Car.spec").path, locale: "C")
        let welcome = Decision.welcome(current: try Version("1.3.0"))
        XCTAssertNotNil(spec.windowContent(for: welcome, strings: .english))
        XCTAssertNil(spec.windowContent(for: .nothing(.sameVersion(try Version("1.3.0")))))
        XCTAssertTrue(welcome.explanation.hasPrefix("welcome:"), welcome.explanation)
        XCTAssertThrowsError(try SpecFile(path: root.appendingPathComponent("no-such.spec").path)) { error in
            guard case .unreadable? = error as? SpecError else { return XCTFail("\(error)") }
        }
    }
}

/// An app's own record store: a dictionary, and an in-process window lock.
private final class DictionaryStore: VersionStore, @unchecked Sendable {
    private var records: [String: Version] = [:]
    private var locked: Set<String> = []

    func recordedVersion(for appID: String, movingCorruptRecordAside: Bool) throws(StoreError) -> Version? {
        records[appID]
    }

    func recordKeepingHigher(_ version: Version, for appID: String) throws(StoreError)
        -> (stored: Version, replacedCorrupt: StoreError?) {
        if let old = records[appID], !(old < version) { return (old, nil) }
        records[appID] = version
        return (version, nil)
    }

    func forget(_ appID: String) throws(StoreError) {
        records[appID] = nil
    }

    func tryLock(appID: String) throws(StoreError) -> StateLock? {
        guard locked.insert(appID).inserted else { return nil }
        return StateLock(releasing: { [weak self] in self?.locked.remove(appID) })
    }
}
