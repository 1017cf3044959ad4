/// Where a What's New window over another process's window is in watching the focus
/// after its map (``FirstOpenDialog/watchFocus(_:mappedAt:watch:)``).
struct FocusWatchState {
    /// The checks left before the watch ends anyway (one every 100 ms).
    var checksLeft: Int
    /// Whether the last check saw the focus on the app's side, where it may be taken from.
    var seenAway = false
    /// How many checks in a row have seen the focus on the window itself.
    var heldChecks = 0
}
