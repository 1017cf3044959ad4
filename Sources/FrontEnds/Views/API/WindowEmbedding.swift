public import FirstOpenState
public import FirstOpenContent
internal import FirstOpenFlow
internal import FirstOpenGTKWrappers
public import FirstOpenViewsModel
/// A Welcome or What's New window over an app window: what
/// ``FirstOpenWindow/welcomeView(appID:appName:version:store:imageName:mainColor:informationDetailViews:onDismiss:)``
/// and ``FirstOpenWindow/whatsNewView(appID:appName:version:policy:store:imageName:mainColor:informationDetailViews:onDismiss:)``
/// take, as one value (``FirstOpenWindow/firstOpenView(_:_:)``).
public struct FirstOpenOptions {
    /// Names the record; default: the program name (`g_get_prgname()`, else the
    /// executable's name). Use your reverse-DNS application ID.
    public var appID: String?
    /// Shown in colour under the headline; default: `g_get_application_name()`, else
    /// the app ID.
    public var appName: String?
    /// The running version (GTK apps have no bundle to read it from); a later What's
    /// New compares against it.
    public var version: String
    /// Which upgrades show What's New (`minor` by default: bug-fix releases show
    /// nothing); admin and user settings may override the kind of change. Welcome
    /// ignores it.
    public var policy: UpdatePolicy
    /// Where the record lives; default `$XDG_STATE_HOME/first-open`.
    public var store: any VersionStore
    /// An icon-theme name or absolute image path shown on top; a missing icon is left out.
    public var imageName: String?
    /// The app name, the Continue button and untinted icons.
    public var mainColor: FirstOpenColor
    /// The rows (three are recommended). None: record without showing anything.
    public var informationDetailViews: [InformationDetailView]
    /// Called once when the window goes away, after recording.
    public var onDismiss: (@MainActor (DismissalReason) -> Void)?
    /// Settings and the session check; the machine's, fixed in tests.
    var environment: SessionEnvironment = .host
    /// Told what the check did, once (tests assert it instead of waiting for a window).
    var onOutcome: (@MainActor (FirstOpenAttachment.Outcome) -> Void)?

    /// Options with the defaults of `welcomeView` and `whatsNewView`.
    public init(
        appID: String? = nil,
        appName: String? = nil,
        version: String,
        policy: UpdatePolicy = .default,
        store: any VersionStore = KeyFileVersionStore(),
        imageName: String? = nil,
        mainColor: FirstOpenColor = .blue,
        informationDetailViews: [InformationDetailView],
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) {
        self.appID = appID
        self.appName = appName
        self.version = version
        self.policy = policy
        self.store = store
        self.imageName = imageName
        self.mainColor = mainColor
        self.informationDetailViews = informationDetailViews
        self.onDismiss = onDismiss
    }

    /// These options with the settings and session check of `environment`, telling
    /// `onOutcome` what the check did (tests inject both instead of reading the host).
    func testing(environment: SessionEnvironment,
                 onOutcome: (@MainActor (FirstOpenAttachment.Outcome) -> Void)?) -> FirstOpenOptions {
        var options = self
        options.environment = environment
        options.onOutcome = onOutcome
        return options
    }
}

extension FirstOpenWindow {
    /// Shows the `kind` window over this window when ``PresentationFlow`` says it is due,
    /// and records the version when the user dismisses it: the one implementation
    /// behind ``welcomeView(appID:appName:version:store:imageName:mainColor:informationDetailViews:onDismiss:)``
    /// and ``whatsNewView(appID:appName:version:policy:store:imageName:mainColor:informationDetailViews:onDismiss:)``.
    ///
    /// The check runs when the window is first shown (or right away, from the main loop,
    /// if it already is), once. Admin and user settings (`$XDG_CONFIG_DIRS`,
    /// `$XDG_CONFIG_HOME` `first-open/first-open.conf`) apply; live, guest and greeter
    /// sessions stay quiet. Problems (unreadable record, bad version or colour) are
    /// printed as one line on stderr and never crash the app. A decision for the other
    /// kind is left alone, so both may be attached to the same window.
    @discardableResult
    public func firstOpenView(_ kind: FirstOpenWindowKind, _ options: FirstOpenOptions) -> Self {
        FirstOpenAttachment(kind: kind, options: options).attach(to: window)
        return self
    }

    /// Shows "Welcome to ‹App›" over this window the first time the app starts — when no
    /// version of it was recorded — and records `version` when the user dismisses it.
    /// Parameters as in ``FirstOpenOptions``; see ``firstOpenView(_:_:)``.
    @discardableResult
    public func welcomeView(
        appID: String? = nil,
        appName: String? = nil,
        version: String,
        store: any VersionStore = KeyFileVersionStore(),
        imageName: String? = nil,
        mainColor: FirstOpenColor = .blue,
        informationDetailViews: [InformationDetailView],
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) -> Self {
        firstOpenView(.welcome, FirstOpenOptions(
            appID: appID, appName: appName, version: version, store: store, imageName: imageName,
            mainColor: mainColor, informationDetailViews: informationDetailViews, onDismiss: onDismiss))
    }

    /// Shows "What's New in ‹App›" over this window after the app was updated — when the
    /// recorded version is older than `version` and the change counts under `policy` —
    /// and records `version` when the user dismisses it. Nothing on a first start (that
    /// is ``welcomeView(appID:appName:version:store:imageName:mainColor:informationDetailViews:onDismiss:)``'s
    /// case), on the same version, or after a downgrade. Parameters as in
    /// ``FirstOpenOptions``; see ``firstOpenView(_:_:)``.
    @discardableResult
    public func whatsNewView(
        appID: String? = nil,
        appName: String? = nil,
        version: String,
        policy: UpdatePolicy = .default,
        store: any VersionStore = KeyFileVersionStore(),
        imageName: String? = nil,
        mainColor: FirstOpenColor = .blue,
        informationDetailViews: [InformationDetailView],
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) -> Self {
        firstOpenView(.whatsNew, FirstOpenOptions(
            appID: appID, appName: appName, version: version, policy: policy, store: store,
            imageName: imageName, mainColor: mainColor, informationDetailViews: informationDetailViews,
            onDismiss: onDismiss))
    }
    /// ``welcomeView(appID:appName:version:store:imageName:mainColor:informationDetailViews:onDismiss:)``
    /// with the app's identity as one value, shared with ``whatsNewView(_:version:policy:store:informationDetailViews:onDismiss:)``.
    @discardableResult
    public func welcomeView(
        _ identity: FirstOpenIdentity,
        version: String,
        store: any VersionStore = KeyFileVersionStore(),
        informationDetailViews: [InformationDetailView],
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) -> Self {
        welcomeView(appID: identity.appID, appName: identity.appName, version: version, store: store,
                    imageName: identity.imageName, mainColor: identity.mainColor,
                    informationDetailViews: informationDetailViews, onDismiss: onDismiss)
    }

    /// ``whatsNewView(appID:appName:version:policy:store:imageName:mainColor:informationDetailViews:onDismiss:)``
    /// with the app's identity as one value, shared with ``welcomeView(_:version:store:informationDetailViews:onDismiss:)``.
    @discardableResult
    public func whatsNewView(
        _ identity: FirstOpenIdentity,
        version: String,
        policy: UpdatePolicy = .default,
        store: any VersionStore = KeyFileVersionStore(),
        informationDetailViews: [InformationDetailView],
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) -> Self {
        whatsNewView(appID: identity.appID, appName: identity.appName, version: version, policy: policy, store: store,
                     imageName: identity.imageName, mainColor: identity.mainColor,
                     informationDetailViews: informationDetailViews, onDismiss: onDismiss)
    }
}
