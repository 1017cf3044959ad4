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
            // Reading first reports a corrupt record (it is kept aside, then replaced).
            do {
                _ = try store.recordedVersion(for: spec.appID)
            } catch {
                guard case .corrupt = error else { throw error }
                Diagnostics.warning("\(error)")
            }
            // Read, compare and write under the record lock: concurrent mark-seens end at
            // the highest version. The lock of a window being shown is another lock, so
            // this never waits for a user; that window's dismissal never lowers it either.
            let stored = try store.recordKeepingHigher(version, for: spec.appID)
            if stored > version {
                Diagnostics.output("kept \(spec.appID) \(stored): a record is never lowered (asked for \(version))")
            } else {
                Diagnostics.output("recorded \(spec.appID) \(version)")
            }
        } catch {
            throw CommandFailure("\(error)", code: .ioError)
        }
        return .ok
    }
}
