internal import CGLib
internal import FirstOpenState

#if canImport(Glibc)
import Glibc
#endif

/// What both binaries do before anything else. `first-open` runs at every login, so this
/// is a few system calls and no file read.
package enum ProcessStart {
    /// Makes sure fds 0–2 are open, refuses a privileged start and arguments that are not
    /// UTF-8; call first in `main`.
    package static func prepare() {
        openClosedStandardStreams()
        refuseToRunPrivileged()
        requireUTF8Arguments()
    }

    /// Exits with ``ExitCode/usage`` when an argument is not UTF-8 (a file name with a
    /// Latin-1 byte): Swift's `CommandLine.arguments` would repair it to U+FFFD, and the
    /// commands would then read or write a different path than the one given.
    static func requireUTF8Arguments() {
        let arguments = CommandLine.unsafeArgv
        for index in stride(from: 1, to: Int(CommandLine.argc), by: 1) {
            guard let argument = arguments[index], g_utf8_validate(argument, -1, nil) == 0 else { continue }
            Diagnostics.error("argument \(index) is not valid UTF-8; file names must be UTF-8")
            exit(ExitCode.usage.rawValue)
        }
    }

    /// Opens `/dev/null` on each of fds 0–2 that is closed. A session may start an
    /// autostart entry with them closed (`first-open SPEC >&- 2>&-`): the next file opened
    /// would get the number, and every message would be written into it — the lock file
    /// as stdout, the X connection as stderr (GTK's CSS warning went into the X stream
    /// and the window hung for good). Done by hand because GLib has no such call.
    static func openClosedStandardStreams() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 {
            // open() returns the lowest free number, which is `fd`: the lower ones are open
            // by now. Without /dev/null (a bare chroot) the root directory, opened read-only,
            // holds the number: writes to it fail, and nothing lands in a file.
            var opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened < 0 { opened = open("/", O_RDONLY | O_DIRECTORY) }
            if opened >= 0, opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }

    /// Makes sure this process may open at least `minimum` files: raises the soft limit
    /// towards the hard one when it is lower, and exits with ``ExitCode/ioError`` and one
    /// line when even the hard limit is. For the window tool: GTK aborts ("Bail out!",
    /// SIGABRT) when it cannot open an icon, and a spec it cannot open is no bad spec.
    package static func requireFileDescriptors(_ minimum: Int) {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(minimum) else { return }
        if limit.rlim_max >= rlim_t(minimum) {
            limit.rlim_cur = rlim_t(minimum)
            if setrlimit(resource, &limit) == 0 { return }
        }
        Diagnostics.error("too few file descriptors: the limit is \(limit.rlim_cur) (ulimit -n); "
                          + "the window needs at least \(minimum)")
        exit(ExitCode.ioError.rawValue)
    }

    /// The message and code of a set-user-ID or set-group-ID start.
    static let privilegedMessage = "refusing to run set-user-ID or set-group-ID; install it with mode 0755"

    /// Exits with ``ExitCode/noPermission`` when the kernel marked this start as secure
    /// (`AT_SECURE`: set-user-ID, set-group-ID, file capabilities). GLib and GTK read
    /// `XDG_*`, `GTK_*` and `GIO_*` from the environment, and first-open its own overrides
    /// (`FIRST_OPEN_HELPER`); none of them may be trusted with raised privileges, and
    /// first-open has no use for any, so it does not run at all.
    static func refuseToRunPrivileged() {
        guard fo_started_secure() != 0 else { return }
        Diagnostics.error(privilegedMessage)
        exit(ExitCode.noPermission.rawValue)
    }
}
