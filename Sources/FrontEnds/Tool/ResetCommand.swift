import FirstOpenFlow
import FirstOpenToolSupport
import FirstOpenContent
import FirstOpenState

#if canImport(Glibc)
import Glibc
#endif

/// `first-open reset SPEC`: forget this app's record, so the next start welcomes again.
struct ResetCommand {
    static let parser = OptionParser(
        parameterSummary: "SPEC",
        summary: "Forget the record of SPEC's app: the next 'first-open show' shows the Welcome window again.",
        options: [])

    let options: ParsedOptions

    init(arguments: [String]) throws(CommandFailure) {
        options = try Self.parser.parse(arguments)
    }

    func run() throws(CommandFailure) -> ExitCode {
        let spec = try SpecFile.load(try options.specPath(command: "reset"), readingReleaseNotes: false)
        let store = KeyFileVersionStore()
        // Checked before, so the message says what happened; a record written in between
        // is forgotten all the same.
        var info = stat()
        let hadRecord = lstat(store.path(for: spec.appID), &info) == 0
        do {
            try store.forget(spec.appID)
        } catch {
            throw CommandFailure(.state(error))
        }
        Diagnostics.output(hadRecord ? "forgot \(spec.appID)" : "nothing to forget: no record of \(spec.appID)")
        return .ok
    }
}
