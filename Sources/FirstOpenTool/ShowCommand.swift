import FirstOpenToolSupport
import FirstOpenContent
import FirstOpenState

#if canImport(Glibc)
import Glibc
#endif

/// `first-open [show] [--force KIND [--from V]] SPEC`: what the autostart entry runs.
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
        ])

    let options: ParsedOptions

    init(arguments: [String]) throws(CommandFailure) {
        options = try Self.parser.parse(arguments)
    }

    func run() throws(CommandFailure) -> ExitCode {
        let specPath = try options.specPath(command: "show")
        if let forced = options["force"] {
            guard FirstOpenKind(rawValue: forced) != nil else {
                throw CommandFailure("show: --force takes 'welcome' or 'whats-new', not '\(forced)'", code: .usage)
            }
            var helperArguments = ["show", "--kind", forced]
            if let from = options["from"] { helperArguments += ["--from", from] }
            try HelperLauncher.execHelper(arguments: helperArguments + ["--", specPath])
        }
        if options["from"] != nil {
            throw CommandFailure("show: --from needs --force whats-new", code: .usage)
        }
        return try showIfDue(specPath: specPath)
    }

    private func showIfDue(specPath: String) throws(CommandFailure) -> ExitCode {
        // A first look that changes nothing, not even a corrupt record.
        let firstLook = try PresentationPlan(specPath: specPath)
        if let problem = firstLook.recordProblem {
            Diagnostics.warning("\(problem)")
        }
        if (firstLook.kind == nil || firstLook.quietReason != nil) && firstLook.recordProblem == nil {
            // The login fast path: nothing due (or a quiet session), no lock, no GTK.
            Diagnostics.output(firstLook.explanation)
            return .ok
        }
        if let quiet = firstLook.quietReason {
            Diagnostics.output("nothing: \(quiet); the record is left as it is")
            return .ok
        }
        guard Self.hasDisplay else {
            Diagnostics.output(Self.noDisplayLine(due: firstLook.kind))
            return .ok
        }
        guard let lock = try acquireLock(firstLook) else {
            Diagnostics.output("nothing: another first-open is already showing \(firstLook.spec.appID)")
            return .ok
        }
        // Decide again under the lock: a concurrent start may have recorded meanwhile.
        let plan = try firstLook.redecided()
        if plan.recordProblem != nil {
            // The user has been here before: never Welcome. The store keeps the corrupt
            // record aside and writes the fresh one in one step, under its record lock.
            try record(plan, note: "the unusable record was kept aside; wrote a fresh record")
            return .ok
        }
        guard let kind = plan.kind else {
            Diagnostics.output(plan.explanation)
            return .ok
        }
        guard plan.content != nil else {
            try record(plan, note: "nothing to show for this case; recorded silently")
            return .ok
        }

        lock.keepAcrossExec()
        var helperArguments = ["show", "--kind", kind.rawValue,
                               "--record-version", plan.currentVersion.description,
                               "--lock-fd", String(lock.fileDescriptor)]
        if case .whatsNew(let from, _) = plan.decision {
            helperArguments += ["--from", from.description]
        }
        try HelperLauncher.execHelper(arguments: helperArguments + ["--", specPath])
    }

    private func acquireLock(_ plan: PresentationPlan) throws(CommandFailure) -> StateLock? {
        do {
            return try plan.store.tryLock(appID: plan.spec.appID)
        } catch {
            throw CommandFailure("\(error)", code: .ioError)
        }
    }

    private func record(_ plan: PresentationPlan, note: String) throws(CommandFailure) {
        do {
            try plan.store.record(plan.currentVersion, for: plan.spec.appID)
        } catch {
            throw CommandFailure("\(error)", code: .ioError)
        }
        Diagnostics.output("nothing: \(note) (\(plan.spec.appID) \(plan.currentVersion))")
    }

    /// What `show` prints when there is no display: what stays due, and that nothing was recorded.
    static func noDisplayLine(due kind: FirstOpenKind?) -> String {
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
