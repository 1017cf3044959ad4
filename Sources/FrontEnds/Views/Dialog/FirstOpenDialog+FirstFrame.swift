internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
extension FirstOpenDialog {
    /// Calls `action` once, after the window has drawn its first frame on screen.
    /// Used by `first-open-window` to measure time-to-window in benchmarks.
    package func onFirstFrame(_ action: @escaping @MainActor () -> Void) {
        var pending = true
        window.connectWithArgument("draw") { _ in
            if pending {
                pending = false
                action()
            }
            return false
        }
    }
}
