internal import FirstOpenContent
internal import FirstOpenFlow
import FirstOpenToolSupport
import FirstOpenViews
internal import FirstOpenState

#if canImport(Glibc)
import Glibc
import FirstOpenGTKWrappers
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
        let isMetainfo = AppStreamLookup.isMetainfoArgument(specPath)
        var problems: [SpecProblem]
        let spec: SpecFile?
        if isMetainfo {
            problems = MetainfoValidator.validate(argument: specPath, locale: options["locale"])
            spec = try? SpecFile(argument: specPath, locale: options["locale"])
        } else {
            // One read of the spec and its files: the checks below use the same parse.
            (problems, spec) = SpecValidator(path: specPath, locale: options["locale"]).validateLoading()
        }
        // The image caps the window enforces (pixels, decodability) need GdkPixbuf, so
        // they are checked here rather than in the GTK-free validator; files that are not
        // regular or too large were reported by it already.
        if !problems.contains(where: { $0.key == "Icon" && $0.group == SpecFile.mainGroup }),
           !problems.contains(where: { $0.severity == .error }),
           let icon = spec?.iconName, icon.hasPrefix("/"), access(icon, F_OK) == 0,
           let problem = ImageLoader.problem(at: icon) {
            problems.append(SpecProblem(severity: .warning, file: specPath, group: SpecFile.mainGroup, key: "Icon",
                                        message: "\(icon) \(problem); the window shows no icon"))
        }
        if !problems.contains(where: { $0.severity == .error }), let spec {
            problems += themedIconProblems(spec, specPath: specPath)
        }
        problems.forEach { Diagnostics.output("\($0)") }
        // Silence on success could not be told from a command that did nothing.
        if problems.isEmpty { Diagnostics.output("\(specPath): ok") }
        return problems.contains { $0.severity == .error } ? .badSpec : .ok
    }

    /// A themed `Icon=` (of the app or a row) that no icon theme on the search path
    /// has, nor the spec's `icons/` folder: the window would show no icon for it.
    private func themedIconProblems(_ spec: SpecFile, specPath: String) -> [SpecProblem] {
        let directory = spec.path.lastIndex(of: "/").map { String(spec.path[..<$0]) } ?? "."
        var named: [(group: String, name: String)] = []
        if let icon = spec.iconName, !icon.hasPrefix("/"), !icon.isEmpty { named.append((SpecFile.mainGroup, icon)) }
        for (index, row) in spec.welcomeRows.enumerated() { named.append(("Welcome \(index + 1)", row.iconName)) }
        for release in spec.releases {
            for (index, row) in release.rows.enumerated() {
                named.append(("Release \(release.versionText) \(index + 1)", row.iconName))
            }
        }
        named.removeAll { $0.name.hasPrefix("/") || $0.name.isEmpty }
        guard !named.isEmpty else { return [] }
        let search = IconThemeSearch(extra: [directory + "/icons"])
        var seen = Set<String>()
        return named.compactMap { entry -> SpecProblem? in
            guard seen.insert(entry.name).inserted, !search.has(entry.name) else { return nil }
            return SpecProblem(severity: .warning, file: specPath, group: entry.group, key: "Icon",
                               message: "no icon theme on the search path (nor \(directory)/icons) has "
                                   + "\(Quoted.text(entry.name)); the window shows no icon")
        }
    }
}
