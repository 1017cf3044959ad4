@testable import FirstOpenViews
import XCTest

/// Keys typed for another window while the dialog appears (the rules; the real window
/// on real window managers: RealDesktopTests' typed-ahead check).
final class TypeAheadGuardTests: XCTestCase {
    let enter: UInt16 = 36
    let space: UInt16 = 65

    func testNoKeyCountsBeforeTheWindowIsShown() {
        var guardian = TypeAheadGuard()
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, at: 1_000_000))
    }

    func testKeysCountFromHalfASecondAfterShownOrFocused() {
        var guardian = TypeAheadGuard()
        guardian.windowShownOrFocused(at: 0)
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, at: 150_000))
        XCTAssertTrue(guardian.ignoresRelease(keycode: enter))
        XCTAssertTrue(guardian.ignoresPress(keycode: space, at: 499_999))
        XCTAssertTrue(guardian.ignoresRelease(keycode: space))
        XCTAssertFalse(guardian.ignoresPress(keycode: enter, at: 500_000))
        XCTAssertFalse(guardian.ignoresRelease(keycode: enter))
        // Focus gained again (the user switched back): another half second.
        guardian.windowShownOrFocused(at: 2_000_000)
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, at: 2_100_000))
        XCTAssertTrue(guardian.ignoresRelease(keycode: enter))
        XCTAssertFalse(guardian.ignoresPress(keycode: enter, at: 2_600_000))
    }

    /// A key held down from before keeps repeating into the window: it stays ignored
    /// until it is released.
    func testAKeyHeldSinceTheGuardStaysIgnoredUntilReleased() {
        var guardian = TypeAheadGuard()
        guardian.windowShownOrFocused(at: 0)
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, at: 100_000))
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, at: 700_000), "auto-repeat")
        XCTAssertFalse(guardian.ignoresPress(keycode: space, at: 700_000), "another key")
        XCTAssertTrue(guardian.ignoresRelease(keycode: enter))
        XCTAssertFalse(guardian.ignoresPress(keycode: enter, at: 800_000))
        // A release whose press went to another window is not ours to drop.
        XCTAssertFalse(guardian.ignoresRelease(keycode: 50))
    }
}
