import FirstOpenToolSupport
import FirstOpenContent
import FirstOpenState

/// What `show` would do for one spec file. `show` and `explain` share it.
struct PresentationPlan {
    let spec: SpecFile
    let currentVersion: Version
    let decision: Decision
    /// The window to show; `nil` when the decision is "nothing" or there is no content for it.
    let content: WindowContent?
    /// Why this session stays quiet (system account, live session); only looked up
    /// when something is due, so the nothing path does not read `/proc/cmdline`.
    let quietReason: String?
    /// The record could not be used (corrupt); the returning user is not welcomed again.
    let recordProblem: StoreError?
    let store: KeyFileVersionStore
    let policy: UpdatePolicy
    private let settings: FirstOpenSettings

    /// Loads the spec and the settings and decides, changing nothing: a corrupt record
    /// is reported and left where it is.
    init(specPath: String) throws(CommandFailure) {
        // Only the [First Open] group is read for the decision: the row groups when a
        // window is due, the AppStream release notes (XML) when What's New is.
        var spec = try SpecFile.load(specPath, readingContent: false)
        let (settings, warnings) = FirstOpenSettings.load(appID: spec.appID)
        warnings.forEach(Diagnostics.warning)
        self.settings = settings
        currentVersion = try spec.requireCurrentVersion()
        policy = settings.updatePolicy(default: spec.policy)
        store = KeyFileVersionStore()
        (decision, recordProblem) = try Self.decide(
            spec: spec, current: currentVersion, policy: policy, settings: settings, store: store)
        if let kind = decision.kind { spec = try spec.loadingContentForCommand(for: kind) }
        self.spec = spec
        content = spec.windowContent(for: decision)
        quietReason = decision.showsWindow ? settings.quietReason() : nil
    }

    /// The same plan decided again from the record alone — under the app's lock, where a
    /// concurrent start may have recorded meanwhile.
    private init(rereading plan: PresentationPlan) throws(CommandFailure) {
        settings = plan.settings
        currentVersion = plan.currentVersion
        policy = plan.policy
        store = plan.store
        // A corrupt record is left in place here: `show` replaces it under the record lock
        // in one step (record), so no concurrent reader ever finds no record.
        (decision, recordProblem) = try Self.decide(
            spec: plan.spec, current: currentVersion, policy: policy, settings: settings, store: store)
        var spec = plan.spec
        if let kind = decision.kind { spec = try spec.loadingContentForCommand(for: kind) }
        self.spec = spec
        content = decision == plan.decision ? plan.content : spec.windowContent(for: decision)
        quietReason = plan.quietReason
    }

    /// ``init(rereading:)``: decide again under the lock.
    func redecided() throws(CommandFailure) -> PresentationPlan {
        try PresentationPlan(rereading: self)
    }

    private static func decide(
        spec: SpecFile, current: Version, policy: UpdatePolicy, settings: FirstOpenSettings,
        store: KeyFileVersionStore
    ) throws(CommandFailure) -> (Decision, StoreError?) {
        let recorded: Version?
        do {
            recorded = try store.recordedVersion(for: spec.appID, movingCorruptRecordAside: false)
        } catch {
            guard case .corrupt = error else { throw CommandFailure("\(error)", code: .ioError) }
            // A record existed, so this is a returning user: never Welcome.
            return (.nothing(.unusableRecord(current: current)), error)
        }
        let decision = PresentationDecider.decide(
            recorded: recorded, current: current, policy: policy,
            showsWhatsNew: settings.showsWhatsNew && spec.showsWhatsNew)
        return (decision, nil)
    }

    /// The window kind the decision asks for, if any.
    var kind: FirstOpenKind? { decision.kind }

    /// The one-line explanation `explain` prints: first word `welcome`, `whats-new` or `nothing`.
    var explanation: String {
        if let recordProblem {
            return "nothing: the record of \(spec.appID) is unusable (\(recordProblem)); a returning user is not welcomed again"
        }
        if let quietReason, kind != nil {
            return "nothing: \(quietReason) (would be \(decision.explanation(appID: spec.appID, policy: policy)))"
        }
        if kind != nil, content == nil {
            return "nothing: no content for this case; \(decision.explanation(appID: spec.appID, policy: policy)); "
                + "\(currentVersion) will be recorded silently"
        }
        return decision.explanation(appID: spec.appID, policy: policy)
    }
}
