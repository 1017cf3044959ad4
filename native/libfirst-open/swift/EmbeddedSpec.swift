internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import CGtk
import FirstOpenViews
internal import FirstOpenGTKWrappers

/// What a `FirstOpenPresenter` (the C library's GObject) holds on the Swift side: one
/// parsed spec, and the window shown for it. Every decision goes through
/// ``PresentationFlow``, as `first-open SPEC` and the Swift embedding API do (settings
/// and quiet sessions, decide, lock, decide again, repair a corrupt record, content,
/// record on dismissal), with a ``KeyFileVersionStore``; only the window is shown here.
@MainActor
final class EmbeddedSpec {
    let spec: SpecFile
    /// The window on screen, until it is dismissed.
    private var dialog: FirstOpenDialog?

    init(spec: SpecFile) {
        self.spec = spec
    }

    /// Loads a spec file; colours are checked with ``RGBA/isParsable(_:)`` (the commands'
    /// `ColorSyntax` check, then `gdk_rgba_parse`, as the window parses them), so a spec
    /// that loads here can be shown.
    static func load(path: String) throws(LibraryError) -> EmbeddedSpec {
        do {
            // A spec file, a metainfo file or appstream:APPID, as every command takes.
            return EmbeddedSpec(spec: try SpecFile(argument: path, colorValidator: RGBA.isParsable))
        } catch {
            throw LibraryError(.spec(error))
        }
    }

    /// Loads an AppStream metainfo file held in memory (the app's GResource) as the
    /// whole source: ``SpecFile/init(metainfoData:name:locale:)``.
    static func load(appdata: [UInt8], name: String) throws(LibraryError) -> EmbeddedSpec {
        do {
            return EmbeddedSpec(spec: try SpecFile(metainfoData: appdata, name: name))
        } catch {
            throw LibraryError(.spec(error))
        }
    }

    /// Loads a spec held in memory; relative paths in it resolve against `directory`.
    static func load(data: [UInt8], name: String, directory: String) throws(LibraryError) -> EmbeddedSpec {
        do {
            return EmbeddedSpec(spec: try SpecFile(data: data, name: name, directory: directory,
                                                   colorValidator: RGBA.isParsable))
        } catch {
            throw LibraryError(.spec(error))
        }
    }

    /// Decides as `first-open SPEC` does and presents the window when one is due (over a
    /// parent not mapped yet: once it is, see ``FirstOpenDialog/present()``).
    /// - Returns: nil when a window was presented, else what the flow did instead
    ///   (nothing due, recorded without showing, already showing, quiet session).
    func presentIfNeeded(over parent: Window?, onDismiss: @escaping @MainActor (FirstOpenWindowKind, DismissalReason) -> Void)
        throws(LibraryError) -> PresentationOutcome?
    {
        let flow: PresentationFlow
        do {
            flow = try PresentationFlow(spec: spec, store: KeyFileVersionStore())
        } catch {
            throw LibraryError(error)
        }
        for warning in flow.warnings { Self.warn(warning) }
        var shownKind = FirstOpenWindowKind.welcome
        let outcome = flow.present(
            overWindow: parent,
            content: { [spec] decision in
                shownKind = decision.kind ?? .welcome
                // The same content `first-open SPEC` shows; nil: record silently.
                return spec.windowContent(for: decision, strings: .translated)
            },
            onDismiss: { [weak self] reason in
                self?.dialog = nil
                onDismiss(shownKind, reason)
            })
        switch outcome {
        case .presented(let dialog):
            self.dialog = dialog
            return nil
        case .nothing, .recordedWithoutShowing, .alreadyShowing, .quietSession:
            return outcome
        case .failed(let failure):
            throw LibraryError(failure)
        }
    }

    /// Shows `kind` regardless of the record, which is left untouched.
    func present(_ kind: FirstOpenWindowKind, over parent: Window?,
                 onDismiss: @escaping @MainActor (FirstOpenWindowKind, DismissalReason) -> Void) throws(LibraryError) {
        let dialog = try makeDialog(kind, parent: parent, width: nil)
        dialog.onDismiss = { [weak self] reason in
            self?.dialog = nil
            onDismiss(kind, reason)
        }
        self.dialog = dialog
        dialog.present()
    }

    /// Closes the window on screen, if any (a programmatic dismissal: nothing recorded).
    func dismiss() {
        dialog?.dismiss()
    }

    /// Draws `kind` offscreen into a PNG, with the app's display, theme and language.
    func renderPNG(_ kind: FirstOpenWindowKind, scale: Int, width: Int?, to path: String) throws(LibraryError) {
        let dialog = try makeDialog(kind, parent: nil, width: width)
        defer { dialog.dismiss() }
        do {
            try dialog.renderPNG(to: path, scale: scale)
        } catch {
            throw LibraryError(FirstOpenFailure(error, path: path))
        }
    }

    private func makeDialog(_ kind: FirstOpenWindowKind, parent: Window?, width: Int?) throws(LibraryError) -> FirstOpenDialog {
        let current: Version
        do {
            current = try spec.currentVersion()
        } catch {
            throw LibraryError(.spec(error))
        }
        guard let content = spec.windowContent(kind: kind, to: current, strings: .translated) else {
            throw LibraryError(.noContent, kind.nothingToShow(in: spec.path, upTo: current))
        }
        do {
            return try FirstOpenDialog(content: content, parent: parent, width: width)
        } catch {
            throw LibraryError(FirstOpenFailure(error, about: spec.path))
        }
    }

    /// One line on stderr, as the Swift embedding API and the CLI print them.
    static func warn(_ message: String) {
        StandardStream.errorLine(message)
    }
}
