/// Where a presentation's settings and session check come from.
///
/// ``host`` — the default of every entry point — reads the admin and user settings
/// files (`$XDG_CONFIG_DIRS`, `$XDG_CONFIG_HOME` `first-open/first-open.conf`) and
/// the real session (uid, user name, `XDG_SESSION_CLASS`, `/run/live`, the kernel
/// command line). Tests inject ``fixed(_:quietSession:)`` so that what they decide
/// never depends on the machine that runs them.
package struct SessionEnvironment: Sendable {
    /// The settings that apply to an app ID, and one line per problem found.
    package var loadSettings: @Sendable (_ appID: String) -> (FirstOpenSettings, warnings: [String])
    /// The current session when it is a quiet one (live, guest, greeter, system account).
    package var quietSession: @Sendable () -> QuietSession?

    /// An environment made of the two sources.
    package init(
        loadSettings: @escaping @Sendable (_ appID: String) -> (FirstOpenSettings, warnings: [String]),
        quietSession: @escaping @Sendable () -> QuietSession?
    ) {
        self.loadSettings = loadSettings
        self.quietSession = quietSession
    }

    /// The machine's settings files and session.
    package static let host = SessionEnvironment(
        loadSettings: { FirstOpenSettings.load(appID: $0) },
        quietSession: { QuietSession.current() })

    /// Fixed settings for every app and a fixed session; nothing is read.
    package static func fixed(_ settings: FirstOpenSettings = FirstOpenSettings(),
                             quietSession: QuietSession? = nil) -> SessionEnvironment {
        SessionEnvironment(loadSettings: { _ in (settings, []) }, quietSession: { quietSession })
    }

    /// The settings for `appID`, their warnings, and why nothing should be shown in
    /// this session after `ShowInLiveSessions` / `ShowForSystemAccounts` (nil: showing
    /// is allowed).
    package func settings(for appID: String) -> (settings: FirstOpenSettings, warnings: [String], quietReason: String?) {
        let (settings, warnings) = loadSettings(appID)
        return (settings, warnings, settings.quietReason(for: quietSession()))
    }
}
