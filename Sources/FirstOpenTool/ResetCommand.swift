import FirstOpenFlow
import FirstOpenToolSupport
import FirstOpenContent
import FirstOpenState

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
        do {
            try store.forget(spec.appID)
        } catch {
            throw CommandFailure(.state(error))
        }
        Diagnostics.output("forgot \(spec.appID)")
        return .ok
    }
}
