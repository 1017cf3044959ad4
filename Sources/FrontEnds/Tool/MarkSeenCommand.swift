import FirstOpenFlow
import FirstOpenToolSupport
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
            // Read, compare and write under the record lock: concurrent mark-seens end at
            // the highest version. A window being shown holds another lock (the app's
            // lock, for its whole lifetime), so this never waits for a user; that window's
            // dismissal is a read-compare-write too and never lowers what this wrote.
            let (stored, replaced) = try store.recordKeepingHigher(version, for: spec.appID)
            if let replaced { Diagnostics.warning("\(replaced)") }
            if stored > version {
                Diagnostics.output("kept \(spec.appID) \(stored): a record is never lowered (asked for \(version))")
            } else {
                Diagnostics.output("recorded \(spec.appID) \(version)")
            }
        } catch {
            throw CommandFailure(.state(error))
        }
        return .ok
    }
}
