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

    /// Without the server's clock (Wayland): the time the key is handled counts.
    func testKeysCountFromHalfASecondAfterShown() {
        var guardian = TypeAheadGuard()
        guardian.windowShown(at: 0)
        guardian.windowFocused(at: 10_000)
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, at: 150_000))
        XCTAssertTrue(guardian.ignoresRelease(keycode: enter))
        XCTAssertTrue(guardian.ignoresPress(keycode: space, at: 509_999))
        XCTAssertTrue(guardian.ignoresRelease(keycode: space))
        XCTAssertFalse(guardian.ignoresPress(keycode: enter, at: 510_000))
        XCTAssertFalse(guardian.ignoresRelease(keycode: enter))
        // Focus gained again (the user switched back): another half second.
        guardian.windowFocused(at: 2_000_000)
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, at: 2_100_000))
        XCTAssertTrue(guardian.ignoresRelease(keycode: enter))
        XCTAssertFalse(guardian.ignoresPress(keycode: enter, at: 2_600_000))
    }

    /// On X11 a key's own timestamp is compared with the server's time when the window
    /// was shown: a window that handles its events late (busy loading icons) does not
    /// hold back a key pressed 0.6 s after it appeared, and does hold back one pressed
    /// before or right after.
    func testOnX11TheKeysTimestampCounts() {
        var guardian = TypeAheadGuard()
        guardian.windowShown(at: 0, serverTime: 90_000)
        guardian.windowFocused(at: 400_000) // handled late: still the first focus
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, time: 89_950, at: 800_000), "typed before it was shown")
        XCTAssertTrue(guardian.ignoresRelease(keycode: enter))
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, time: 90_150, at: 800_000), "150 ms after")
        XCTAssertTrue(guardian.ignoresRelease(keycode: enter))
        XCTAssertFalse(guardian.ignoresPress(keycode: enter, time: 90_600, at: 800_000), "600 ms after")
        // Wrapping server clock.
        var wrapped = TypeAheadGuard()
        wrapped.windowShown(at: 0, serverTime: UInt32.max - 100)
        XCTAssertTrue(wrapped.ignoresPress(keycode: enter, time: 200, at: 1_000_000))
        XCTAssertTrue(wrapped.ignoresRelease(keycode: enter))
        XCTAssertFalse(wrapped.ignoresPress(keycode: enter, time: 500, at: 1_000_000))
    }

    /// A focus the desktop gives late (GNOME Shell's overview, the user coming back)
    /// starts half a second of its own.
    func testALateFocusStartsItsOwnDelay() {
        var guardian = TypeAheadGuard()
        guardian.windowShown(at: 0, serverTime: 90_000)
        guardian.windowFocused(at: 3_000_000)
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, time: 93_100, at: 3_100_000))
        XCTAssertTrue(guardian.ignoresRelease(keycode: enter))
        XCTAssertFalse(guardian.ignoresPress(keycode: enter, time: 93_600, at: 3_600_000))
    }

    /// With the focus change's own server time (XInput 2's FocusIn), a window that
    /// handles the focus late counts from when the focus came, not from when it handled
    /// it: a Return pressed 600 ms after the focus works though it is handled right
    /// after the focus; one pressed 300 ms after is ignored however late it is handled.
    func testOnX11ALateFocusCountsFromItsServerTime() {
        var guardian = TypeAheadGuard()
        guardian.windowShown(at: 0, serverTime: 90_000)
        guardian.windowFocused(at: 2_000_000, serverTime: 91_000) // handled 1 s late
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, time: 91_300, at: 2_000_100), "300 ms after the focus")
        XCTAssertTrue(guardian.ignoresRelease(keycode: enter))
        XCTAssertFalse(guardian.ignoresPress(keycode: enter, time: 91_600, at: 2_000_200), "600 ms after the focus")
        // The first focus, 200 ms after the window was shown, handled late: covered by the
        // show, as without its time.
        var first = TypeAheadGuard()
        first.windowShown(at: 0, serverTime: 90_000)
        first.windowFocused(at: 900_000, serverTime: 90_200)
        XCTAssertFalse(first.ignoresPress(keycode: enter, time: 90_600, at: 900_100), "600 ms after shown")
    }

    /// A key held down from before keeps repeating into the window: it stays ignored
    /// until it is released.
    func testAKeyHeldSinceTheGuardStaysIgnoredUntilReleased() {
        var guardian = TypeAheadGuard()
        guardian.windowShown(at: 0)
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, at: 100_000))
        XCTAssertTrue(guardian.ignoresPress(keycode: enter, at: 700_000), "auto-repeat")
        XCTAssertFalse(guardian.ignoresPress(keycode: space, at: 700_000), "another key")
        XCTAssertTrue(guardian.ignoresRelease(keycode: enter))
        XCTAssertFalse(guardian.ignoresPress(keycode: enter, at: 800_000))
        // A release whose press went to another window is not ours to drop.
        XCTAssertFalse(guardian.ignoresRelease(keycode: 50))
    }
}
