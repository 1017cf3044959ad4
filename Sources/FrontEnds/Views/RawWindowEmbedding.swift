// The embedding API for apps that hold a raw `GtkWindow *` (from their own GTK
// bindings or C code) instead of a `Window`. This file alone exposes CGtk types.
public import CGtk

extension Window {
    /// Wraps a window the app created; the app keeps owning it (this adds a reference,
    /// it never destroys the window).
    public convenience init(borrowing pointer: UnsafeMutablePointer<GtkWindow>) {
        self.init(existing: pointer)
    }

    /// The wrapped `GtkWindow *`, for calls this wrapper does not cover.
    public var gtkWindow: UnsafeMutablePointer<GtkWindow> { windowPointer }
}

extension UnsafeMutablePointer where Pointee == GtkWindow {
    /// ``Window/welcomeView(appID:appName:version:store:imageName:mainColor:informationDetailViews:onDismiss:)``
    /// on a raw `GtkWindow *`.
    @MainActor
    @discardableResult
    public func welcomeView(
        appID: String? = nil,
        appName: String? = nil,
        version: String,
        store: any VersionStore = KeyFileVersionStore(),
        imageName: String? = nil,
        mainColor: Color = .blue,
        informationDetailViews: [InformationDetailView],
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) -> Self {
        Window(existing: self).firstOpenView(.welcome, FirstOpenOptions(
            appID: appID, appName: appName, version: version, store: store, imageName: imageName,
            mainColor: mainColor, informationDetailViews: informationDetailViews, onDismiss: onDismiss))
        return self
    }

    /// ``Window/whatsNewView(appID:appName:version:policy:store:imageName:mainColor:informationDetailViews:onDismiss:)``
    /// on a raw `GtkWindow *`.
    @MainActor
    @discardableResult
    public func whatsNewView(
        appID: String? = nil,
        appName: String? = nil,
        version: String,
        policy: UpdatePolicy = .default,
        store: any VersionStore = KeyFileVersionStore(),
        imageName: String? = nil,
        mainColor: Color = .blue,
        informationDetailViews: [InformationDetailView],
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) -> Self {
        Window(existing: self).firstOpenView(.whatsNew, FirstOpenOptions(
            appID: appID, appName: appName, version: version, policy: policy, store: store,
            imageName: imageName, mainColor: mainColor, informationDetailViews: informationDetailViews,
            onDismiss: onDismiss))
        return self
    }
}
