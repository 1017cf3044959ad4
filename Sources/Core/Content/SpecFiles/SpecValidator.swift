/// Lists every problem of a spec file with its group and key, as
/// `desktop-file-validate` does (`first-open validate SPEC` prints them).
///
/// It checks exactly what ``SpecFile`` checks when loading — the loader stops at the
/// first error — plus warnings: unknown groups and keys (`X-` ones are free for
/// vendors), translations of keys that take none, metainfo releases without a valid
/// version.
package struct SpecValidator: Sendable {
    /// The spec file to check.
    package var path: String
    /// The locale whose translations are checked (`nil`: the process's locale).
    package var locale: String?
    /// Decides whether a colour parses: ``ColorSyntax/accepts(_:)``, the check the login
    /// path and the window share (tests may pass another).
    package var colorValidator: @Sendable (String) -> Bool

    /// Creates a validator for the spec file at `path`.
    package init(
        path: String,
        locale: String? = nil,
        colorValidator: @escaping @Sendable (String) -> Bool = ColorSyntax.accepts
    ) {
        self.path = path
        self.locale = locale
        self.colorValidator = colorValidator
    }

    /// Every problem, in file order: `[First Open]` first, then the other groups as
    /// they appear. Empty for a perfect spec.
    package func validate() -> [SpecProblem] {
        validateLoading().problems
    }

    /// ``validate()``, and the spec as ``SpecFile`` loads it when there is no error, from
    /// the same read: a caller checks it further (icons) without reading the files again.
    package func validateLoading() -> (problems: [SpecProblem], spec: SpecFile?) {
        let parser = SpecParser(file: path, locale: locale, colorValidator: colorValidator)
        let contents = parser.parse()
        let spec = parser.firstError == nil
            ? contents.map { SpecFile(path: path, locale: locale, contents: $0, readingReleaseNotes: true) }
            : nil
        return (parser.findings.map(\.problem), spec)
    }

    /// The colour check of ``ColorSyntax/accepts(_:)``, under its former name.
    @available(*, deprecated, renamed: "ColorSyntax.accepts")
    package static func isPlausibleColor(_ text: String) -> Bool {
        ColorSyntax.accepts(text)
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
