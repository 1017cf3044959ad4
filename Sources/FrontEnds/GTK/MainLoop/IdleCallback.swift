internal import CGtk

/// Runs a closure once from the main loop when it is idle (`g_idle_add_full`), e.g.
/// after a window has been mapped and placed, or after a delay (`g_timeout_add_full`). The closure is retained until GLib drops
/// the source.
package final class IdleCallback: @unchecked Sendable {
    // @unchecked: created on the main thread, run by the main loop on the same thread.
    private let action: @MainActor () -> Void

    private init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    /// Schedules `action` at default idle priority.
    @MainActor
    package static func schedule(_ action: @escaping @MainActor () -> Void) {
        let box = IdleCallback(action)
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, run, Unmanaged.passRetained(box).toOpaque(), release)
    }

    /// Schedules `action` once, `milliseconds` from now (`g_timeout_add_full`).
    @MainActor
    package static func schedule(afterMilliseconds milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) {
        let box = IdleCallback(action)
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, run, Unmanaged.passRetained(box).toOpaque(), release)
    }

    // Not formed inside `schedule`: a closure literal written in main-actor code and
    // handed to C checks its isolation on entry and traps off the main thread. GLib runs
    // the source on the main loop's thread; the destroy notify runs wherever the source
    // is destroyed.
    private static let run: GSourceFunc = { data in
        guard let data else { return 0 }
        let box = Unmanaged<IdleCallback>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { box.action() }
        return 0 // G_SOURCE_REMOVE
    }

    private static let release: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<IdleCallback>.fromOpaque(data).release()
    }
}
