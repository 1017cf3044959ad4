import FirstOpenToolSupport

#if canImport(Glibc)
import Glibc
#endif

/// Finds and `exec`s `first-open-window`, the GTK half of the tool.
///
/// `first-open` itself never links GTK: every library in `DT_NEEDED` is loaded
/// at start-up, and the login path must stay as cheap as a small C program when
/// there is nothing to show. The helper is looked up in this order:
/// `$FIRST_OPEN_HELPER`; next to this binary (the build tree);
/// `../libexec/first-open/first-open-window` relative to it (an installed tree).
enum HelperLauncher {
    static let helperName = "first-open-window"

    /// The helper's path, or `nil` when it is not installed.
    static func helperPath() -> String? {
        if let override = getenv("FIRST_OPEN_HELPER").map({ String(cString: $0) }), !override.isEmpty {
            return override
        }
        guard let directory = ExecutableLocation.directory else { return nil }
        let candidates = [
            "\(directory)/\(helperName)",
            "\(directory)/../libexec/first-open/\(helperName)",
        ]
        return candidates.first { access($0, X_OK) == 0 }
    }

    /// Replaces this process with the helper; throws only when that fails.
    static func execHelper(arguments: [String]) throws(CommandFailure) -> Never {
        guard let path = helperPath() else {
            throw CommandFailure(
                "the window helper '\(helperName)' is not installed next to first-open or in ../libexec/first-open",
                code: .software)
        }
        var cArguments: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        cArguments.append(nil)
        execv(path, cArguments)
        let reason = String(cString: strerror(errno))
        throw CommandFailure("cannot start the window helper \(path): \(reason)", code: .software)
    }
}
