public import FirstOpenState
internal import FirstOpenContent
public import FirstOpenViewsModel
/// A Welcome or What's New window over an app's window, as one value: what
/// ``FirstOpenParent/welcomeView(appID:appName:version:imageName:mainColor:informationDetailViews:completion:)``
/// and ``FirstOpenParent/whatsNewView(appID:appName:version:policy:imageName:mainColor:informationDetailViews:completion:)``
/// take (``FirstOpenParent/firstOpenView(_:_:)``). The same fields as FirstOpenViews'
/// options but the store: the record is first-open's own
/// (`$XDG_STATE_HOME/first-open/APPID.state`, where FirstOpenViews keeps it by default).
public struct FirstOpenOptions {
    /// Names the record; default: the program name (`g_get_prgname()`). Use your
    /// reverse-DNS application ID.
    public var appID: String?
    /// Shown in colour under the headline; default: `g_get_application_name()`, else the
    /// app ID.
    public var appName: String?
    /// The running version; a later What's New compares against it.
    public var version: String
    /// Which upgrades show What's New (`minor` by default); admin and user settings may
    /// override the kind of change. Welcome ignores it.
    public var policy: UpdatePolicy
    /// An icon-theme name or absolute image path shown on top; a missing icon is left out.
    public var imageName: String?
    /// The app name, the Continue button and untinted icons.
    public var mainColor: FirstOpenColor
    /// The rows (three are recommended). None: a first start records without showing.
    public var informationDetailViews: [InformationDetailView]
    /// Called once, on the main loop's thread, with what the check did.
    public var completion: (@MainActor (FirstOpenOutcome) -> Void)?

    /// Options with the defaults of `welcomeView` and `whatsNewView`.
    public init(
        appID: String? = nil,
        appName: String? = nil,
        version: String,
        policy: UpdatePolicy = .default,
        imageName: String? = nil,
        mainColor: FirstOpenColor = .blue,
        informationDetailViews: [InformationDetailView],
        completion: (@MainActor (FirstOpenOutcome) -> Void)? = nil
    ) {
        self.appID = appID
        self.appName = appName
        self.version = version
        self.policy = policy
        self.imageName = imageName
        self.mainColor = mainColor
        self.informationDetailViews = informationDetailViews
        self.completion = completion
    }
}
