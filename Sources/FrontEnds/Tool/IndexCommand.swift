import FirstOpenContent
import FirstOpenToolSupport

/// `first-open index`: rebuilds `$XDG_CACHE_HOME/first-open/metainfo-index`
/// (``MetainfoIndex``). The GTK module starts it in the background when the index is not
/// current; `appstream:` rebuilds it itself when it needs it. Nothing else changes.
struct IndexCommand {
    static let parser = OptionParser(
        parameterSummary: "",
        summary: "Rebuild the index of every name installed apps go by (GApplication id, program name, "
            + "desktop-file id, <id>) and their metainfo files, in $XDG_CACHE_HOME/first-open/metainfo-index.",
        options: [])

    let options: ParsedOptions

    init(arguments: [String]) throws(CommandFailure) {
        options = try Self.parser.parse(arguments)
    }

    func run() throws(CommandFailure) -> ExitCode {
        guard options.positionals.isEmpty else {
            throw CommandFailure("index: takes no arguments", code: .usage)
        }
        let entries = MetainfoIndex.update()
        Diagnostics.output("indexed \(entries.count) names of \(Set(entries.values).count) metainfo files in \(MetainfoIndex.path)")
        return .ok
    }
}
