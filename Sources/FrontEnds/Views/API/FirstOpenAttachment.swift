internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import FirstOpenGTKWrappers
internal import FirstOpenViewsModel
/// A Welcome or What's New window attached to an app window: waits until the app
/// window is shown, decides, and presents over it at most once.
@MainActor
struct FirstOpenAttachment {
    let kind: FirstOpenWindowKind
    let options: FirstOpenOptions

    private var appID: String? { options.appID }
    private var rows: [InformationDetailView] { options.informationDetailViews }

    /// What the check did over the app window.
    enum Outcome: CustomStringConvertible {
        /// `version` does not parse; one warning line said so, nothing was decided.
        case invalidVersion(String)
        /// What the flow did (shown, nothing, quiet session, recorded silently, failed, …).
        case presentation(PresentationOutcome)

        /// One line for `G_MESSAGES_DEBUG=first-open`, first word as `first-open explain`.
        var description: String {
            switch self {
            case let .invalidVersion(message): "nothing: \(message)"
            case .presentation(.presented): "shown"
            case let .presentation(.nothing(decision)) where decision.showsWindow:
                "nothing: left to the \(decision.kind?.rawValue ?? "other") check (\(decision.explanation))"
            case let .presentation(.nothing(decision)): decision.explanation
            case let .presentation(.recordedWithoutShowing(decision)):
                "recorded without showing (no content for \(decision.explanation))"
            case .presentation(.alreadyShowing): "nothing: this app's window is already showing (in this process or another)"
            case let .presentation(.quietSession(reason)): "nothing: quiet session: \(reason)"
            case let .presentation(.failed(failure)): "nothing: failed: \(failure)"
            }
        }
    }

    /// Runs the check once the window is mapped (right away, from the main loop, when it
    /// already is). The idle callback lets the window manager place the parent first, so
    /// the dialog is centred on it.
    func attach(to window: Window) {
        if window.isMapped {
            IdleCallback.schedule { self.run(over: window) }
            return
        }
        var fired = false
        window.connect("map") {
            guard !fired else { return }
            fired = true
            IdleCallback.schedule { self.run(over: window) }
        }
    }

    /// The app ID used when none is given: the program name GLib knows, else the
    /// executable's name.
    static var defaultAppID: String {
        if let name = GTK.programName, !name.isEmpty { return name }
        let executable = CommandLine.arguments.first ?? "app"
        return executable.split(separator: "/").last.map(String.init) ?? executable
    }

    private func run(over window: Window) {
        guard !window.isDestroyed else { return }
        // The check runs whether or not anyone listens: apps pass no callback.
        let outcome = check(over: window)
        Diagnostics.debug("\(appID ?? Self.defaultAppID): \(kind.rawValue) check: \(outcome)")
        options.onOutcome?(outcome)
    }

    private func check(over window: Window) -> Outcome {
        let appID = self.appID ?? FirstOpenAttachment.defaultAppID
        let currentVersion: Version
        do {
            currentVersion = try Version(options.version)
        } catch {
            let message = "\(appID): version \(Quoted.text(options.version)): \(error)"
            Diagnostics.warn(message)
            return .invalidVersion(message)
        }
        let flow = PresentationFlow(appID: appID, currentVersion: currentVersion, policy: options.policy,
                                    store: options.store, environment: options.environment)
        for warning in flow.warnings { Diagnostics.warn(warning) }
        // welcomeView and whatsNewView may both be attached: each shows only its kind;
        // no rows means nothing to show for this case: recorded silently.
        return .presentation(flow.present(
            overWindow: window, only: kind,
            content: { _ in rows.isEmpty ? nil : content(appID: appID) },
            onDismiss: options.onDismiss))
    }

    /// The window content; colours that do not parse are reported and replaced.
    private func content(appID: String) -> WindowContent {
        let accent = valid(options.mainColor, what: "mainColor") ?? FirstOpenColor.blue
        let informationRows = rows.map { view in
            var row = view.informationRow
            // A row's own colour that does not parse falls back on the window's accent.
            row.color = view.mainColor.followsAccent
                ? nil : valid(view.mainColor, what: "mainColor of \(Quoted.text(view.title))")?.cssColor
            return row
        }
        return WindowContent(
            kind: kind,
            appName: options.appName ?? GTK.applicationName ?? appID,
            iconName: options.imageName,
            accentColor: accent.cssColor,
            sections: [ContentSection(rows: informationRows)]
        )
    }

    private func valid(_ color: FirstOpenColor, what: String) -> FirstOpenColor? {
        do {
            _ = try RGBA(parsing: color.cssColor)
            return color
        } catch {
            Diagnostics.warn("\(what): \(error); using the default blue")
            return nil
        }
    }
}
