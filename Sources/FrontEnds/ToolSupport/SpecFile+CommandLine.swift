package import FirstOpenContent
package import FirstOpenState

extension SpecFile {
    /// Loads a spec file (or a metainfo file, or `appstream:APPID`: see
    /// ``SpecFile/init(argument:locale:colorValidator:readingReleaseNotes:readingContent:)``)
    /// for a command; any problem is exit status 65 with one line.
    /// - Parameter colorValidator: ``ColorSyntax/accepts(_:)`` by default, the check
    ///   every command and the window share.
    /// - Parameter readingReleaseNotes: `false` for `first-open`'s commands that never
    ///   show release notes (`reset`, `mark-seen`, `autostart`).
    /// - Parameter readingContent: `false` for the login path, which needs the row
    ///   groups only when a window is due (``loadingContentForCommand(for:)``).
    package static func load(
        _ path: String, locale: String? = nil,
        colorValidator: (String) -> Bool = ColorSyntax.accepts,
        readingReleaseNotes: Bool = true,
        readingContent: Bool = true
    ) throws(CommandFailure) -> SpecFile {
        do {
            return try SpecFile(argument: path, locale: locale, colorValidator: colorValidator,
                                readingReleaseNotes: readingReleaseNotes, readingContent: readingContent)
        } catch {
            throw CommandFailure(.spec(error))
        }
    }

    /// ``SpecFile/init(argument:locale:forWindow:notesAfter:)`` for a command: everything
    /// the window of `kind` shows, each file read once; any problem is exit status 65
    /// with one line.
    package static func load(_ path: String, forWindow kind: FirstOpenWindowKind,
                            notesAfter: Version? = nil) throws(CommandFailure) -> SpecFile {
        do {
            return try SpecFile(argument: path, forWindow: kind, notesAfter: notesAfter)
        } catch {
            throw CommandFailure(.spec(error))
        }
    }

    /// ``SpecFile/loadingContent(for:colorValidator:)`` for a command: exit status 65 with one line.
    package func loadingContentForCommand(for kind: FirstOpenWindowKind, notesAfter: Version? = nil) throws(CommandFailure) -> SpecFile {
        do {
            return try loadingContent(for: kind, notesAfter: notesAfter)
        } catch {
            throw CommandFailure(.spec(error))
        }
    }

    /// The version running now (`Version=` / `VersionFrom=`); exit status 65 when it
    /// cannot be had.
    package func requireCurrentVersion() throws(CommandFailure) -> Version {
        do {
            return try currentVersion()
        } catch {
            throw CommandFailure(.spec(error))
        }
    }
}

extension ParsedOptions {
    /// The value of `--option` as a version, if given; a bad one is a usage error.
    package func version(_ option: String) throws(CommandFailure) -> Version? {
        guard let text = values[option] else { return nil }
        do {
            return try Version(text)
        } catch {
            throw CommandFailure("--\(option): \(error)", code: .usage)
        }
    }
}
