/// Lists every problem of a spec file with its group and key, as
/// `desktop-file-validate` does (`first-open validate SPEC` prints them).
///
/// It checks exactly what ``SpecFile`` checks when loading — the loader stops at the
/// first error — plus warnings: unknown groups and keys (`X-` ones are free for
/// vendors), translations of keys that take none, metainfo releases without a valid
/// version.
public struct SpecValidator: Sendable {
    /// The spec file to check.
    public var path: String
    /// The locale whose translations are checked (`nil`: the process's locale).
    public var locale: String?
    /// Decides whether a colour parses. The GTK side passes `gdk_rgba_parse`.
    public var colorValidator: @Sendable (String) -> Bool

    /// Creates a validator for the spec file at `path`.
    public init(
        path: String,
        locale: String? = nil,
        colorValidator: @escaping @Sendable (String) -> Bool = SpecValidator.isPlausibleColor
    ) {
        self.path = path
        self.locale = locale
        self.colorValidator = colorValidator
    }

    /// Every problem, in file order: `[First Open]` first, then the other groups as
    /// they appear. Empty for a perfect spec.
    public func validate() -> [SpecProblem] {
        let parser = SpecParser(file: path, locale: locale, colorValidator: colorValidator)
        _ = parser.parse()
        return parser.findings.map(\.problem)
    }

    /// A conservative stand-in for `gdk_rgba_parse` where GTK is not loaded: accepts
    /// `#rgb`, `#rrggbb`, `#rrrgggbbb`, `#rrrrggggbbbb`, `rgb(r,g,b)`, `rgba(r,g,b,a)`
    /// with numbers or percentages, and plain alphabetic names (`blue`,
    /// `transparent`) — it cannot know which names GTK knows.
    public static func isPlausibleColor(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return false }
        if first == "#" {
            let digits = scalars.dropFirst()
            return [3, 6, 9, 12].contains(digits.count) && digits.allSatisfy(isHexDigit)
        }
        if scalars.allSatisfy(isLetter) { return true }
        for (prefix, count) in [("rgba(", 4), ("rgb(", 3)] where text.hasPrefix(prefix) {
            guard text.hasSuffix(")") else { return false }
            let inner = text.dropFirst(prefix.count).dropLast()
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            return parts.count == count && parts.allSatisfy { isNumber($0.trimmingSpaces()) }
        }
        return false
    }

    private static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// `12`, `0.5`, `.5`, `50%`, `12.5%`.
    private static func isNumber(_ text: Substring) -> Bool {
        var body = text
        if body.hasSuffix("%") { body = body.dropLast() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.contains(where: { !$0.isEmpty }) else { return false }
        return parts.allSatisfy { $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
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
