internal import CGtk
import FirstOpenToolSupport
internal import FirstOpenState

#if canImport(Glibc)
import Glibc
#endif

/// A private, headless X server (`Xvfb`) that lives exactly as long as this process.
///
/// Started with `-displayfd`, so the server picks a free display number and writes it
/// to a pipe once it accepts connections: no guessing, no lock-file races with other
/// servers. The server gets `SIGTERM` when this process ends in any way (even when
/// killed: `PR_SET_PDEATHSIG`), and ``stop()`` ends it explicitly and reaps it.
final class PrivateDisplay {
    /// The program, looked up in `PATH`.
    static let serverName = "Xvfb"
    /// One screen, large enough that a window is never capped by the work area of a
    /// small screen; 24-bit colour.
    static let screen = "1920x1200x24"

    /// The display name to put in `DISPLAY`, e.g. `:3`.
    let name: String
    /// The server's process id.
    let processID: pid_t
    /// How long the server took to accept connections, in milliseconds.
    let startMilliseconds: Double

    private var isRunning = true

    /// The server's path, or `nil` when it is not installed.
    static func serverPath() -> String? {
        guard let found = g_find_program_in_path(serverName) else { return nil }
        defer { g_free(found) }
        return String(cString: found)
    }

    /// Starts the server and waits until it accepts connections. The server's stderr
    /// goes to an unlinked temporary file (nothing is left behind, however this process
    /// ends); its last line explains a failure.
    /// - Parameter timeoutMilliseconds: how long to wait for the display number.
    /// - Throws: ``ExitCode/noDisplay`` when Xvfb is missing or does not start.
    init(timeoutMilliseconds: Int = 15_000) throws(CommandFailure) {
        let started = g_get_monotonic_time()
        guard let server = Self.serverPath() else {
            throw CommandFailure(
                "no display, and \(Self.serverName) is not installed to start a private one: "
                    + "install the Debian package xvfb (or run under a display with --use-display)",
                code: .noDisplay)
        }

        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            throw CommandFailure("cannot start \(Self.serverName): pipe: \(String(cString: strerror(errno)))",
                                 code: .noDisplay)
        }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // Neither end may leak into other children; the spawn hands the write end over explicitly.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        defer { close(readEnd) }
        let logFD = Self.openAnonymousLog()
        defer { if logFD >= 0 { close(logFD) } }

        // The server writes its display number to fd 3 of its own.
        let arguments = [server, "-displayfd", "3", "-screen", "0", Self.screen, "-dpi", "96",
                         "-nolisten", "tcp", "-noreset"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }

        var sourceFDs: [Int32] = [writeEnd]
        var targetFDs: [Int32] = [3]
        var pid: GPid = 0
        let flags = GSpawnFlags(G_SPAWN_DO_NOT_REAP_CHILD.rawValue | G_SPAWN_STDOUT_TO_DEV_NULL.rawValue
            | (logFD < 0 ? G_SPAWN_STDERR_TO_DEV_NULL.rawValue : 0))
        // The parent's pid travels as the user data: the child checks it did not miss
        // our death between fork and prctl.
        let parent = UnsafeMutableRawPointer(bitPattern: Int(getpid()))
        let spawned: GLibError?
        do throws(GLibError) {
            try GLibError.checkSuccess(fallback: "cannot be started") { error in
                argv.withUnsafeBufferPointer { argvBuffer in
                    argvBuffer.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: argv.count) {
                        g_spawn_async_with_pipes_and_fds(
                            nil, $0, nil, flags, PrivateDisplay.childSetup, parent,
                            -1, -1, logFD, &sourceFDs, &targetFDs, 1,
                            &pid, nil, nil, nil, error)
                    }
                }
            }
            spawned = nil
        } catch {
            spawned = error
        }
        close(writeEnd)
        if let spawned {
            throw CommandFailure("cannot start \(server): \(spawned.message)", code: .noDisplay)
        }
        processID = pid

        let number: Int
        do throws(CommandFailure) {
            number = try Self.readDisplayNumber(from: readEnd, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            Self.terminate(pid)
            let log = Self.lastLine(of: logFD).map { ": \($0)" } ?? ""
            throw CommandFailure("\(server) did not start (\(error.message))\(log)", code: .noDisplay)
        }
        name = ":\(number)"
        startMilliseconds = Double(g_get_monotonic_time() - started) / 1000
    }

    deinit {
        stop()
    }

    /// Ends the server (`SIGTERM`, then `SIGKILL` after two seconds) and reaps it.
    func stop() {
        guard isRunning else { return }
        isRunning = false
        Self.terminate(processID)
    }

    // MARK: Private

    /// Runs in the child between fork and exec: only async-signal-safe calls.
    private static let childSetup: GSpawnChildSetupFunc = { parent in
        _ = fo_set_parent_death_signal(SIGTERM)
        if getppid() != pid_t(Int(bitPattern: parent)) { _exit(1) }
    }

    private static func readDisplayNumber(from fd: Int32, timeoutMilliseconds: Int) throws(CommandFailure) -> Int {
        let deadline = g_get_monotonic_time() + timeoutMilliseconds * 1000
        var received: [UInt8] = []
        while !received.contains(UInt8(ascii: "\n")) {
            let remaining = (deadline - g_get_monotonic_time()) / 1000
            guard remaining > 0 else {
                throw CommandFailure("no display number after \(timeoutMilliseconds / 1000) s", code: .noDisplay)
            }
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(remaining))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 32)
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw CommandFailure("it exited", code: .noDisplay) }
            received += chunk[..<count]
        }
        let text = String(decoding: received.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard let number = Int(text), number >= 0 else {
            throw CommandFailure("unexpected display number '\(text)'", code: .noDisplay)
        }
        return number
    }

    private static func terminate(_ pid: pid_t) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<400 {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno == ECHILD) { return }
            usleep(5_000)
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
    }

    /// A temporary file without a name: it disappears with the last descriptor.
    private static func openAnonymousLog() -> Int32 {
        var name: UnsafeMutablePointer<gchar>?
        let fd = g_file_open_tmp("first-open-xvfb-XXXXXX.log", &name, nil)
        if let name {
            unlink(name)
            g_free(name)
        }
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fd
    }

    private static func lastLine(of fd: Int32) -> String? {
        guard fd >= 0 else { return nil }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while text.count < 1 << 20 {
            let count = pread(fd, &chunk, chunk.count, offset)
            guard count > 0 else { break }
            text += chunk[..<count]
            offset += off_t(count)
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").last.map(String.init)
    }
}
