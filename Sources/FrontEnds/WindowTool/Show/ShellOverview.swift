internal import CForeignWindow

/// GNOME Shell's overview: a session starts in it, and a window mapped while it is shown
/// opens inside it, unfocused (measured with GNOME Shell 43 on X11 and Wayland).
package enum ShellOverview {
    /// Runs `action` once, from the main loop, when GNOME Shell's overview is not shown:
    /// at once on other desktops (no `org.gnome.Shell` on the session bus), else when the
    /// user leaves the overview (`OverviewActive` turns false).
    @MainActor
    package static func whenHidden(_ action: @escaping @MainActor () -> Void) {
        let box = Box(action)
        fo_when_shell_overview_hidden(ready, Unmanaged.passRetained(box).toOpaque())
    }

    private final class Box: @unchecked Sendable {
        // @unchecked: created on the main thread, called back on the main loop's thread.
        let action: @MainActor () -> Void
        init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    }

    // Not formed inside main-actor code: Swift 6 would check its isolation on entry.
    private static let ready: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        guard let data else { return }
        let box = Unmanaged<Box>.fromOpaque(data).takeRetainedValue()
        MainActor.assumeIsolated { box.action() }
    }
}
