/// Keeps keys typed for another window from acting on the dialog.
///
/// A login window takes the keyboard focus while the user may be typing elsewhere: on
/// every X11 window manager tested (mutter, KWin, xfwm4, openbox) a Return or Space typed
/// at that moment pressed Continue and recorded the version as seen, a window the user
/// never saw. Browsers guard their permission prompts the same way (Chromium ignores
/// input for 500 ms after a prompt is shown; Firefox's dialogs wait 1 s).
///
/// Rules: no key acts before the window is shown, nor within ``delay`` after it was
/// shown or gained the focus later on; a key pressed during that time stays ignored
/// until it is released (its auto-repeat included). Later keys work as usual. Mouse
/// clicks and screen-reader actions (AT-SPI's "click") are not key events and are never
/// held back.
///
/// Times: on X11 a key is judged by its own timestamp against the X server's time when
/// the window was shown, and when it gained the focus (XInput 2's FocusIn carries the
/// server's time), so a window busy while it appears or gains the focus (loading its
/// icons on a slow machine) does not hold back a key pressed well after that. Where the
/// server's clock is not known (Wayland), the time the event is handled counts
/// (`g_get_monotonic_time`, microseconds).
struct TypeAheadGuard: Sendable {
    /// How long keys are ignored after the window is shown or gains the focus, in
    /// microseconds.
    static let delay = 500_000

    /// When the window was shown (handled, monotonic µs); `nil` until it is.
    private var shownAt: Int?
    /// The X server's time (ms) when the window was shown, where known.
    private var shownServerTime: UInt32?
    /// When a focus gained after the start counts from (monotonic µs).
    private var focusedAt: Int?
    /// The X server's time of that focus, where known.
    private var focusedServerTime: UInt32?
    /// Hardware keycodes pressed while keys were ignored and not released since.
    private var held: Set<UInt16> = []

    /// The window was shown at `now`; `serverTime` is the X server's time then (nil or 0
    /// where it is not known).
    mutating func windowShown(at now: Int, serverTime: UInt32? = nil) {
        shownAt = now
        shownServerTime = serverTime == 0 ? nil : serverTime
    }

    /// The window gained the keyboard focus, handled at `now`; `serverTime` is the X
    /// server's time of the focus change (nil or 0 where it is not known). The first
    /// focus, given as the window appears, is covered by ``windowShown(at:serverTime:)``;
    /// one gained later (the user came back to it, or the desktop gave it the focus
    /// late) starts a delay of its own.
    mutating func windowFocused(at now: Int, serverTime: UInt32? = nil) {
        guard let shownAt else { return }
        let serverTime = serverTime == 0 ? nil : serverTime
        if let shownServerTime, focusedAt == nil {
            let soonAfterShown = serverTime.map { Self.milliseconds(from: shownServerTime, to: $0) < Self.delay / 1000 }
                ?? (now < shownAt + Self.delay)
            if soonAfterShown { return }
        }
        focusedAt = now
        focusedServerTime = serverTime
    }

    /// Whether the press of `keycode` is to be ignored: `time` is the event's timestamp
    /// (X server ms; 0 when unknown), `now` when it is handled.
    mutating func ignoresPress(keycode: UInt16, time: UInt32 = 0, at now: Int) -> Bool {
        if accepts(time: time, at: now), !held.contains(keycode) { return false }
        held.insert(keycode)
        return true
    }

    /// Whether the release of `keycode` is to be ignored (its press was).
    mutating func ignoresRelease(keycode: UInt16) -> Bool {
        held.remove(keycode) != nil
    }

    private func accepts(time: UInt32, at now: Int) -> Bool {
        guard let shownAt else { return false }
        if let focusedAt {
            if let focusedServerTime, time != 0 {
                if Self.milliseconds(from: focusedServerTime, to: time) < Self.delay / 1000 { return false }
            } else if now < focusedAt + Self.delay {
                return false
            }
        }
        if let shownServerTime, time != 0 {
            return Self.milliseconds(from: shownServerTime, to: time) >= Self.delay / 1000
        }
        return now >= shownAt + Self.delay
    }

    /// `later - earlier` on the X server's clock, in ms: it wraps, and a time before
    /// `earlier` (a key from before the window was shown) is negative.
    private static func milliseconds(from earlier: UInt32, to later: UInt32) -> Int {
        Int(Int32(bitPattern: later &- earlier))
    }
}
