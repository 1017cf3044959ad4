internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
import FirstOpenToolSupport
import FirstOpenViews

#if canImport(Glibc)
import Glibc
import FirstOpenGTKWrappers
#endif

/// `first-open-window show`: shows one window and, when `first-open` decided on it
/// (``WindowHandover``, which owns this command line), records that version through the
/// flow's ``Presentation`` when the user dismisses it — only if SPEC is still the app
/// and version first-open decided for. `first-open show` passes the lock it holds, so a
/// second start stays quiet until this window is gone.
@MainActor
struct WindowShowCommand {
    let handover: WindowHandover

    init(arguments: [String]) throws(CommandFailure) {
        handover = try WindowHandover(parsing: arguments)
    }

    func run() throws(CommandFailure) -> ExitCode {
        let request = Self.request(handover)
        // Held until this process exits, whatever happens below.
        defer { request.handover.lock?.release() }
        // The spec is read on a worker thread (BackgroundSpecRead) while the display's
        // GtkSettings read the theme's style sheets here (~20 ms for any window; the icon
        // theme and the first widget would load them otherwise). Started only once GTK has
        // opened the display: gtk_init changes the environment (GDK takes
        // DESKTOP_STARTUP_ID out of it), and the thread reads the environment (the
        // locale's languages, XDG_DATA_DIRS), which setenv/unsetenv on another thread may
        // corrupt under it. GDK_GL=disable stays set until readWindow has joined the
        // thread, for the same reason. An invalid --from is reported by readWindow.
        let restoreEnvironment = WindowProcessGTK.turnGLOffForStartup()
        let hasDisplay: Bool
        do {
            hasDisplay = try Self.openDisplay(for: request)
        } catch {
            restoreEnvironment()
            throw error
        }
        guard hasDisplay else {
            restoreEnvironment()
            return request.nothingShown
        }
        let reading = BackgroundSpecRead(path: handover.specPath, kind: handover.kind,
                                         notesAfter: try? handover.notesAfter(), version: handover.decided?.version)
        _ = GTKSettings.current
        let window = try Self.readWindow(request, reading, restoringEnvironment: restoreEnvironment)
        guard let (dialog, parented) = try Self.makeDialog(window, request) else { return request.parentGone }
        return try Self.show(dialog, window, request, parented: parented)
    }

    /// What the command line asks for.
    private struct Request {
        /// The command line: what `first-open` decided, when it started this window.
        let handover: WindowHandover
        var kind: FirstOpenWindowKind { handover.kind }
        let parent: ParentWindowHandle?
        /// With --parent, exit 0 says the user saw and dismissed the window; anything that
        /// ends without that says 2 (the exit statuses of errors are unchanged).
        let nothingShown: ExitCode
        /// What the parent's going away exits with: `nothingShown`, or 3 with
        /// `--detailed-status` (libfirst-open-client tells it from the others).
        let parentGone: ExitCode
    }

    /// What the window shows, read from the spec as first-open read it to decide.
    private struct Window {
        let spec: SpecFile
        let content: WindowContent
        /// The window's accessible description, when built with the content on the
        /// thread that read the spec (``BackgroundSpecRead``).
        let accessibleSummary: String?
        /// What first-open's flow decided, recorded on dismissal, with the login path's
        /// settings (nil for a forced window).
        let presentation: Presentation?
    }

    /// Step 1: the parent, from the command line read by ``WindowHandover``.
    private static func request(_ handover: WindowHandover) -> Request {
        // A bad handle is one warning, and the window shows unparented (the app asked for
        // it to be shown; a wrong handle is no reason to drop it).
        var parent: ParentWindowHandle?
        if let text = handover.parent {
            do {
                parent = try ParentWindowHandle(parsing: text)
            } catch {
                warnUnparented(error)
            }
        }
        let nothingShown: ExitCode = handover.parent == nil && !handover.detailedStatus ? .ok : .notShown
        return Request(handover: handover, parent: parent, nothingShown: nothingShown,
                       parentGone: handover.detailedStatus ? .parentGone : nothingShown)
    }

    /// Step 2: GTK on a display that reaches the parent, and the display-loss handler.
    /// - Returns: false when there is no display on the login path (one line, nothing
    ///   recorded, not an error).
    private static func openDisplay(for request: Request) throws(CommandFailure) -> Bool {
        guard WindowProcessGTK.initialize(backend: request.parent.flatMap { reachableBackend($0) }) else {
            let reason = "cannot open a display (DISPLAY=\(env("DISPLAY")) WAYLAND_DISPLAY=\(env("WAYLAND_DISPLAY")))"
            if request.handover.decided != nil {
                // The login path: nothing was shown, so nothing is recorded; not an error.
                Diagnostics.output("nothing: \(reason); \(request.kind.rawValue) stays due; nothing recorded")
                return false
            }
            throw CommandFailure(reason, code: .noDisplay)
        }
        // The display dying while the window is open: one line, exit 69, nothing recorded
        // (the user did not dismiss the window, so it is still due next time).
        DisplayLoss.exit(
            status: ExitCode.noDisplay.rawValue,
            message: "\(Diagnostics.programName): the display went away while the \(request.kind.rawValue) window was open; nothing recorded")
        return true
    }

    /// Step 3: the spec read again, checked against the hand-over, and its window content.
    private static func readWindow(_ request: Request, _ reading: BackgroundSpecRead,
                                   restoringEnvironment restoreEnvironment: () -> Void) throws(CommandFailure) -> Window {
        let kind = request.kind
        let loaded = Result { () throws(CommandFailure) in try reading.result() }
        restoreEnvironment()
        // Colours are checked by ColorSyntax, as in first-open's decision and in validate.
        // What the window of `kind` shows is read, as first-open read it to decide: a
        // broken ReleaseNotes= file fails What's New, not Welcome.
        let from = try request.handover.notesAfter()
        // Notes of releases up to `from` never show: left unread (most of a long history).
        // Each file is read once: the metainfo file's versions and notes in one pass
        // (reading it for the versions first, then again for the notes, was a third of
        // the cost of opening a 1000-release history).
        let spec = try loaded.get()
        // Show and record exactly what first-open decided, or nothing (the path may now
        // lead to another app's spec).
        do {
            try request.handover.check(spec)
        } catch {
            throw CommandFailure(error)
        }
        spec.addIconFolderToTheme()
        let current: Version
        if let decided = request.handover.decided {
            current = decided.version
        } else {
            current = try spec.requireCurrentVersion()
        }
        let (prepared, accessibleSummary) = reading.content(of: spec, from: from, to: current)
        guard let content = prepared else {
            throw CommandFailure(.noContent(
                "\(request.handover.specPath): nothing to show for \(kind.rawValue) (no \(kind == .welcome ? "[Welcome N] rows" : "release notes") for it)"))
        }
        // The login path offers "Don't show after updates" (the presentation reads the
        // settings for it, once; warnings were printed by first-open); a forced window
        // changes nothing.
        let presentation = request.handover.presentation(content: content)
        return Window(spec: spec, content: presentation?.content ?? content, accessibleSummary: accessibleSummary,
                      presentation: presentation)
    }

    /// Step 4: the dialog, transient for the parent when there is one.
    /// - Returns: the dialog, and whether it got its parent; nil when the parent is gone.
    private static func makeDialog(_ window: Window, _ request: Request) throws(CommandFailure) -> (FirstOpenDialog, Bool)? {
        // Colours passed ColorSyntax when the spec was loaded, which is tested to agree
        // with gdk_rgba_parse: the same verdict as validate and first-open's decision.
        let dialog: FirstOpenDialog
        do {
            dialog = try FirstOpenDialog(content: window.content, isProcessOwnWindow: true,
                                         accessibleSummary: window.accessibleSummary)
        } catch {
            throw CommandFailure(.badValue("\(window.spec.path): \(error)"))
        }
        var parented = false
        if let parent = request.parent {
            do {
                try dialog.setParent(parent)
                dialog.nameAfterApp(id: window.spec.appID)
                parented = true
            } catch .noSuchWindow(let handle) {
                // The app's window is gone before ours maps (a splash-like main window, an
                // app that re-creates its window, an app that quit): as when it closes
                // later, nothing is shown and nothing recorded — never a window over no app.
                Diagnostics.output("nothing: the parent window \(handle) is gone; \(request.kind.rawValue) was not shown; nothing recorded")
                return nil
            } catch {
                warnUnparented(error)
            }
        }
        return (dialog, parented)
    }

    /// Step 5: shows the dialog until it goes away; on the user's dismissal, records
    /// through the flow what first-open decided, and saves "Don't show after updates".
    private static func show(_ dialog: FirstOpenDialog, _ window: Window, _ request: Request,
                             parented: Bool) throws(CommandFailure) -> ExitCode {
        let kind = request.kind
        var failure: CommandFailure?
        var dismissedByUser = false
        dialog.onDismiss = { reason in
            dismissedByUser = reason.isUserDismissal
            if !reason.isUserDismissal {
                Diagnostics.output(!parented
                    ? "nothing: the \(kind.rawValue) window went away without being dismissed "
                        + "(another program closed it); nothing recorded"
                    : "nothing: the parent window went away; \(kind.rawValue) was not dismissed; nothing recorded")
            }
            if let presentation = window.presentation, reason.isUserDismissal {
                do throws(FirstOpenFailure) {
                    // The app and version first-open decided for (checked by readWindow).
                    try presentation.recordDismissal()
                    Diagnostics.output("\(kind.rawValue): \(reason); recorded \(presentation.appID) \(presentation.version)")
                } catch {
                    failure = CommandFailure(error)
                }
                if dialog.userOptedOutOfWhatsNew {
                    presentation.settings.map { turnOffWhatsNew(appID: window.spec.appID, settings: $0) }
                }
            }
            GTK.quitMainLoop()
        }
        if getenv("FIRST_OPEN_QUIT_WHEN_DRAWN") != nil {
            // benchmarks/run.py: time until the first frame, compared with a C GTK program.
            dialog.onFirstFrame { GTK.quitMainLoop() }
        }
        // Not inside GNOME Shell's start-up overview, where it would open unfocused
        // behind the overview: it appears when the user leaves the overview.
        ShellOverview.whenHidden { dialog.present() }
        GTK.runMainLoop()
        if let failure { throw failure }
        if dismissedByUser { return .ok }
        return parented ? request.parentGone : request.nothingShown
    }

    private static func warnUnparented(_ error: ParentWindowError) {
        Diagnostics.warning("--parent \(error); the window is shown without a parent")
    }

    /// The GDK backend to open the display with so that the parent can be reached (an X11
    /// app on a Wayland desktop runs under Xwayland: the window must too); `nil` when that
    /// display is not available, and GTK chooses as usual.
    private static func reachableBackend(_ parent: ParentWindowHandle) -> String? {
        let variable = parent.backend == "x11" ? "DISPLAY" : "WAYLAND_DISPLAY"
        guard let value = getenv(variable), value.pointee != 0 else { return nil }
        return parent.backend
    }

    /// Writes the user's "Don't show after updates" to `$XDG_CONFIG_HOME/first-open/first-open.conf`.
    private static func turnOffWhatsNew(appID: String, settings: FirstOpenSettings) {
        do {
            try settings.setUserShowsWhatsNew(false, appID: appID)
            Diagnostics.output("whats-new: turned off for \(appID) in \(settings.userConfigFile ?? "the user's settings")")
        } catch {
            Diagnostics.warning("cannot save \"Don't show after updates\": \(error)")
        }
    }

    private static func env(_ name: String) -> String {
        getenv(name).map { String(cString: $0) } ?? "unset"
    }
}
