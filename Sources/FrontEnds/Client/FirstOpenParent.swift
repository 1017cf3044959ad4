internal import CGLib
public import FirstOpenState
public import FirstOpenContent
public import FirstOpenViewsModel

/// An app window of any toolkit that Welcome and What's New windows are shown over,
/// named the way the XDG Desktop Portal names a parent window: `x11:XID` (the X window
/// id in hexadecimal) or `wayland:HANDLE` (a handle exported through xdg-foreign, e.g.
/// GTK 4's `gdk_toplevel_export_handle`, or `gdk_wayland_toplevel_export_handle` before
/// GTK 4.10… see docs/embedding.md).
///
/// The window itself is first-open's (the same window, text and record as `first-open
/// SPEC`): ``welcomeView(appID:appName:version:imageName:mainColor:informationDetailViews:completion:)``
/// and ``whatsNewView(appID:appName:version:policy:imageName:mainColor:informationDetailViews:completion:)``
/// write the rows to a private spec file and run `first-open SPEC --parent HANDLE`, which
/// decides (record, settings, policy, quiet sessions, lock), shows the window modal over
/// this one and records the version when the user dismisses it. Nothing in this process
/// loads GTK: a GTK 4 app keeps its own.
///
/// The calls made in one turn of the main loop (`welcomeView(...).whatsNewView(...)`)
/// are one check, run from the GLib main loop (`g_idle_add`) right after them; its
/// outcome goes to each call's `completion`, on the main loop's thread. The app must run
/// a GLib main loop on its main thread (GTK 4 and Adwaita for Swift do).
@MainActor
public final class FirstOpenParent {
    /// The parent window: `x11:XID` or `wayland:HANDLE`.
    public let portalHandle: String
    /// The `first-open` program to run: a name looked up in `PATH`, or a path.
    public var command: String

    /// Registrations not yet handed to first-open (the current main-loop turn's calls).
    private var pending: [(kind: FirstOpenWindowKind, options: FirstOpenOptions)] = []

    /// The parent named by `portalHandle` (`x11:XID`, `wayland:HANDLE`); `command` is the
    /// first-open to run (default: `first-open` in `PATH`).
    public init(portalHandle: String, command: String = "first-open") {
        self.portalHandle = portalHandle
        self.command = command
    }

    /// Shows the `kind` window over this window when first-open says it is due, and lets
    /// first-open record the version when the user dismisses it: the one implementation
    /// behind ``welcomeView(appID:appName:version:imageName:mainColor:informationDetailViews:completion:)``
    /// and ``whatsNewView(appID:appName:version:policy:imageName:mainColor:informationDetailViews:completion:)``.
    ///
    /// A check with only Welcome rows leaves an update alone (`ShowWhatsNew=false`: nothing
    /// shown, nothing recorded); a first start with only What's New rows is recorded without
    /// a window, as `first-open` does for a spec without Welcome rows.
    @discardableResult
    public func firstOpenView(_ kind: FirstOpenWindowKind, _ options: FirstOpenOptions) -> Self {
        if pending.isEmpty {
            let box = Unmanaged.passRetained(self).toOpaque()
            g_idle_add({ data in
                MainActor.assumeIsolated {
                    let parent = Unmanaged<FirstOpenParent>.fromOpaque(data!).takeRetainedValue()
                    parent.runPending()
                }
                return 0  // G_SOURCE_REMOVE
            }, box)
        }
        pending.append((kind, options))
        return self
    }

    /// Shows "Welcome to ‹App›" over this window the first time the app starts — when no
    /// version of it was recorded — and first-open records `version` when the user
    /// dismisses it. Parameters as in ``FirstOpenOptions``; see ``firstOpenView(_:_:)``.
    @discardableResult
    public func welcomeView(
        appID: String? = nil,
        appName: String? = nil,
        version: String,
        imageName: String? = nil,
        mainColor: FirstOpenColor = .blue,
        informationDetailViews: [InformationDetailView],
        completion: (@MainActor (FirstOpenOutcome) -> Void)? = nil
    ) -> Self {
        firstOpenView(.welcome, FirstOpenOptions(
            appID: appID, appName: appName, version: version, imageName: imageName,
            mainColor: mainColor, informationDetailViews: informationDetailViews, completion: completion))
    }

    /// Shows "What's New in ‹App›" over this window after the app was updated — when the
    /// recorded version is older than `version` and the change counts under `policy` —
    /// and first-open records `version` when the user dismisses it. The rows are the notes
    /// of `version`. Parameters as in ``FirstOpenOptions``; see ``firstOpenView(_:_:)``.
    @discardableResult
    public func whatsNewView(
        appID: String? = nil,
        appName: String? = nil,
        version: String,
        policy: UpdatePolicy = .default,
        imageName: String? = nil,
        mainColor: FirstOpenColor = .blue,
        informationDetailViews: [InformationDetailView],
        completion: (@MainActor (FirstOpenOutcome) -> Void)? = nil
    ) -> Self {
        firstOpenView(.whatsNew, FirstOpenOptions(
            appID: appID, appName: appName, version: version, policy: policy, imageName: imageName,
            mainColor: mainColor, informationDetailViews: informationDetailViews, completion: completion))
    }

    /// One first-open run per app ID among the pending calls.
    private func runPending() {
        let calls = pending
        pending = []
        var order: [String] = []
        var byApp: [String: [(kind: FirstOpenWindowKind, options: FirstOpenOptions)]] = [:]
        for call in calls {
            let appID = call.options.appID ?? ClientSpec.programName
            if byApp[appID] == nil { order.append(appID) }
            byApp[appID, default: []].append(call)
        }
        for appID in order {
            let group = byApp[appID]!
            let completions = group.compactMap(\.options.completion)
            let report: @MainActor (FirstOpenOutcome) -> Void = { outcome in
                for completion in completions { completion(outcome) }
            }
            do throws(FirstOpenClientError) {
                let spec = try ClientSpec(appID: appID, calls: group)
                FirstOpenRun.start(command: command, spec: spec, parent: portalHandle, report: report)
            } catch {
                report(.failed(error))
            }
        }
    }
}
