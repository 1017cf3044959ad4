public import FirstOpenContent
public import FirstOpenState

extension SpecFile {
    /// Loads a spec file for a command; any problem is exit status 65 with one line.
    /// - Parameter colorValidator: ``ColorSyntax/accepts(_:)`` by default, the check
    ///   every command and the window share.
    /// - Parameter readingReleaseNotes: `false` for `first-open`'s own commands, which
    ///   need the `ReleaseNotes=` file only when What's New is due
    ///   (``loadingReleaseNotesForCommand()``).
    public static func load(
        _ path: String, locale: String? = nil,
        colorValidator: (String) -> Bool = ColorSyntax.accepts,
        readingReleaseNotes: Bool = true
    ) throws(CommandFailure) -> SpecFile {
        do {
            return try SpecFile(path: path, locale: locale, colorValidator: colorValidator,
                                readingReleaseNotes: readingReleaseNotes)
        } catch {
            throw CommandFailure("\(error)", code: .badSpec)
        }
    }

    /// ``SpecFile/loadingReleaseNotes()`` for a command: exit status 65 with one line.
    public func loadingReleaseNotesForCommand() throws(CommandFailure) -> SpecFile {
        do {
            return try loadingReleaseNotes()
        } catch {
            throw CommandFailure("\(error)", code: .badSpec)
        }
    }

    /// The version running now (`Version=` / `VersionFrom=`); exit status 65 when it
    /// cannot be had.
    public func requireCurrentVersion() throws(CommandFailure) -> Version {
        do {
            return try currentVersion()
        } catch {
            throw CommandFailure("\(error)", code: .badSpec)
        }
    }
}

extension ParsedOptions {
    /// The value of `--option` as a version, if given; a bad one is a usage error.
    public func version(_ option: String) throws(CommandFailure) -> Version? {
        guard let text = values[option] else { return nil }
        do {
            return try Version(text)
        } catch {
            throw CommandFailure("--\(option): \(error)", code: .usage)
        }
    }
}
