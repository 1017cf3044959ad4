extension Window {
    /// Shows "Welcome to ‹App›" over this window the first time the app starts — when no
    /// version of it was recorded — and records `version` when the user dismisses it.
    ///
    /// The check runs when the window is first shown (or right away, from the main loop,
    /// if it already is), once. Admin and user settings (`$XDG_CONFIG_DIRS`,
    /// `$XDG_CONFIG_HOME` `first-open/first-open.conf`) apply; live, guest and greeter
    /// sessions stay quiet. Problems (unreadable record, bad version or colour) are
    /// printed as one line on stderr and never crash the app.
    ///
    /// - Parameters:
    ///   - appID: names the record; default: the program name (`g_get_prgname()`, else
    ///     the executable's name). Use your reverse-DNS application ID.
    ///   - appName: shown in colour under the headline; default:
    ///     `g_get_application_name()`, else the app ID.
    ///   - version: the running version (GTK apps have no bundle to read it from); it is
    ///     what a later ``whatsNewView(appID:appName:version:policy:store:imageName:mainColor:informationDetailViews:onDismiss:)``
    ///     compares against.
    ///   - store: where the record lives; default `$XDG_STATE_HOME/first-open`.
    ///   - imageName: an icon-theme name or absolute image path shown on top; a missing
    ///     icon is left out.
    ///   - mainColor: the app name, the Continue button and untinted icons.
    ///   - informationDetailViews: the rows (three are recommended). None: record
    ///     without showing anything.
    ///   - onDismiss: called once when the window goes away, after recording.
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
        welcomeView(
            appID: appID, appName: appName, version: version, store: store, imageName: imageName,
            mainColor: mainColor, informationDetailViews: informationDetailViews, onDismiss: onDismiss,
            environment: .host, onOutcome: nil)
    }

    /// ``welcomeView(appID:appName:version:store:imageName:mainColor:informationDetailViews:onDismiss:)``
    /// with the settings and session check of `environment`, telling `onOutcome` what
    /// the check did (tests inject both instead of reading the host).
    @discardableResult
    func welcomeView(
        appID: String? = nil,
        appName: String? = nil,
        version: String,
        store: any VersionStore = KeyFileVersionStore(),
        imageName: String? = nil,
        mainColor: Color = .blue,
        informationDetailViews: [InformationDetailView],
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil,
        environment: SessionEnvironment,
        onOutcome: (@MainActor (FirstOpenAttachment.Outcome) -> Void)?
    ) -> Self {
        FirstOpenAttachment(
            kind: .welcome, appID: appID, appName: appName, version: version, policy: .default,
            store: store, imageName: imageName, mainColor: mainColor,
            rows: informationDetailViews, onDismiss: onDismiss,
            environment: environment, onOutcome: onOutcome
        ).attach(to: self)
        return self
    }

    /// Shows "What's New in ‹App›" over this window after the app was updated — when the
    /// recorded version is older than `version` and the change counts under `policy` —
    /// and records `version` when the user dismisses it. Nothing on a first start (that
    /// is ``welcomeView(appID:appName:version:store:imageName:mainColor:informationDetailViews:onDismiss:)``'s
    /// case), on the same version, or after a downgrade.
    ///
    /// Parameters as for `welcomeView`, plus:
    ///   - policy: which upgrades count (`minor` by default: bug-fix releases show
    ///     nothing); admin and user settings may override the kind of change.
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
        whatsNewView(
            appID: appID, appName: appName, version: version, policy: policy, store: store,
            imageName: imageName, mainColor: mainColor, informationDetailViews: informationDetailViews,
            onDismiss: onDismiss, environment: .host, onOutcome: nil)
    }

    /// ``whatsNewView(appID:appName:version:policy:store:imageName:mainColor:informationDetailViews:onDismiss:)``
    /// with the settings and session check of `environment`, telling `onOutcome` what
    /// the check did (tests inject both instead of reading the host).
    @discardableResult
    func whatsNewView(
        appID: String? = nil,
        appName: String? = nil,
        version: String,
        policy: UpdatePolicy = .default,
        store: any VersionStore = KeyFileVersionStore(),
        imageName: String? = nil,
        mainColor: Color = .blue,
        informationDetailViews: [InformationDetailView],
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil,
        environment: SessionEnvironment,
        onOutcome: (@MainActor (FirstOpenAttachment.Outcome) -> Void)?
    ) -> Self {
        FirstOpenAttachment(
            kind: .whatsNew, appID: appID, appName: appName, version: version, policy: policy,
            store: store, imageName: imageName, mainColor: mainColor,
            rows: informationDetailViews, onDismiss: onDismiss,
            environment: environment, onOutcome: onOutcome
        ).attach(to: self)
        return self
    }
}
