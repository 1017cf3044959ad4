import FirstOpenCommandLine
import FirstOpenContent
import FirstOpenState

/// `first-open mark-seen SPEC [--version V]`: record without showing, for admins
/// pre-seeding accounts and for scripts.
struct MarkSeenCommand {
    static let parser = OptionParser(
        parameterSummary: "SPEC",
        summary: """
            Record SPEC's current version (or VERSION) as seen, without showing anything. \
            A record is never lowered: a higher recorded version is kept.
            """,
        options: [.value("version", placeholder: "VERSION", help: "Record this version instead of the current one")])

    let options: ParsedOptions

    init(arguments: [String]) throws(CommandFailure) {
        options = try Self.parser.parse(arguments)
    }

    func run() throws(CommandFailure) -> ExitCode {
        let spec = try SpecFile.load(try options.specPath(command: "mark-seen"), readingReleaseNotes: false)
        let version: Version
        if let given = try options.version("version") {
            version = given
        } else {
            version = try spec.requireCurrentVersion()
        }
        let store = KeyFileVersionStore()
        do {
            var recorded: Version?
            do {
                // Reading first keeps a corrupt record aside and says so.
                recorded = try store.recordedVersion(for: spec.appID)
            } catch {
                guard case .corrupt = error else { throw error }
                Diagnostics.warning("\(error)")
            }
            try store.record(version, for: spec.appID)
            if let recorded, recorded > version {
                Diagnostics.output("kept \(spec.appID) \(recorded): a record is never lowered (asked for \(version))")
            } else {
                Diagnostics.output("recorded \(spec.appID) \(version)")
            }
        } catch {
            throw CommandFailure("\(error)", code: .ioError)
        }
        return .ok
    }
}
