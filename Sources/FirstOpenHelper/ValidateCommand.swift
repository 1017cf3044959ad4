import FirstOpenCommandLine
import FirstOpenViews

/// `first-open validate SPEC`: every problem with group and key, like
/// `desktop-file-validate`. Colours are checked with `gdk_rgba_parse`, the parser
/// the window uses, which is why this runs in the GTK helper. Needs no display.
@MainActor
struct ValidateCommand {
    static let parser = OptionParser(
        parameterSummary: "SPEC",
        summary: """
            Report every problem in SPEC, one per line, as 'FILE: error|warning: [Group] Key: message'. \
            Exits 65 when there are errors, 0 with warnings only.
            """,
        options: [.value("locale", placeholder: "LOCALE", help: "Check the translations of this locale")])

    let options: ParsedOptions

    init(arguments: [String]) throws(CommandFailure) {
        options = try Self.parser.parse(arguments)
    }

    func run() throws(CommandFailure) -> ExitCode {
        let specPath = try options.specPath(command: "validate")
        let validator = SpecValidator(path: specPath, locale: options["locale"])
        let problems = validator.validate()
        problems.forEach { Diagnostics.output("\($0)") }
        return problems.contains { $0.severity == .error } ? .badSpec : .ok
    }
}
