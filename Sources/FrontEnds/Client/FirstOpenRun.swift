internal import CGLib
internal import FirstOpenState
internal import FirstOpenContent
#if canImport(Glibc)
internal import Glibc
#endif

/// One `first-open SPEC --parent HANDLE` run: the spec and the program's stdout and stderr
/// in a private folder (`g_dir_make_tmp`, mode 0700, under `$TMPDIR`), the program spawned
/// without the app's file descriptors (`g_spawn_async_with_fds`), its exit watched on the
/// GLib main context (`g_child_watch_add`, so `report` runs on the main loop's thread),
/// then the folder removed.
@MainActor
final class FirstOpenRun {
    private let folder: String
    private let report: @MainActor (FirstOpenOutcome) -> Void

    private init(folder: String, report: @escaping @MainActor (FirstOpenOutcome) -> Void) {
        self.folder = folder
        self.report = report
    }

    private var specPath: String { folder + "/app.spec" }
    private var outputPath: String { folder + "/stdout" }
    private var errorPath: String { folder + "/stderr" }

    /// Starts first-open; `report` gets the outcome once (right away when it cannot start).
    static func start(command: String, spec: ClientSpec, parent: String,
                      report: @escaping @MainActor (FirstOpenOutcome) -> Void) {
        var error: UnsafeMutablePointer<GError>?
        guard let made = g_dir_make_tmp("first-open-client-XXXXXX", &error) else {
            let failure = GLibError(consuming: error)
            report(.failed(FirstOpenClientError(message: "cannot make a temporary folder: \(failure)")))
            return
        }
        let folder = String(cString: made)
        g_free(made)
        let run = FirstOpenRun(folder: folder, report: report)
        do throws(FirstOpenClientError) {
            try run.spawn(command: command, spec: spec, parent: parent)
        } catch {
            run.removeFolder()
            report(.failed(error))
        }
    }

    private func spawn(command: String, spec: ClientSpec, parent: String) throws(FirstOpenClientError) {
        let bytes = Array(spec.text.utf8)
        var error: UnsafeMutablePointer<GError>?
        let written = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: gchar.self) {
                g_file_set_contents_full(specPath, $0.baseAddress, gssize($0.count),
                                         G_FILE_SET_CONTENTS_NONE, 0o600, &error)
            }
        }
        guard written != 0 else {
            throw FirstOpenClientError(message: "cannot write \(specPath): \(GLibError(consuming: error))")
        }
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let errors = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            if output >= 0 { close(output) }
            if errors >= 0 { close(errors) }
        }
        guard output >= 0, errors >= 0 else {
            throw FirstOpenClientError(message: "cannot open a file in \(folder): \(String(cString: strerror(errno)))")
        }
        // `--` ends the options: a spec path never reads as one.
        let arguments = [command, "show", "--parent", parent, "--", specPath]
        var argv: [UnsafeMutablePointer<gchar>?] = arguments.map { g_strdup($0) } + [nil]
        defer { for argument in argv { g_free(argument) } }
        var pid: GPid = 0
        let flags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_DO_NOT_REAP_CHILD.rawValue
                                    | G_SPAWN_STDIN_FROM_DEV_NULL.rawValue)
        let started = argv.withUnsafeMutableBufferPointer {
            g_spawn_async_with_fds(nil, $0.baseAddress, nil, flags, nil, nil, &pid, -1, output, errors, &error)
        }
        guard started != 0 else {
            throw FirstOpenClientError(message: "cannot run \(command): \(GLibError(consuming: error))")
        }
        let box = Unmanaged.passRetained(self).toOpaque()
        g_child_watch_add(pid, { pid, status, data in
            g_spawn_close_pid(pid)
            MainActor.assumeIsolated {
                let run = Unmanaged<FirstOpenRun>.fromOpaque(data!).takeRetainedValue()
                run.finished(waitStatus: status)
            }
        }, box)
    }

    private func finished(waitStatus: Int32) {
        let output = Self.lines(of: outputPath)
        let errors = Self.lines(of: errorPath)
        removeFolder()
        // first-open's warnings and errors stay visible, as when the app runs it itself.
        for line in errors { StandardStream.error(line + "\n") }
        report(Self.outcome(waitStatus: waitStatus, output: output, errors: errors))
    }

    /// The outcome from first-open's exit status and its lines (data/first-open.1, EXIT
    /// STATUS: with --parent, 0 when a window was shown and dismissed, 2 when none was).
    nonisolated static func outcome(waitStatus: Int32, output: [String], errors: [String]) -> FirstOpenOutcome {
        // A wait status (wait(2)): the low 7 bits are the signal, 0 for a normal exit
        // whose status is the next 8 bits (WIFEXITED / WEXITSTATUS are macros Swift lacks).
        guard waitStatus & 0x7f == 0 else {
            return .failed(FirstOpenClientError(message: "first-open was killed by signal \(waitStatus & 0x7f)"))
        }
        let status = (waitStatus >> 8) & 0xff
        switch status {
        case 0:
            // "welcome: continued; recorded org.example.Car 1.3.0"
            for line in output.reversed() {
                let word = line.prefix { $0 != ":" }
                if let kind = FirstOpenWindowKind(rawValue: String(word)) { return .shownAndDismissed(kind) }
            }
            return .failed(FirstOpenClientError(
                message: "first-open exited 0 without saying which window it showed", exitStatus: 0))
        case 2:
            let line = output.last { $0.hasPrefix("nothing: ") } ?? "nothing: no window was shown"
            if line.hasPrefix("nothing: the parent window") { return .parentGone }
            return .nothingDue(String(line.dropFirst("nothing: ".count)))
        default:
            var message = errors.last ?? "first-open failed"
            if message.hasPrefix("first-open: ") { message.removeFirst("first-open: ".count) }
            return .failed(FirstOpenClientError(message: message, exitStatus: status))
        }
    }

    nonisolated private static func lines(of path: String) -> [String] {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &contents, &length, nil) != 0, let contents else { return [] }
        defer { g_free(contents) }
        return String(cString: contents).split(separator: "\n").map(String.init)
    }

    private func removeFolder() {
        for path in [specPath, outputPath, errorPath] { _ = g_unlink(path) }
        _ = g_rmdir(folder)
    }
}
