import FirstOpenFlow
import FirstOpenToolSupport
import FirstOpenContent
import FirstOpenState

#if canImport(Glibc)
import Glibc
#endif

/// `first-open [show] [--force KIND [--from V]] [--parent HANDLE] SPEC`: what the autostart entry runs.
struct ShowCommand {
    static let parser = OptionParser(
        parameterSummary: "SPEC",
        summary: """
            Decide whether SPEC's Welcome or What's New window is due, show it, and record \
            the version when the user dismisses it. Exits 0 when nothing is due, when there \
            is no display, and when another first-open is already showing it.
            """,
        options: [
            .value("force", placeholder: "welcome|whats-new",
                   help: "Show this window regardless of the record; the record is left untouched"),
            .value("from", placeholder: "VERSION", help: "With --force whats-new: show the notes after VERSION"),
            .value("parent", placeholder: "x11:XID|wayland:HANDLE",
                   help: "Show the window modal and transient for this window of another app; "
                       + "then exit 0 only when a window was shown and dismissed, 2 when none was"),
            .flag("detailed-status",
                  help: "Exit 0 only when a window was shown and dismissed, 2 when none was, 3 when "
                      + "the parent window is gone or went away, 4 when another first-open is already "
                      + "showing this app's window"),
        ])

    let options: ParsedOptions

    init(arguments: [String]) throws(CommandFailure) {
        options = try Self.parser.parse(arguments)
        parent = options["parent"]
        // The helper tells the parent's going away: it gets --detailed-status too.
        detailedStatus = options.flags.contains("detailed-status")
        nothingShown = parent == nil && !detailedStatus ? .ok : .notShown
        alreadyShowing = detailedStatus ? .alreadyShowing : nothingShown
    }

    /// `--parent HANDLE`, passed on to the helper as given (it checks the handle: a bad
    /// one is one warning there, and the window shows unparented).
    private let parent: String?
    /// `--detailed-status`, passed on to the helper too.
    private let detailedStatus: Bool
    /// What a run that shows no window exits with: 0, or 2 with `--parent`, whose caller
    /// wants to know whether the user saw a window.
    private let nothingShown: ExitCode
    /// What a run exits with when another first-open holds the app's lock: as
    /// `nothingShown`, or 4 with `--detailed-status`.
    private let alreadyShowing: ExitCode

    func run() throws(CommandFailure) -> ExitCode {
        let specPath = try options.specPath(command: "show")
        if let forced = options["force"] {
            guard let kind = FirstOpenWindowKind(rawValue: forced) else {
                throw CommandFailure("show: --force takes 'welcome' or 'whats-new', not '\(forced)'", code: .usage)
            }
            let handover = WindowHandover(specPath: specPath, forced: kind, from: options["from"], parent: parent, detailedStatus: detailedStatus)
            try HelperLauncher.execHelper(arguments: handover.arguments)
        }
        if options["from"] != nil {
            throw CommandFailure("show: --from needs --force whats-new", code: .usage)
        }
        return try showIfDue(specPath: specPath)
    }

    /// ``PresentationFlow`` with the window shown by `first-open-window`, which gets
    /// the decision and the lock (``WindowHandover``) and records on dismissal.
    private func showIfDue(specPath: String) throws(CommandFailure) -> ExitCode {
        var spec = try SpecFlow(specPath: specPath)
        let step: PresentationFlow.Step
        do {
            // A first look that changes nothing, not even a corrupt record.
            let look = try spec.flow.look()
            if let problem = look.recordProblem { Diagnostics.warning("\(problem)") }
            step = try spec.flow.run(after: look, hasDisplay: Self.hasDisplay) { decision throws(FirstOpenFailure) in
                try spec.content(for: decision)
            }
        } catch {
            throw CommandFailure(error)
        }
        let appID = spec.appID
        let version = spec.flow.session.currentVersion
        switch step {
        case .nothing(let decision):
            // The login fast path: nothing due, no lock, no GTK.
            Diagnostics.output(spec.describe(decision))
        case .quiet(let reason, let look):
            Diagnostics.output(look.recordProblem == nil
                ? spec.explanation(look, hasContent: true)
                : "nothing: \(reason); the record is left as it is")
        case .noDisplay(let look):
            Diagnostics.output(Self.noDisplayLine(due: look.decision.kind))
        case .alreadyShowing:
            Diagnostics.output("nothing: another first-open is already showing \(appID)")
            return alreadyShowing
        case .repaired:
            // The user has been here before: never Welcome.
            Diagnostics.output("nothing: the unusable record was kept aside; wrote a fresh record (\(appID) \(version))")
        case .recordedSilently:
            Diagnostics.output("nothing: nothing to show for this case; recorded silently (\(appID) \(version))")
        case .show(let presentation):
            presentation.lock.keepAcrossExec()
            try HelperLauncher.execHelper(
                arguments: WindowHandover(presentation, specPath: specPath, parent: parent, detailedStatus: detailedStatus).arguments)
        }
        return nothingShown
    }

    /// What `show` prints when there is no display: what stays due, and that nothing was recorded.
    static func noDisplayLine(due kind: FirstOpenWindowKind?) -> String {
        var what = "the record is left as it is"
        if let kind { what = kind.rawValue + " stays due" }
        return "nothing: no display (DISPLAY and WAYLAND_DISPLAY are unset); " + what + "; nothing recorded"
    }

    /// True when a GTK display can be looked for. GTK itself is not loaded here.
    static var hasDisplay: Bool {
        for name in ["DISPLAY", "WAYLAND_DISPLAY"] {
            if let value = getenv(name), value.pointee != 0 { return true }
        }
        return false
    }
}
