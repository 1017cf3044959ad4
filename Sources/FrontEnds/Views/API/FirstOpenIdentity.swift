internal import FirstOpenState

/// Who the app is, said once for both windows: ``FirstOpenWindow/welcomeView(_:version:store:informationDetailViews:onDismiss:)``
/// and ``FirstOpenWindow/whatsNewView(_:version:policy:store:informationDetailViews:onDismiss:)``
/// take it, so What's New never loses the icon and colour Welcome had.
public struct FirstOpenIdentity: Sendable, Hashable {
    /// Names the record; `nil`: the program name (`g_get_prgname()`). Use your
    /// reverse-DNS application ID.
    public var appID: String?
    /// Shown in colour under the headline; `nil`: `g_get_application_name()`, else the app ID.
    public var appName: String?
    /// An icon-theme name or absolute image path shown on top; `nil`: none.
    public var imageName: String?
    /// The app name, the Continue button and every row without a colour of its own.
    public var mainColor: FirstOpenColor

    /// An identity; every part has the default of `welcomeView` and `whatsNewView`.
    public init(appID: String? = nil, appName: String? = nil, imageName: String? = nil,
                mainColor: FirstOpenColor = .blue) {
        self.appID = appID
        self.appName = appName
        self.imageName = imageName
        self.mainColor = mainColor
    }
}
