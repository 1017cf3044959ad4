package import FirstOpenContent
package import FirstOpenFlow
package import FirstOpenState

/// `first-open-window show`'s command line: the hand-over between `first-open`, which
/// decides without GTK, and the window helper, which shows. This one type defines the
/// helper's options (``Option``, its `--help`), writes them (``arguments``, in
/// `first-open`), reads them (``init(parsing:)``, in the helper) and rebuilds what the
/// flow decided (``presentation(content:environment:store:)``), so the format lives in
/// one place. Its names are a contract with installed helpers: extend, never rename.
///
/// ```
/// show --kind K [--from V] [--app-id ID --record-version V --lock-fd N] [--parent HANDLE]
///      [--detailed-status] -- SPEC
/// ```
///
/// With `--record-version` the window is one `first-open` decided on (``decided``): the
/// helper reads the spec again (it needs the rows and images), refuses when the spec it
/// finds is another app's or another version's (``check(_:)``: a symbolic link swapped
/// between the decision and the window) and records that version through the flow's
/// ``Presentation`` when the user dismisses the window. Without it the window is forced
/// (`first-open show --force`) and records nothing.
package struct WindowHandover {
    /// What `first-open` decided under the lock (`--app-id`, `--record-version`, `--from`).
    package struct Decided: Equatable, Sendable {
        /// The app whose record is written on dismissal.
        package var appID: String
        /// The version recorded on dismissal (the current version when deciding).
        package var version: Version
        /// What's New: the notes after this version.
        package var from: Version?

        /// A decision handed over.
        package init(appID: String, version: Version, from: Version? = nil) {
            self.appID = appID
            self.version = version
            self.from = from
        }
    }

    /// The helper's options, each declared once: its name on the command line (the raw
    /// value), its `--help` line, and whether `--help` lists it.
    package enum Option: String, CaseIterable, Sendable {
        case kind
        case from
        case appID = "app-id"
        case recordVersion = "record-version"
        case lockFD = "lock-fd"
        case parent
        case detailedStatus = "detailed-status"

        /// `--name`.
        package var flag: String { "--" + rawValue }

        var definition: OptionDefinition {
            switch self {
            case .kind: .value(rawValue, placeholder: "welcome|whats-new", help: "Which window")
            case .from: .value(rawValue, placeholder: "VERSION", help: "What's New: the notes after VERSION")
            case .appID: .value(rawValue, placeholder: "APPID", help: "The app first-open decided for", hidden: true)
            case .recordVersion:
                .value(rawValue, placeholder: "VERSION", help: "Record VERSION on dismissal", hidden: true)
            case .lockFD: .value(rawValue, placeholder: "FD", help: "The inherited state lock", hidden: true)
            case .parent:
                .value(rawValue, placeholder: "x11:XID|wayland:HANDLE",
                       help: "Modal and transient for this window of another app")
            case .detailedStatus:
                .flag(rawValue, help: "Exit 2 when no window was dismissed, 3 when the parent window is gone or went away")
            }
        }
    }

    /// The subcommand of `first-open-window` these are the options of.
    package static let command = "show"

    /// `first-open-window show`'s options and `--help`.
    package static let parser = OptionParser(
        parameterSummary: "SPEC",
        summary: "Show SPEC's window (started by 'first-open show').",
        options: Option.allCases.map(\.definition))

    /// The spec file the helper reads again.
    package var specPath: String
    /// The window to show.
    package var kind: FirstOpenWindowKind
    /// `--from` as given: for a forced What's New, checked only when the window is read
    /// (``notesAfter()``: an invalid one is reported once the display is open, as before);
    /// for a decided one, checked by ``init(parsing:)``.
    package var from: String?
    /// `--parent HANDLE`, passed on as given: the helper checks it (a bad one is one
    /// warning there, and the window shows unparented).
    package var parent: String?
    /// `--detailed-status` (`first-open show --detailed-status`, which libfirst-open-client
    /// passes): the helper exits 3, not 2, when the parent window is gone or went away.
    package var detailedStatus = false
    /// What `first-open` decided; nil for a forced window.
    package var decided: Decided?
    /// The app's window lock (`--lock-fd`): the one `first-open` holds when writing, the
    /// inherited one, adopted, when read; held until the window is gone.
    package var lock: StateLock?

    /// A forced window (`first-open show --force KIND [--from V]`): nothing is recorded.
    package init(specPath: String, forced kind: FirstOpenWindowKind, from: String? = nil, parent: String? = nil,
                 detailedStatus: Bool = false) {
        self.specPath = specPath
        self.kind = kind
        self.from = from
        self.parent = parent
        self.detailedStatus = detailedStatus
    }

    /// The hand-over of a presentation `first-open`'s flow decided on, with its lock.
    package init(_ presentation: Presentation, specPath: String, parent: String? = nil, detailedStatus: Bool = false) {
        var from: Version?
        if case .whatsNew(let notesAfter, _) = presentation.decision { from = notesAfter }
        self.init(specPath: specPath, kind: presentation.content.kind,
                  decided: Decided(appID: presentation.appID, version: presentation.version, from: from),
                  lock: presentation.lock, parent: parent, detailedStatus: detailedStatus)
    }

    /// A hand-over of its parts.
    package init(specPath: String, kind: FirstOpenWindowKind, decided: Decided, lock: StateLock, parent: String? = nil,
                 detailedStatus: Bool = false) {
        self.specPath = specPath
        self.kind = kind
        self.from = decided.from?.description
        self.parent = parent
        self.detailedStatus = detailedStatus
        self.decided = decided
        self.lock = lock
    }

    // MARK: Writing (first-open)

    /// `first-open-window`'s arguments after the program name: the subcommand, the options
    /// and `-- SPEC`.
    package var arguments: [String] {
        var arguments = [Self.command, Option.kind.flag, kind.rawValue]
        if let decided {
            arguments += [Option.appID.flag, decided.appID, Option.recordVersion.flag, decided.version.description]
            if let from = decided.from { arguments += [Option.from.flag, from.description] }
            arguments += [Option.lockFD.flag, String(lock?.fileDescriptor ?? -1)]
        } else if let from {
            arguments += [Option.from.flag, from]
        }
        if let parent { arguments += [Option.parent.flag, parent] }
        if detailedStatus { arguments.append(Option.detailedStatus.flag) }
        return arguments + ["--", specPath]
    }

    // MARK: Reading (first-open-window)

    /// Reads `first-open-window show`'s command line (the program name first, as `argv`)
    /// and adopts the inherited lock.
    /// - Throws: a usage error (exit 64, one line) for a command line that is not all of
    ///   a hand-over: no spec, a bad `--kind`, `--record-version` without `--app-id` or
    ///   without a lock it can adopt, What's New without `--from`.
    package init(parsing arguments: [String]) throws(CommandFailure) {
        let options = try Self.parser.parse(arguments)
        specPath = try options.specPath(command: Self.command)
        guard let kindName = options[Option.kind.rawValue], let kind = FirstOpenWindowKind(rawValue: kindName) else {
            throw Self.usage("\(Option.kind.flag) takes 'welcome' or 'whats-new'")
        }
        self.kind = kind
        from = options[Option.from.rawValue]
        parent = options[Option.parent.rawValue]
        detailedStatus = options.flags.contains(Option.detailedStatus.rawValue)
        if let version = try Self.version(options[Option.recordVersion.rawValue], option: .recordVersion) {
            guard let appID = options[Option.appID.rawValue] else {
                throw Self.usage("\(Option.recordVersion.flag) needs \(Option.appID.flag)")
            }
            let from = try Self.version(from, option: .from)
            if kind == .whatsNew && from == nil {
                throw Self.usage("\(Option.recordVersion.flag) with \(Option.kind.flag) whats-new needs \(Option.from.flag)")
            }
            decided = Decided(appID: appID, version: version, from: from)
        }
        lock = options[Option.lockFD.rawValue].flatMap(Int32.init).flatMap(StateLock.init(adoptingFileDescriptor:))
        if decided != nil && lock == nil {
            throw Self.usage("\(Option.recordVersion.flag) needs \(Option.lockFD.flag), the lock first-open holds")
        }
    }

    /// `--from` as a version (What's New: the notes after it); nil when not given.
    /// - Throws: a usage error when it is not a version.
    package func notesAfter() throws(CommandFailure) -> Version? {
        try Self.version(from, option: .from)
    }

    // MARK: The decision

    /// What the flow decided under the lock: Welcome of the recorded version, or What's
    /// New from `--from` to it; nil for a forced window.
    package var decision: Decision? {
        guard let decided else { return nil }
        return switch kind {
        case .welcome: .welcome(current: decided.version)
        case .whatsNew: .whatsNew(from: decided.from ?? decided.version, to: decided.version)
        }
    }

    /// The presentation `first-open`'s flow decided on, in the window process that shows
    /// it: `content` read again from the spec (after ``check(_:)``), the lock the
    /// inherited one; ``Presentation/recordDismissal()`` writes the record, as in every
    /// front end. The app's settings are read here, once (for "Don't show after updates",
    /// offered unless the administrator locked it), and travel with the presentation.
    /// `first-open` read them to decide; they are read again here, not handed over: the
    /// read costs ~9 K instructions without settings files and ~0.16 M with an admin and
    /// a user file, against ~390 M until the helper's first frame (callgrind;
    /// docs/performance.md), and a helper started by any `first-open` reads them alike.
    /// - Returns: nil for a forced window, which records nothing.
    package func presentation(content: WindowContent, environment: SessionEnvironment = .host,
                              store: any VersionStore = KeyFileVersionStore()) -> Presentation? {
        guard let decided, let decision, let lock else { return nil }
        let settings = environment.loadSettings(decided.appID).0
        var content = content
        content.offersWhatsNewOptOut = !settings.lockedKeys.contains(.showWhatsNew)
        return Presentation(handedOver: decision, content: content, lock: lock, appID: decided.appID,
                            version: decided.version, store: store, settings: settings)
    }

    /// Checks that `spec`, read again by the window process, is the app and version
    /// that were decided on (nothing to check for a forced window).
    /// - Throws: ``FirstOpenFailure/changedSinceDecision(_:)`` otherwise.
    package func check(_ spec: SpecFile) throws(FirstOpenFailure) {
        guard let decided else { return }
        let appID = decided.appID
        guard spec.appID == appID else {
            throw .changedSinceDecision(
                "\(spec.path): AppId is now \(Quoted.text(spec.appID)), not \(Quoted.text(appID)) as when first-open decided; nothing shown, nothing recorded")
        }
        let current: Version
        do {
            current = try spec.currentVersion()
        } catch {
            throw .spec(error)
        }
        guard current == decided.version else {
            throw .changedSinceDecision(
                "\(spec.path): the version of \(appID) is now \(current), not \(decided.version) as when first-open decided; nothing shown, nothing recorded")
        }
    }

    private static func version(_ text: String?, option: Option) throws(CommandFailure) -> Version? {
        guard let text else { return nil }
        do {
            return try Version(text)
        } catch {
            throw CommandFailure("\(option.flag): \(error)", code: .usage)
        }
    }

    private static func usage(_ message: String) -> CommandFailure {
        CommandFailure("\(command): \(message)", code: .usage)
    }
}
