package import CGtk

/// Keeps a Swift closure alive for as long as GTK keeps the signal handler.
///
/// The box is passed to `g_signal_connect_data` as user data with
/// `Unmanaged.passRetained`, and released by the `GClosureNotify` that GObject calls
/// when the handler is disconnected or the object is finalised — exactly once.
// @unchecked: the box is only created on the main thread and its handler only runs
// there (GTK emits signals on the thread that runs the main loop).
package final class SignalHandlerBox: @unchecked Sendable {
    /// The handler; receives the signal's second argument (the event or param spec,
    /// `nil` for signals without one) and returns the value for `gboolean` signals.
    package let handler: @MainActor (UnsafeMutableRawPointer?) -> Bool

    package init(_ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Bool) {
        self.handler = handler
    }

    /// User data for `g_signal_connect_data`: one retain, balanced by `releaseNotify`.
    package func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// Unwraps the user data without changing its retain count.
    package static func from(_ data: UnsafeMutableRawPointer?) -> SignalHandlerBox? {
        guard let data else { return nil }
        return Unmanaged<SignalHandlerBox>.fromOpaque(data).takeUnretainedValue()
    }

    /// The `GClosureNotify` that drops the retain taken by `retainedPointer()`.
    package static let releaseNotify: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<SignalHandlerBox>.fromOpaque(data).release()
    }

    /// For signals shaped `void (*)(GObject *, gpointer)`: "clicked", "map", "destroy".
    package static let plainTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
        guard let box = SignalHandlerBox.from(data) else { return }
        MainActor.assumeIsolated { _ = box.handler(nil) }
    }

    /// For signals shaped `gboolean (*)(GObject *, gpointer arg, gpointer)`:
    /// "delete-event", "key-press-event", and `notify::…` (whose return is ignored).
    package static let argumentTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, argument, data in
        guard let box = SignalHandlerBox.from(data) else { return 0 }
        // As an address: Swift 6.0 lets no non-Sendable pointer into the main-actor
        // closure, nonisolated(unsafe) or not ("sending risks causing data races").
        let address = Int(bitPattern: argument)
        let handled = MainActor.assumeIsolated { box.handler(UnsafeMutableRawPointer(bitPattern: address)) }
        return handled ? 1 : 0
    }
}
