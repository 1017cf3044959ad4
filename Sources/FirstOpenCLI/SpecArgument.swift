import FirstOpenCommandLine
import FirstOpenContent

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
