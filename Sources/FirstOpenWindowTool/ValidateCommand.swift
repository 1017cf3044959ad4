import FirstOpenToolSupport
import FirstOpenViews

#if canImport(Glibc)
import Glibc
#endif

/// `first-open validate SPEC`: every problem with group and key, like
/// `desktop-file-validate`. Colours are checked by `ColorSyntax`, as in every command;
/// this runs in the GTK helper because an icon file is also decoded with GdkPixbuf
/// (with the window's pixel cap). Needs no display.
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
        var problems = validator.validate()
        // The image caps the window enforces (pixels, decodability) need GdkPixbuf, so
        // they are checked here rather than in the GTK-free validator; files that are not
        // regular or too large were reported by it already.
        if !problems.contains(where: { $0.key == "Icon" && $0.group == SpecFile.mainGroup }),
           let spec = try? SpecFile(path: specPath, locale: options["locale"]),
           let icon = spec.iconName, icon.hasPrefix("/"), access(icon, F_OK) == 0,
           let problem = ImageLoader.problem(at: icon) {
            problems.append(SpecProblem(severity: .warning, file: specPath, group: SpecFile.mainGroup, key: "Icon",
                                        message: "\(icon) \(problem); the window shows no icon"))
        }
        problems.forEach { Diagnostics.output("\($0)") }
        // Silence on success could not be told from a command that did nothing.
        if problems.isEmpty { Diagnostics.output("\(specPath): ok") }
        return problems.contains { $0.severity == .error } ? .badSpec : .ok
    }
}
