/// Text of an AppStream description paragraph or list item, as runs of plain,
/// emphasised (`<em>`) and code (`<code>`) text. Plain text only: the window styles the
/// runs itself and never parses any of it as markup.
package struct StyledText: Sendable, Hashable {
    /// How a run of text is shown.
    package enum Style: Sendable, Hashable {
        /// Normal text.
        case plain
        /// `<em>`: italic.
        case emphasis
        /// `<code>`: monospace.
        case code
    }

    /// A stretch of text in one style.
    package struct Run: Sendable, Hashable {
        /// The text, whitespace already collapsed.
        package var text: String
        /// Its style.
        package var style: Style

        /// Creates a run.
        package init(_ text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The runs in reading order; adjacent runs differ in style.
    package var runs: [Run]

    /// Creates styled text from runs.
    package init(_ runs: [Run]) {
        self.runs = runs
    }

    /// Creates unstyled text.
    package init(plain text: String) {
        self.runs = text.isEmpty ? [] : [Run(text)]
    }

    /// The text without styles.
    package var plainText: String { runs.map(\.text).joined() }

    /// Whether there is no text at all.
    package var isEmpty: Bool { runs.allSatisfy(\.text.isEmpty) }

    /// The text cut to `limit` characters (Unicode scalars) with `…`, and its whole
    /// length, or `nil` when it fits. Styles are kept up to the cut.
    func cut(to limit: Int) -> (text: StyledText, length: Int)? {
        // No more scalars than UTF-8 bytes: most texts fit without being walked.
        guard runs.reduce(0, { $0 + $1.text.utf8.count }) > limit else { return nil }
        let length = runs.reduce(0) { $0 + $1.text.unicodeScalars.count }
        guard length > limit else { return nil }
        var kept: [Run] = []
        var left = limit
        for run in runs where left > 0 {
            let scalars = run.text.unicodeScalars
            let end = scalars.index(scalars.startIndex, offsetBy: left, limitedBy: scalars.endIndex) ?? scalars.endIndex
            kept.append(Run(String(scalars[..<end]), style: run.style))
            left -= scalars.distance(from: scalars.startIndex, to: end)
        }
        kept[kept.count - 1].text += "\u{2026}"
        return (StyledText(kept), length)
    }
}

/// One block of an AppStream `<description>`, as the specification defines them and
/// GNOME Software shows them: a paragraph, a bulleted list or a numbered list.
package enum DescriptionBlock: Sendable, Hashable {
    /// `<p>`: a paragraph in normal weight.
    case paragraph(StyledText)
    /// `<ul>`: items shown with bullets.
    case bulletList([StyledText])
    /// `<ol>`: items shown numbered from 1.
    case numberedList([StyledText])

    /// The block's texts in reading order (one for a paragraph, one per item).
    package var texts: [StyledText] {
        switch self {
        case let .paragraph(text): [text]
        case let .bulletList(items), let .numberedList(items): items
        }
    }
}
