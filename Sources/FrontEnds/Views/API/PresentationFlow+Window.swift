public import FirstOpenState
public import FirstOpenContent
public import FirstOpenFlow
package import FirstOpenGTKWrappers
extension PresentationFlow {
    /// The flow with the window shown in this process, over `parent`: the Swift
    /// embedding API and libfirst-open. The version is recorded when the user dismisses
    /// the window (not when it opens, so a crash shows it again next time); the app's
    /// lock is held while it is open.
    /// - Parameters:
    ///   - only: show only this kind; a decision for the other kind is left alone
    ///     (neither shown nor recorded), as `welcomeView` and `whatsNewView` attached to
    ///     the same window need.
    ///   - content: the window for a decision; nil records silently.
    ///   - onDismiss: called once when the window goes away, after recording.
    /// - Returns: what happened; a failure was also printed as one line on stderr.
    @MainActor
    public func present(
        over parent: FirstOpenWindow?,
        only: FirstOpenWindowKind? = nil,
        content: (Decision) throws(FirstOpenFailure) -> WindowContent?,
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) -> PresentationOutcome {
        present(overWindow: parent?.window, only: only, content: content, onDismiss: onDismiss)
    }

    /// ``present(over:only:content:onDismiss:)`` over the package's own window wrapper
    /// (libfirst-open, the embedding API).
    @MainActor
    package func present(
        overWindow parent: Window?,
        only: FirstOpenWindowKind? = nil,
        content: (Decision) throws(FirstOpenFailure) -> WindowContent?,
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) -> PresentationOutcome {
        let appID = session.appID
        let step: Step
        do {
            step = try run(only: only, content: content)
        } catch {
            return Self.fail(error)
        }
        switch step {
        case .nothing(let decision):
            return .nothing(decision)
        case .quiet(let reason, _):
            return .quietSession(reason)
        case .noDisplay(let look):
            return .nothing(look.decision)  // not asked for: GTK says so when the dialog is built
        case .alreadyShowing:
            return .alreadyShowing
        case .repaired(let problem):
            Diagnostics.warn("\(appID): \(problem); wrote a fresh record")
            return .nothing(.nothing(.unusableRecord(current: session.currentVersion)))
        case .recordedSilently(let decision):
            return .recordedWithoutShowing(decision)
        case .show(let presentation):
            let dialog: FirstOpenDialog
            do {
                dialog = try FirstOpenDialog(content: presentation.content, parent: parent)
            } catch {
                presentation.finish()
                return Self.fail(FirstOpenFailure(error, about: appID))
            }
            dialog.onDismiss = { reason in
                if reason.isUserDismissal {
                    do {
                        try presentation.recordDismissal()
                    } catch {
                        Diagnostics.warn("\(appID): \(error)")
                    }
                }
                presentation.finish()
                onDismiss?(reason)
            }
            dialog.present()
            return .presented(dialog)
        }
    }

    private static func fail(_ failure: FirstOpenFailure) -> PresentationOutcome {
        Diagnostics.warn(failure.description)
        return .failed(failure)
    }
}

extension FirstOpenFailure {
    /// Why a window could not be built; the line starts with `subject` (an app ID, a spec path).
    package init(_ error: FirstOpenViewsError, about subject: String) {
        switch error {
        case .noDisplay: self = .noDisplay("\(subject): \(error)")
        case .invalidColor, .style: self = .badValue("\(subject): \(error)")
        }
    }

    /// Why rendering to `path` failed (`first-open screenshot`, `render_png`).
    package init(_ error: RenderError, path: String) {
        switch error {
        case .cannotWrite(let path, let reason): self = .cannotWrite(path: path, reason: reason)
        case .unsupportedScale, .nothingToDraw: self = .software("\(path): \(error)")
        }
    }
}
