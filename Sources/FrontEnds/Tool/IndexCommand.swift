import FirstOpenContent
import FirstOpenToolSupport

/// `first-open index [--find] [NAME…]`: rebuilds `$XDG_CACHE_HOME/first-open/metainfo-index-HASH`
/// (``MetainfoIndex``). `appstream:` rebuilds it itself when it needs it. With `--find`
/// it also prints the first NAME that is an installed app's (the GTK module asks so when
/// the index is not current): the answer comes from the files themselves, so an index
/// that cannot be written (a read-only or full cache) still finds the app.
struct IndexCommand {
    static let parser = OptionParser(
        parameterSummary: "[NAME…]",
        summary: "Rebuild the index of every name installed apps go by (GApplication id, program name, "
            + "desktop-file id, <id>) and their metainfo files, in $XDG_CACHE_HOME/first-open/.",
        options: [.flag("find", help: "Also print the first NAME that names an installed app's metainfo file "
                            + "(nothing when none does)")])

    let options: ParsedOptions

    init(arguments: [String]) throws(CommandFailure) {
        options = try Self.parser.parse(arguments)
    }

    func run() throws(CommandFailure) -> ExitCode {
        let finding = options.flags.contains("find")
        guard finding || options.positionals.isEmpty else {
            throw CommandFailure("index: NAME arguments need --find", code: .usage)
        }
        let update = MetainfoIndex.update()
        guard finding else {
            if let reason = update.writeError {
                throw CommandFailure("index: cannot write \(update.path): \(reason)", code: .cannotWrite)
            }
            let files = Set(update.entries.paths.values).count
            Diagnostics.output("indexed \(update.entries.paths.count) names of \(files) metainfo files in \(update.path)")
            for (name, files) in update.entries.ambiguous.sorted(by: { $0.key < $1.key }) {
                Diagnostics.warning(MetainfoIndex.Ambiguity(name: name, files: files).description)
            }
            return .ok
        }
        // The index written or not, the answer is the app's: a warning only.
        if let reason = update.writeError { Diagnostics.warning("cannot write \(update.path): \(reason)") }
        switch MetainfoIndex.lookUp(options.positionals, in: update.entries) {
        case let .found(name, _):
            Diagnostics.output(name)
        case let .notFound(ambiguous):
            for ambiguity in ambiguous { Diagnostics.warning(ambiguity.description) }
        }
        return .ok
    }
}
