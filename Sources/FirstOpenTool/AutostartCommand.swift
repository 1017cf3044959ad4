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
        } else if try entry.remove() {
            Diagnostics.output("removed \(AutostartEntry.userAutostartDirectory)/\(entry.fileName)")
        } else {
            Diagnostics.output("no autostart entry for \(spec.appID) to remove")
        }
        return .ok
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
