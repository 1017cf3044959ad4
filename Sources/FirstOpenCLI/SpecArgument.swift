import FirstOpenCommandLine
import FirstOpenContent

extension ParsedOptions {
    /// The single SPEC argument of a subcommand.
    func specPath(command: String) throws(CommandFailure) -> String {
        switch positionals.count {
        case 1: return positionals[0]
        case 0: throw CommandFailure("\(command): no spec file given", code: .usage)
        default:
            throw CommandFailure("\(command): expected one spec file, got \(positionals.count) arguments", code: .usage)
        }
    }
}

extension SpecFile {
    /// Loads a spec file, turning its error into exit status 65.
    static func load(_ path: String) throws(CommandFailure) -> SpecFile {
        do {
            return try SpecFile(path: path)
        } catch {
            throw CommandFailure("\(error)", code: .badSpec)
        }
    }
}
