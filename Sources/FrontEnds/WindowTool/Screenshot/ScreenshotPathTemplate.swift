import FirstOpenToolSupport

/// A file name with `{kind}`, `{locale}`, `{theme}` and `{scale}` placeholders, as
/// `--output` and `--compare` take, e.g. `out/{kind}-{locale}-{theme}@{scale}x.png`.
struct ScreenshotPathTemplate: Sendable {
    /// What was given on the command line.
    let text: String
    /// The placeholders the template uses.
    let placeholders: Set<ScreenshotPlaceholder>

    private enum Piece: Sendable {
        case literal(String)
        case placeholder(ScreenshotPlaceholder)
    }

    private let pieces: [Piece]

    /// Parses `text`; `option` names the option in error messages.
    /// - Throws: a usage error for an empty name or an unknown or unclosed `{…}`.
    init(_ text: String, option: String) throws(CommandFailure) {
        guard !text.isEmpty else {
            throw CommandFailure("screenshot: --\(option) needs a file name", code: .usage)
        }
        var pieces: [Piece] = []
        var used: Set<ScreenshotPlaceholder> = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw CommandFailure("screenshot: --\(option) '\(text)' has a '{' without '}'", code: .usage)
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let placeholder = ScreenshotPlaceholder(rawValue: name) else {
                let known = ScreenshotPlaceholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
                throw CommandFailure(
                    "screenshot: --\(option) '\(text)': unknown placeholder {\(name)} (known: \(known))", code: .usage)
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            pieces.append(.placeholder(placeholder))
            used.insert(placeholder)
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.text = text
        self.pieces = pieces
        placeholders = used
    }

    /// The file name of one variant.
    func path(for variant: ScreenshotVariant) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .placeholder(let placeholder): variant.value(of: placeholder)
            }
        }.joined()
    }

    /// Checks that every dimension with several values has its placeholder, so each
    /// image gets its own file.
    func requirePlaceholders(for matrix: ScreenshotMatrix, option: String) throws(CommandFailure) {
        let missing = matrix.varyingDimensions.filter { !placeholders.contains($0) }
        guard !missing.isEmpty else { return }
        let names = missing.map { "{\($0.rawValue)}" }.joined(separator: ", ")
        throw CommandFailure(
            "screenshot: \(matrix.variantCount) images but --\(option) '\(text)' lacks \(names); "
                + "name each varying value, e.g. --\(option) 'out/{kind}-{locale}-{theme}@{scale}x.png'",
            code: .usage)
    }
}
