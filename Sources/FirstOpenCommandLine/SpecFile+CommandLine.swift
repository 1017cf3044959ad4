public import FirstOpenContent
public import FirstOpenState

extension SpecFile {
    /// Loads a spec file for a command; any problem is exit status 65 with one line.
    /// - Parameter colorValidator: the GTK-free check by default (what `first-open`
    ///   itself can do); the window helper passes `gdk_rgba_parse`.
    public static func load(
        _ path: String, locale: String? = nil,
        colorValidator: (String) -> Bool = SpecValidator.isPlausibleColor
    ) throws(CommandFailure) -> SpecFile {
        do {
            return try SpecFile(path: path, locale: locale, colorValidator: colorValidator)
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
