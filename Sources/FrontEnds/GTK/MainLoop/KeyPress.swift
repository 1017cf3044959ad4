internal import CGtk

/// One key press (or release): the GDK keyval (`GDK_KEY_…`), the modifier mask, the
/// hardware keycode, the timestamp, and whether another program sent it (`send_event`: `XSendEvent`, or
/// an event made in the process) rather than the server from the keyboard.
package struct KeyPress: Sendable, Equatable {
    package let keyval: UInt
    package let modifiers: UInt
    package var keycode: UInt16 = 0
    package var isSynthetic = false
    /// The event's timestamp (X server milliseconds on X11); 0 when unknown.
    package var time: UInt32 = 0

    package var isEscape: Bool { keyval == UInt(GDK_KEY_Escape) }

    /// Whether Shift, Ctrl, Alt (Mod1) or Super is held (Caps Lock and Num Lock do not count).
    package var hasModifiers: Bool {
        let mask = UInt(GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue
            | GDK_MOD1_MASK.rawValue | GDK_SUPER_MASK.rawValue)
        return modifiers & mask != 0
    }

    /// The scroll step of this key when nothing else uses it: arrows up and down,
    /// Page Up/Down (and the keypad's), Home and End, without modifiers.
    package var scrollStep: ScrolledWindow.Step? {
        guard !hasModifiers else { return nil }
        switch Int32(truncatingIfNeeded: keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: return .lineUp
        case GDK_KEY_Down, GDK_KEY_KP_Down: return .lineDown
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: return .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: return .pageDown
        case GDK_KEY_Home, GDK_KEY_KP_Home: return .top
        case GDK_KEY_End, GDK_KEY_KP_End: return .bottom
        default: return nil
        }
    }
}
