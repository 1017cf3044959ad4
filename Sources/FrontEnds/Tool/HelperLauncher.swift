internal import CFirstOpenConfig
import FirstOpenToolSupport

#if canImport(Glibc)
import Glibc
#endif

/// Finds and `exec`s `first-open-window`, the GTK half of the tool.
///
/// `first-open` itself never links GTK: every library in `DT_NEEDED` is loaded
/// at start-up, and the login path must stay as cheap as a small C program when
/// there is nothing to show. The helper is `$FIRST_OPEN_HELPER` when set (tests, and
/// programs run from a Meson build tree); otherwise where Meson installed it
/// (`<libexecdir>/first-open/first-open-window`, given to the build: `-Dlibexecdir` is
/// honoured, nothing is guessed); in a development build (`swift build`, no install
/// paths), next to this binary.
enum HelperLauncher {
    static let helperName = "first-open-window"

    /// The helper's path, or `nil` when it is not installed.
    static func helperPath() -> String? {
        if let override = getenv("FIRST_OPEN_HELPER").map({ String(cString: $0) }), !override.isEmpty {
            return override
        }
        if let installed = fo_config_helper_path() {
            return String(cString: installed)
        }
        return ExecutableLocation.directory.map { "\($0)/\(helperName)" }
    }

    /// Replaces this process with the helper; throws only when that fails.
    static func execHelper(arguments: [String]) throws(CommandFailure) -> Never {
        guard let path = helperPath() else {
            throw CommandFailure(
                "cannot tell where the window helper '\(helperName)' is (set FIRST_OPEN_HELPER)",
                code: .software)
        }
        var cArguments: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        cArguments.append(nil)
        execv(path, cArguments)
        let reason = String(cString: strerror(errno))
        throw CommandFailure("cannot start the window helper \(path): \(reason)", code: .software)
    }
}
