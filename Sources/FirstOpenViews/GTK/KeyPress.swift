internal import CGtk

/// One key press: the GDK keyval (`GDK_KEY_…`) and the modifier mask.
struct KeyPress: Sendable, Equatable {
    let keyval: UInt
    let modifiers: UInt

    var isEscape: Bool { keyval == UInt(GDK_KEY_Escape) }
}
