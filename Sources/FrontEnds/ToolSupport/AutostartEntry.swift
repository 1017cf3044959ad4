internal import CGLib
internal import FirstOpenState

#if canImport(Glibc)
import Glibc
#endif

/// The user's XDG autostart entry for one spec file:
/// `$XDG_CONFIG_HOME/autostart/first-open-<AppId>.desktop`, running
/// `first-open show SPEC` at login.
package struct AutostartEntry: Sendable {
    /// The app id from the spec; names the file.
    package var appID: String
    /// The app's name, for the entry's Name and Comment.
    package var appName: String
    /// Absolute path of the `first-open` binary to run.
    package var executable: String
    /// Absolute path of the spec file.
    package var specPath: String

    /// Creates an entry.
    package init(appID: String, appName: String, executable: String, specPath: String) {
        self.appID = appID
        self.appName = appName
        self.executable = executable
        self.specPath = specPath
    }

    /// `$XDG_CONFIG_HOME/autostart` (GLib's user config dir).
    package static var userAutostartDirectory: String {
        XDGDirectory.userConfig + "/autostart"
    }

    /// The file name: `first-open-<AppId>.desktop`.
    package var fileName: String { "first-open-\(appID).desktop" }

    /// The `Exec=` command line, quoted as the Desktop Entry Specification asks.
    package var commandLine: String {
        [executable, "show", specPath].map(Self.quoteExecArgument).joined(separator: " ")
    }

    /// The entry's text, built with GKeyFile so values are escaped correctly.
    package func contents() -> String {
        keyFile().text
    }

    private func keyFile() -> KeyFile {
        let file = KeyFile()
        let group = "Desktop Entry"
        file.setString("Application", for: "Type", in: group)
        file.setString("\(appName) Welcome", for: "Name", in: group)
        file.setString("Shows what is new in \(appName) after an update", for: "Comment", in: group)
        file.setString(executable, for: "TryExec", in: group)
        file.setString(commandLine, for: "Exec", in: group)
        file.setBoolean(true, for: "NoDisplay", in: group)
        file.setBoolean(false, for: "Terminal", in: group)
        file.setString("Applications", for: "X-GNOME-Autostart-Phase", in: group)
        file.setBoolean(true, for: "X-GNOME-Autostart-enabled", in: group)
        return file
    }

    /// Writes the entry atomically and durably into `directory`, creating it if needed.
    /// Returns the path written.
    @discardableResult
    package func install(in directory: String = AutostartEntry.userAutostartDirectory) throws(CommandFailure) -> String {
        if let other = OtherUsersFolder.find(creatingIn: directory) {
            throw CommandFailure("refusing to write in \(directory): \(other)", code: .noPermission)
        }
        if let reason = GLibFile.makeDirectory(directory, mode: 0o755) {
            throw CommandFailure("cannot create \(directory): \(reason)", code: .cannotWrite)
        }
        let path = directory + "/" + fileName
        do {
            try keyFile().write(to: path, mode: 0o644)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.message)", code: .cannotWrite)
        }
        return path
    }

    /// Removes the entry from `directory`. Returns `false` when there was none.
    package func remove(from directory: String = AutostartEntry.userAutostartDirectory) throws(CommandFailure) -> Bool {
        let path = directory + "/" + fileName
        if g_unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw CommandFailure("cannot remove \(path): \(String(cString: strerror(errno)))", code: .cannotWrite)
    }

    /// Quotes one argument for `Exec=`: arguments with reserved characters go in
    /// double quotes with `"`, `` ` ``, `$` and `\` escaped; `%` is doubled. Not
    /// `g_shell_quote`: the Desktop Entry Specification's rules differ (single quotes
    /// are not allowed, `%` is a field code).
    package static func quoteExecArgument(_ argument: String) -> String {
        let reserved: Set<Character> = [" ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";",
                                        "$", "*", "?", "#", "(", ")", "`"]
        let needsQuotes = argument.isEmpty || argument.contains(where: reserved.contains)
        var text = needsQuotes ? "\"" : ""
        for character in argument {
            if character == "%" {
                text.append("%")
            } else if needsQuotes, "\"`$\\".contains(character) {
                text.append("\\")
            }
            text.append(character)
        }
        if needsQuotes { text.append("\"") }
        return text
    }

    /// The `first-open-*.desktop` entries in `directory` whose command runs `specPath`:
    /// how `autostart remove` finds an entry when its spec no longer loads (the app was
    /// uninstalled), so the entry does not fail at every login.
    package static func entries(runningSpec specPath: String,
                               in directory: String = AutostartEntry.userAutostartDirectory) -> [String] {
        guard let folder = g_dir_open(directory, 0, nil) else { return [] }
        defer { g_dir_close(folder) }
        let suffix = " show " + quoteExecArgument(specPath)
        var found: [String] = []
        while let entry = g_dir_read_name(folder) {
            let name = String(cString: entry)
            guard name.hasPrefix("first-open-"), name.hasSuffix(".desktop") else { continue }
            let path = directory + "/" + name
            guard let exec = (try? KeyFile(path: path))?.value("Exec", in: "Desktop Entry") else { continue }
            if exec.hasSuffix(suffix) { found.append(path) }
        }
        return found.sorted()
    }
}
