/// Keeps keys typed for another window from acting on the dialog.
///
/// A login window takes the keyboard focus while the user may be typing elsewhere: on
/// every X11 window manager tested (mutter, KWin, xfwm4, openbox) a Return or Space typed
/// at that moment pressed Continue and recorded the version as seen, a window the user
/// never saw. Browsers guard their permission prompts the same way (Chromium ignores
/// input for 500 ms after a prompt is shown; Firefox's dialogs wait 1 s).
///
/// Rules: no key acts before the window is shown, nor within ``delay`` after it was
/// shown or (again) gained the focus; a key pressed during that time stays ignored
/// until it is released (its auto-repeat included). Later keys work as usual. Mouse
/// clicks and screen-reader actions (AT-SPI's "click") are not key events and are never
/// held back.
struct TypeAheadGuard: Sendable {
    /// How long keys are ignored after the window is shown or gains the focus, in
    /// microseconds (the clock of `g_get_monotonic_time`).
    static let delay: Int = 500_000

    /// When keys start to count; `nil` until the window is shown.
    private var acceptsKeysFrom: Int?
    /// Hardware keycodes pressed while keys were ignored and not released since.
    private var held: Set<UInt16> = []

    /// The window was shown, or gained the keyboard focus, at `now`.
    mutating func windowShownOrFocused(at now: Int) {
        acceptsKeysFrom = max(acceptsKeysFrom ?? .min, now + Self.delay)
    }

    /// Whether the press of `keycode` at `now` is to be ignored.
    mutating func ignoresPress(keycode: UInt16, at now: Int) -> Bool {
        if let from = acceptsKeysFrom, now >= from, !held.contains(keycode) { return false }
        held.insert(keycode)
        return true
    }

    /// Whether the release of `keycode` is to be ignored (its press was).
    mutating func ignoresRelease(keycode: UInt16) -> Bool {
        held.remove(keycode) != nil
    }
}
