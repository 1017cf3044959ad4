import FirstOpenContent
import FirstOpenFlow
import FirstOpenState
import FirstOpenToolSupport

/// `show` and `explain`: a spec file driven through ``PresentationFlow``. Only the
/// `[First Open]` group is read to decide; the row groups when a window is due, the
/// AppStream release notes (XML) when What's New is.
struct SpecFlow {
    let flow: PresentationFlow
    /// The spec as read so far (with the content of the window due, once asked for).
    private(set) var spec: SpecFile

    init(specPath: String) throws(CommandFailure) {
        spec = try SpecFile.load(specPath, readingContent: false)
        do {
            flow = try PresentationFlow(spec: spec, store: KeyFileVersionStore())
        } catch {
            throw CommandFailure(error)
        }
        flow.warnings.forEach(Diagnostics.warning)
    }

    var appID: String { spec.appID }

    /// The window for `decision`, reading the groups it needs; nil: nothing to show.
    mutating func content(for decision: Decision) throws(FirstOpenFailure) -> WindowContent? {
        guard let kind = decision.kind else { return nil }
        // The notes of releases up to the recorded version never show: left unread.
        var notesAfter: Version?
        if case .whatsNew(let from, _) = decision { notesAfter = from }
        do {
            spec = try spec.loadingContent(for: kind, notesAfter: notesAfter)
        } catch {
            throw .spec(error)
        }
        return spec.windowContent(for: decision)
    }

    /// `explain`'s line (and `show`'s when nothing is due): first word `welcome`,
    /// `whats-new` or `nothing`.
    func explanation(_ look: PresentationFlow.Look, hasContent: Bool) -> String {
        let decision = look.decision
        if let problem = look.recordProblem {
            return "nothing: the record of \(appID) is unusable (\(problem)); a returning user is not welcomed again"
        }
        if let quietReason = look.quietReason, decision.kind != nil {
            return "nothing: \(quietReason) (would be \(describe(decision)))"
        }
        if decision.kind != nil, !hasContent {
            return "nothing: no content for this case; \(describe(decision)); "
                + "\(flow.session.currentVersion) will be recorded silently"
        }
        return describe(decision)
    }

    /// The decision's explanation; for What's New turned off, also which file did it
    /// and whether the administrator locked the key there, so a user who wonders where
    /// What's New went knows which file to change (or that they cannot).
    func describe(_ decision: Decision) -> String {
        let text = decision.explanation(appID: appID, policy: flow.session.policy)
        guard case .nothing(.whatsNewDisabled) = decision else { return text }
        if let settings = flow.settings, !settings.showsWhatsNew, let origin = settings.showsWhatsNewOrigin {
            let locked = settings.lockedKeys.contains(.showWhatsNew) ? ", locked by the administrator" : ""
            return text + " by ShowWhatsNew=false in \(origin)\(locked)"
        }
        return text + " by ShowWhatsNew=false in \(spec.path) [\(SpecFile.mainGroup)]"
    }
}
