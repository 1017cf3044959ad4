import Glibc

/// A session in which first-open stays quiet unless an administrator says otherwise
/// (`ShowInLiveSessions`, `ShowForSystemAccounts`).
///
/// Detection, kept simple on purpose:
/// - **system account**: uid 1–999 (Debian's system range) or 65534 (`nobody`);
/// - **live session**: `XDG_SESSION_CLASS=greeter`; a user name starting with `guest`
///   (LightDM guest accounts); `/run/live` exists (Debian live-boot); or the kernel
///   command line has `boot=live`, `boot=casper` (Ubuntu) or `rd.live.image` (Fedora).
///
/// root (uid 0) is never quiet: that is how CI and containers run.
package struct QuietSession: Sendable, Equatable, CustomStringConvertible {
    /// Which setting can turn the window back on.
    package enum Kind: Sendable, Equatable {
        /// Turned on by `ShowForSystemAccounts=true`.
        case systemAccount
        /// Live, guest and greeter sessions; turned on by `ShowInLiveSessions=true`.
        case liveSession
    }

    /// Which kind of quiet session.
    package let kind: Kind
    /// Why, in a few words (`system account (uid 112)`).
    package let reason: String

    package var description: String { reason }

    /// A quiet session of `kind`, described by `reason`.
    package init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// The current session, if it is a quiet one.
    package static func current() -> QuietSession? {
        var cmdline: String?
        if let bytes = try? CheckedFile.read("/proc/cmdline", limit: CheckedFile.smallFileLimit) {
            cmdline = String(decoding: bytes, as: UTF8.self)
        }
        let sessionClass = getenv("XDG_SESSION_CLASS").map { String(cString: $0) }
        return detect(
            uid: UInt32(getuid()),
            userName: userName,
            sessionClass: sessionClass,
            kernelCommandLine: cmdline,
            liveMediumPresent: access("/run/live", F_OK) == 0)
    }

    /// The login name: `$USER` or `$LOGNAME`, which every login sets, else the user
    /// database's entry for this uid (empty without one). Not the database first: a
    /// statically linked `first-open` reads from /etc/passwd alone (glibc's NSS modules
    /// crash a static program: Sources/Shims/CProgramStart/user_database.c), so a user of
    /// another source (sssd, LDAP, systemd-homed) is named by the environment or not at
    /// all (docs/architecture.md, "A static login binary").
    static var userName: String {
        for name in ["USER", "LOGNAME"] {
            if let value = getenv(name), value.pointee != 0 { return String(cString: value) }
        }
        // getpwuid_r itself: GLib's g_get_user_name() warns for a uid without an entry.
        // The name points into `buffer`: read it while the buffer is pinned (`&buffer`
        // is valid only during the call; Swift 6.0.3's -O build of libfirst-open read it
        // after, and trapped in String: "initialize overlapping range", Debian 13).
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        return buffer.withUnsafeMutableBufferPointer { storage in
            guard let base = storage.baseAddress,
                  getpwuid_r(getuid(), &entry, base, storage.count, &result) == 0, result != nil,
                  let name = entry.pw_name else { return "" }
            return String(cString: name)
        }
    }

    /// The rules above, on given facts (testable).
    static func detect(
        uid: UInt32,
        userName: String,
        sessionClass: String?,
        kernelCommandLine: String?,
        liveMediumPresent: Bool
    ) -> QuietSession? {
        if uid == 0 { return nil }
        if (1...999).contains(uid) || uid == 65534 {
            return QuietSession(kind: .systemAccount, reason: "system account (uid \(uid))")
        }
        if sessionClass == "greeter" {
            return QuietSession(kind: .liveSession, reason: "greeter session (XDG_SESSION_CLASS=greeter)")
        }
        if userName.hasPrefix("guest") {
            return QuietSession(kind: .liveSession, reason: "guest session (user \(userName))")
        }
        if liveMediumPresent {
            return QuietSession(kind: .liveSession, reason: "live session (/run/live exists)")
        }
        let liveTokens: Set<Substring> = ["boot=live", "boot=casper", "rd.live.image"]
        if let kernelCommandLine,
           let token = kernelCommandLine.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
               .first(where: liveTokens.contains) {
            return QuietSession(kind: .liveSession, reason: "live session (\(token) on the kernel command line)")
        }
        return nil
    }
}

extension FirstOpenSettings {
    /// Why nothing should be shown in the current session after applying
    /// `ShowInLiveSessions` and `ShowForSystemAccounts`; nil when showing is allowed.
    package func quietReason() -> String? {
        quietReason(for: QuietSession.current())
    }

    /// ``quietReason()`` for a given session.
    package func quietReason(for session: QuietSession?) -> String? {
        guard let session else { return nil }
        switch session.kind {
        case .systemAccount where showsForSystemAccounts: return nil
        case .liveSession where showsInLiveSessions: return nil
        default: return session.reason
        }
    }
}
