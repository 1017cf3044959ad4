internal import CGLib
internal import FirstOpenState
internal import FirstOpenContent
#if canImport(Glibc)
internal import Glibc
#endif

/// One `first-open SPEC --parent HANDLE` run. The spec and the program's stdout and
/// stderr are files made in a private folder (`g_dir_make_tmp`, mode 0700, under
/// `$TMPDIR`) and unlinked, with the folder, before first-open starts: only their
/// descriptors remain, so nothing is left behind even when the app is killed while the
/// window is open. first-open reads the spec as `/dev/fd/3` (the descriptor mapped there
/// by `g_spawn_async_with_pipes_and_fds`, which closes every other descriptor of the app);
/// its exit is watched on the GLib main context (`g_child_watch_add`), so `report` runs on
/// the main loop's thread.
@MainActor
final class FirstOpenRun {
    private let output: Int32
    private let errors: Int32
    private let report: @MainActor (FirstOpenOutcome) -> Void

    private init(output: Int32, errors: Int32, report: @escaping @MainActor (FirstOpenOutcome) -> Void) {
        self.output = output
        self.errors = errors
        self.report = report
    }

    /// The descriptor first-open finds the spec on (`/dev/fd/3`).
    static let specDescriptor: Int32 = 3

    /// Starts first-open; `report` gets the outcome once (right away when it cannot start).
    static func start(command: String, spec: ClientSpec, parent: String,
                      report: @escaping @MainActor (FirstOpenOutcome) -> Void) {
        do throws(FirstOpenClientError) {
            let files = try unlinkedFiles(specText: spec.text)
            let run = FirstOpenRun(output: files.output, errors: files.errors, report: report)
            defer { close(files.spec) }
            do throws(FirstOpenClientError) {
                try run.spawn(command: command, spec: files.spec, parent: parent)
            } catch {
                close(files.output)
                close(files.errors)
                throw error
            }
        } catch {
            report(.failed(error))
        }
    }

    /// The spec (written), stdout and stderr files, opened and already unlinked.
    private static func unlinkedFiles(specText: String) throws(FirstOpenClientError)
        -> (spec: Int32, output: Int32, errors: Int32) {
        var error: UnsafeMutablePointer<GError>?
        guard let made = g_dir_make_tmp("first-open-client-XXXXXX", &error) else {
            throw FirstOpenClientError(message: "cannot make a temporary folder: \(GLibError(consuming: error))")
        }
        let folder = String(cString: made)
        g_free(made)
        defer { _ = g_rmdir(folder) }
        var opened: [Int32] = []
        for name in ["app.spec", "stdout", "stderr"] {
            let path = folder + "/" + name
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            let problem = errno
            _ = g_unlink(path)
            guard fd >= 0 else {
                for fd in opened { close(fd) }
                throw FirstOpenClientError(message: "cannot make \(path): \(String(cString: strerror(problem)))")
            }
            opened.append(fd)
        }
        var bytes = Array(specText.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(opened[0], $0.baseAddress, $0.count) }
            guard written > 0 || (written < 0 && errno == EINTR) else {
                let problem = String(cString: strerror(errno))
                for fd in opened { close(fd) }
                throw FirstOpenClientError(message: "cannot write the spec: \(problem)")
            }
            if written > 0 { bytes = bytes.dropFirst(written) }
        }
        return (opened[0], opened[1], opened[2])
    }

    private func spawn(command: String, spec: Int32, parent: String) throws(FirstOpenClientError) {
        // `--` ends the options: the spec path never reads as one.
        // --detailed-status: parent gone (3) and already showing (4) have statuses of their own.
        let arguments = [command, "show", "--detailed-status", "--parent", parent, "--", "/dev/fd/\(Self.specDescriptor)"]
        let copies: [UnsafeMutablePointer<gchar>?] = arguments.map { g_strdup($0) } + [nil]
        defer { for argument in copies { g_free(argument) } }
        let argv = copies.map { $0.map { UnsafePointer($0) } }
        var pid: GPid = 0
        var error: UnsafeMutablePointer<GError>?
        let flags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_DO_NOT_REAP_CHILD.rawValue
                                    | G_SPAWN_STDIN_FROM_DEV_NULL.rawValue)
        var sources = [spec]
        var targets = [Self.specDescriptor]
        let started = argv.withUnsafeBufferPointer { argv in
            g_spawn_async_with_pipes_and_fds(nil, argv.baseAddress, nil, flags, nil, nil, -1, output, errors,
                                             &sources, &targets, 1, &pid, nil, nil, nil, &error)
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
        let output = Self.lines(of: self.output)
        let errors = Self.lines(of: self.errors)
        close(self.output)
        close(self.errors)
        // first-open's warnings and errors stay visible, as when the app runs it itself.
        for line in errors { StandardStream.error(line + "\n") }
        report(Self.outcome(waitStatus: waitStatus, output: output, errors: errors))
    }

    /// The outcome from first-open's exit status and its lines (data/first-open.1, EXIT
    /// STATUS: with --detailed-status, 0 when a window was shown and dismissed, 2 when none
    /// was, 3 when the parent window is gone, 4 when another first-open shows it).
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
        case 3:
            return .parentGone
        case 2, 4:
            // Already showing (4) stays nothing due with first-open's reason.
            let line = output.last { $0.hasPrefix("nothing: ") } ?? "nothing: no window was shown"
            return .nothingDue(String(line.dropFirst("nothing: ".count)))
        default:
            var message = errors.last ?? "first-open failed"
            if message.hasPrefix("first-open: ") { message.removeFirst("first-open: ".count) }
            return .failed(FirstOpenClientError(message: message, exitStatus: status))
        }
    }

    /// The lines of what first-open wrote to `descriptor` (read from the start; a few
    /// lines, capped at 64 KiB).
    nonisolated private static func lines(of descriptor: Int32) -> [String] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while bytes.count < 65536 {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
            offset += off_t(count)
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
