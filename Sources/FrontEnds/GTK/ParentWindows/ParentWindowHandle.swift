/// A toplevel window of another process, named the way the XDG Desktop Portal names a
/// dialog's parent: `x11:XID` (the X window id in hexadecimal, as the portal writes it;
/// a leading `0x` is accepted too) or `wayland:HANDLE` (an xdg-foreign handle the other
/// process exported, e.g. with GTK 4's `gdk_wayland_toplevel_export_handle`: any
/// printable ASCII string, spaces included, up to 256 bytes).
///
/// A window shown over it is modal and transient for it (``FirstOpenDialog/setParent(_:)``),
/// so apps of any toolkit (GTK 4, Qt, Tk, Electron) can host the window
/// `first-open --parent` shows.
package enum ParentWindowHandle: Equatable, Sendable, CustomStringConvertible {
    /// An X11 window id.
    case x11(UInt)
    /// A handle from xdg-foreign's exporter (`zxdg_exporter_v2` or `zxdg_exporter_v1`).
    case wayland(String)

    /// Parses `x11:XID` or `wayland:HANDLE`.
    /// - Throws: ``ParentWindowError/malformed(_:)`` for anything else.
    package init(parsing text: String) throws(ParentWindowError) {
        if text.hasPrefix("x11:") {
            var digits = Substring(text.dropFirst(4))
            if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
            guard !digits.isEmpty, digits.count <= 16, let id = UInt(digits, radix: 16), id != 0 else {
                throw .malformed(text)
            }
            self = .x11(id)
        } else if text.hasPrefix("wayland:") {
            let handle = String(text.dropFirst(8))
            // A handle is whatever printable string the compositor made: mutter 43's are
            // random strings of the characters 0x20–0x7e (89 of 300 measured had a space),
            // KWin's are UUIDs. Spaces are kept (an argv element carries them); control
            // characters and anything outside ASCII are refused, and nothing else is
            // passed to the compositor.
            guard !handle.isEmpty, handle.utf8.count <= 256,
                  handle.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7e }) else {
                throw .malformed(text)
            }
            self = .wayland(handle)
        } else {
            throw .malformed(text)
        }
    }

    /// The handle as the portal writes it: `x11:` with the id in hexadecimal, or `wayland:HANDLE`.
    package var description: String {
        switch self {
        case .x11(let id): "x11:" + String(id, radix: 16)
        case .wayland(let handle): "wayland:" + handle
        }
    }

    /// The GDK backend that can reach this window (`x11` or `wayland`): a process that
    /// owns its GTK start-up (the window helper) opens its display with it.
    package var backend: String {
        switch self {
        case .x11: "x11"
        case .wayland: "wayland"
        }
    }
}

/// Why a window could not be made transient for a ``ParentWindowHandle``. The window is
/// then shown without a parent.
package enum ParentWindowError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither `x11:XID` (hexadecimal) nor `wayland:HANDLE`.
    case malformed(String)
    /// The X server has no window with this id, or the Wayland compositor none exported
    /// under this handle (the app closed it, or the id or handle is wrong).
    case noSuchWindow(ParentWindowHandle)
    /// The handle is for one windowing system and the window's display is another.
    case otherDisplay(ParentWindowHandle)
    /// The Wayland compositor offers no xdg-foreign importer (neither `zxdg_importer_v2`
    /// nor `zxdg_importer_v1`: Weston 10).
    case noForeignSupport(ParentWindowHandle)
    /// An override-redirect X11 window (a menu, tooltip or splash): window managers do
    /// not manage it, and hid a dialog made transient for it.
    case unmanaged(ParentWindowHandle)

    package var description: String {
        switch self {
        case .malformed(let text):
            "'\(text)' is not a parent window handle (x11:XID in hexadecimal, or wayland:HANDLE)"
        case .noSuchWindow(.x11(let id)):
            "\(ParentWindowHandle.x11(id)): there is no such X11 window (closed, or a wrong id)"
        case .noSuchWindow(let handle):
            "\(handle): the Wayland compositor knows no window exported under this handle (closed, or a wrong handle)"
        case .otherDisplay(.x11(let id)):
            "\(ParentWindowHandle.x11(id)): an X11 window cannot be the parent of a window on this (Wayland) display"
        case .otherDisplay(let handle):
            "\(handle): a Wayland window cannot be the parent of a window on this (X11) display"
        case .unmanaged(let handle):
            "\(handle): an override-redirect window (a menu or popup that window managers do not manage) cannot be a parent"
        case .noForeignSupport(let handle):
            "\(handle): the Wayland compositor does not support xdg-foreign (neither zxdg_importer_v2 nor v1)"
        }
    }
}
