import FirstOpenCommandLine
import FirstOpenContent
import FirstOpenState

/// What `show` would do for one spec file, worked out without changing anything
/// but a corrupt record (which the store keeps aside). `show` and `explain` share it.
struct PresentationPlan {
    let specPath: String
    let spec: SpecFile
    let currentVersion: Version
    let decision: Decision
    /// The window to show; `nil` when the decision is "nothing" or there is no content for it.
    let content: WindowContent?
    /// Why this session stays quiet (system account, live session), if it does.
    let quietReason: String?
    /// The record could not be used (corrupt); the returning user is not welcomed again.
    let recordProblem: StoreError?
    let store: KeyFileVersionStore
    let policy: UpdatePolicy

    /// - Parameter readOnly: leave a corrupt record where it is (`explain` changes nothing).
    init(specPath: String, readOnly: Bool = false) throws(CommandFailure) {
        self.specPath = specPath
        spec = try SpecFile.load(specPath)
        let (settings, warnings) = FirstOpenSettings.load(appID: spec.appID)
        warnings.forEach(Diagnostics.warning)

        do {
            currentVersion = try spec.currentVersion()
        } catch {
            throw CommandFailure("\(error)", code: .badSpec)
        }
        let policy = settings.updatePolicy(default: spec.policy)
        self.policy = policy
        store = KeyFileVersionStore(directory: KeyFileVersionStore.defaultDirectory)
        quietReason = settings.quietReason()

        var recorded: Version?
        var problem: StoreError?
        do {
            recorded = try store.recordedVersion(for: spec.appID, movingCorruptRecordAside: !readOnly)
        } catch {
            switch error {
            case .corrupt:
                problem = error
            default:
                throw CommandFailure("\(error)", code: .ioError)
            }
        }
        recordProblem = problem
        if problem != nil {
            // A record existed, so this is a returning user: never Welcome.
            decision = .nothing(.sameVersion(currentVersion))
        } else {
            decision = PresentationDecider.decide(
                recorded: recorded, current: currentVersion, policy: policy,
                showsWhatsNew: settings.showsWhatsNew && spec.showsWhatsNew)
        }

        switch decision {
        case .welcome:
            content = spec.windowContent(kind: .welcome)
        case .whatsNew(let from, let to):
            content = spec.windowContent(kind: .whatsNew, from: from, to: to)
        case .nothing:
            content = nil
        }
    }

    /// The window kind the decision asks for, if any.
    var kind: FirstOpenKind? {
        switch decision {
        case .welcome: .welcome
        case .whatsNew: .whatsNew
        case .nothing: nil
        }
    }

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
