internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
// The app's side of the embedding API: its window and GTK's main loop, under names that
// cannot meet an app's own GTK bindings (SwiftGtk's or adwaita-swift's `Window`, `GTK`).
// The thin wrappers the dialog is built from (FirstOpenGTKWrappers) are the package's own.
public import CGtk
package import FirstOpenGTKWrappers

/// An app window that Welcome and What's New windows are shown over
/// (``welcomeView(appID:appName:version:store:imageName:mainColor:informationDetailViews:onDismiss:)``,
/// ``whatsNewView(appID:appName:version:policy:store:imageName:mainColor:informationDetailViews:onDismiss:)``).
/// Made here for an app without GTK bindings of its own, or borrowed from the
/// `GtkWindow *` an app's bindings hold.
@MainActor
public final class FirstOpenWindow {
    /// The wrapper the dialog and the flow use.
    package let window: Window

    /// A new top-level window titled `title` (hidden until ``showAll()``).
    public init(title: String) {
        window = Window(title: title)
    }

    /// Wraps a window the app created; the app keeps owning it (this adds a reference,
    /// it never destroys the window).
    public init(borrowing pointer: UnsafeMutablePointer<GtkWindow>) {
        window = Window(existing: pointer)
    }

    /// The wrapped `GtkWindow *`, for calls this wrapper does not cover.
    public var gtkWindow: UnsafeMutablePointer<GtkWindow> { window.windowPointer }

    /// `gtk_window_set_default_size`, in logical pixels.
    public func setDefaultSize(width: Int, height: Int) {
        window.setDefaultSize(width: width, height: height)
    }

    /// Shows the window and everything in it (`gtk_widget_show_all`).
    public func showAll() {
        window.showAll()
    }

    /// Calls `action` when the window is destroyed (e.g. to quit the main loop).
    public func onDestroy(_ action: @escaping @MainActor () -> Void) {
        window.onDestroy(action)
    }
}

/// GTK's start and main loop, for an app without GTK bindings of its own (an app with
/// them keeps calling its own).
@MainActor
public enum FirstOpenGTK {
    /// `gtk_init_check`: false when no display can be opened. Safe to call again.
    public static func initialize() -> Bool { GTK.initialize() }

    /// `gtk_main`: runs until ``quitMainLoop()``.
    public static func runMainLoop() { GTK.runMainLoop() }

    /// `gtk_main_quit`.
    public static func quitMainLoop() { GTK.quitMainLoop() }
}
