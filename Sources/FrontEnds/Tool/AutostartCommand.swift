import FirstOpenToolSupport
import FirstOpenContent

#if canImport(Glibc)
import Glibc
#endif

/// `first-open autostart install|remove SPEC`: the user's XDG autostart entry.
struct AutostartCommand {
    static let parser = OptionParser(
        parameterSummary: "install|remove SPEC",
        summary: """
            Install or remove $XDG_CONFIG_HOME/autostart/first-open-APPID.desktop, which runs \
            'first-open show SPEC' when the user logs in.
            """,
        options: [])

    let options: ParsedOptions

    init(arguments: [String]) throws(CommandFailure) {
        options = try Self.parser.parse(arguments)
    }

    func run() throws(CommandFailure) -> ExitCode {
        guard options.positionals.count == 2, let action = options.positionals.first,
              action == "install" || action == "remove" else {
            throw CommandFailure("autostart: usage: first-open autostart install|remove SPEC", code: .usage)
        }
        let specPath = ExecutableLocation.absolute(options.positionals[1])
        let spec: SpecFile
        do {
            spec = try SpecFile.load(specPath, readingReleaseNotes: false)
        } catch {
            guard action == "remove" else { throw error }
            return try removeEntries(runningBrokenSpec: specPath, error: error)
        }
        let entry = AutostartEntry(appID: spec.appID, appName: spec.name,
                                   executable: ExecutableLocation.path ?? "first-open", specPath: specPath)
        if action == "install" {
            let path = try entry.install()
            Diagnostics.output("installed \(path)")
            if let tree = Self.buildTree(containing: entry.executable) {
                Diagnostics.warning("the entry runs \(entry.executable) from the build tree \(tree); "
                                    + "it stops working when that tree is cleaned or moved (install first-open first)")
            }
        } else if try entry.remove() {
            Diagnostics.output("removed \(AutostartEntry.userAutostartDirectory)/\(entry.fileName)")
        } else {
            Diagnostics.output("no autostart entry for \(spec.appID) to remove")
        }
        return .ok
    }

    /// The source or build tree `executable` sits in (a folder up to four levels above it
    /// with `Package.swift`, `build.ninja` or `meson-private`), or nil for an installed one.
    static func buildTree(containing executable: String) -> String? {
        var directory = executable
        for _ in 0..<5 {
            guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { return nil }
            directory = String(directory[..<slash])
            for marker in ["Package.swift", "build.ninja", "meson-private"]
            where access(directory + "/" + marker, F_OK) == 0 {
                return directory
            }
        }
        return nil
    }

    /// `remove` for a spec that no longer loads: the entries whose command runs it.
    private func removeEntries(runningBrokenSpec specPath: String,
                               error: CommandFailure) throws(CommandFailure) -> ExitCode {
        let entries = AutostartEntry.entries(runningSpec: specPath)
        guard !entries.isEmpty else { throw error }
        for path in entries {
            guard unlink(path) == 0 else {
                throw CommandFailure("cannot remove \(path): \(String(cString: strerror(errno)))", code: .cannotWrite)
            }
            Diagnostics.output("removed \(path)")
        }
        return .ok
    }
}
