internal import CGtk
internal import FirstOpenContent
internal import FirstOpenState
import FirstOpenToolSupport
import FirstOpenViews

/// The window's spec read (``SpecFile/load(_:forWindow:notesAfter:)``) on a GLib worker
/// thread, while the main thread loads GTK's theme: a long history's metainfo file
/// (1000 releases, 676 KiB: ~17 ms of GMarkup) is then read in the time GTK spends on
/// its style sheets (~16 ms), which it spends for every window, instead of after it.
/// Then, when the version the window is for is known (first-open's hand-over, else the
/// spec's current one), the window's content and its accessible description, the other
/// GTK-free work of a long history (~4 ms for 1000 releases). The read touches no GTK
/// and no main-thread state; ``result()`` joins the thread.
///
/// Started after `gtk_init`: the helper sets and unsets `GDK_GL` around it, and the
/// read looks at the environment (the locale's languages, `XDG_DATA_DIRS`), which
/// must not change under it.
final class BackgroundSpecRead: @unchecked Sendable {
    private let path: String
    private let kind: FirstOpenWindowKind
    private let notesAfter: Version?
    /// The version the window is for, when first-open handed it over.
    private let version: Version?
    /// The window's content from ``notesAfter`` to the version it was built for, with its
    /// accessible description (`nil`: nothing to show); written by the worker as
    /// ``outcome`` is.
    private var prepared: (version: Version, content: WindowContent?, summary: String?)?
    /// Written by the worker before it ends; read after `g_thread_join`, which orders
    /// the two (it waits for the thread to end).
    private var outcome: Result<SpecFile, CommandFailure>?
    private var thread: UnsafeMutablePointer<GThread>?

    /// Starts reading; when no thread can be started, reads now.
    nonisolated init(path: String, kind: FirstOpenWindowKind, notesAfter: Version?, version: Version?) {
        self.path = path
        self.kind = kind
        self.notesAfter = notesAfter
        self.version = version
        let retained = Unmanaged.passRetained(self).toOpaque()
        // A C function, formed outside any actor: GLib calls it on the new thread.
        let body: GThreadFunc = { data in
            guard let data else { return nil }
            let read = Unmanaged<BackgroundSpecRead>.fromOpaque(data).takeRetainedValue()
            read.run()
            return nil
        }
        thread = g_thread_try_new("spec-read", body, retained, nil)
        if thread == nil {
            Unmanaged<BackgroundSpecRead>.fromOpaque(retained).release()
            run()
        }
    }

    private func run() {
        let spec: SpecFile
        do throws(CommandFailure) {
            spec = try SpecFile.load(path, forWindow: kind, notesAfter: notesAfter)
        } catch {
            outcome = .failure(error)
            return
        }
        outcome = .success(spec)
        guard let to = version ?? (try? spec.currentVersion()) else { return }
        let content = spec.windowContent(kind: kind, from: notesAfter, to: to, strings: .translated)
        prepared = (to, content, content.map(FirstOpenDialog.accessibleSummary(of:)))
    }

    /// The window's content from `from` to `to` as ``SpecFile/windowContent(kind:from:to:strings:)``
    /// gives it, with its accessible description when the worker built them for the same
    /// versions; else built now (without the description). Call after ``result()``.
    func content(of spec: SpecFile, from: Version?, to: Version) -> (content: WindowContent?, summary: String?) {
        if let prepared, prepared.version == to, from == notesAfter {
            return (prepared.content, prepared.summary)
        }
        return (spec.windowContent(kind: kind, from: from, to: to, strings: .translated), nil)
    }

    /// Waits for the read and gives its spec, or throws its failure (as a read on the
    /// main thread would have).
    func result() throws(CommandFailure) -> SpecFile {
        if let thread {
            g_thread_join(thread)
            self.thread = nil
        }
        guard let outcome else { throw CommandFailure("\(path): cannot be read", code: .ioError) }
        return try outcome.get()
    }
}
