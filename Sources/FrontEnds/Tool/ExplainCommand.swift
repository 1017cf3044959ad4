import FirstOpenContent
import FirstOpenFlow
import FirstOpenToolSupport

/// `first-open explain SPEC`: one line on stdout, first word `welcome`, `whats-new`
/// or `nothing`, then the versions and the reason.
struct ExplainCommand {
    static let parser = OptionParser(
        parameterSummary: "SPEC",
        summary: """
            Print what 'first-open show SPEC' would do and why, as one line whose first word \
            is welcome, whats-new or nothing. Changes nothing.
            """,
        options: [.flag("content", help: "Also print the window's headings, row titles and release notes, indented")])

    let options: ParsedOptions

    init(arguments: [String]) throws(CommandFailure) {
        options = try Self.parser.parse(arguments)
    }

    func run() throws(CommandFailure) -> ExitCode {
        var flow = try SpecFlow(specPath: try options.specPath(command: "explain"))
        let look: PresentationFlow.Look
        let content: WindowContent?
        do {
            look = try flow.flow.look()
            content = look.recordProblem == nil ? try flow.content(for: look.decision) : nil
        } catch {
            throw CommandFailure(error)
        }
        Diagnostics.output(flow.explanation(look, hasContent: content != nil))
        if options.flags.contains("content"), let content {
            for section in content.sections {
                if let heading = section.heading { Diagnostics.output("  \(heading)") }
                for row in section.rows { Diagnostics.output("    \(row.title)") }
                for block in section.description {
                    for (index, text) in block.texts.enumerated() {
                        let marker = switch block {
                        case .paragraph: ""
                        case .bulletList: "- "
                        case .numberedList: "\(index + 1). "
                        }
                        Diagnostics.output("    \(marker)\(text.plainText)")
                    }
                }
            }
            if let footnote = content.footnote { Diagnostics.output("  \(footnote)") }
        }
        return .ok
    }
}
