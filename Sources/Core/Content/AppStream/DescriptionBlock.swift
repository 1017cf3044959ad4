/// Text of an AppStream description paragraph or list item, as runs of plain,
/// emphasised (`<em>`) and code (`<code>`) text. Plain text only: the window styles the
/// runs itself and never parses any of it as markup.
public struct StyledText: Sendable, Hashable {
    /// How a run of text is shown.
    public enum Style: Sendable, Hashable {
        /// Normal text.
        case plain
        /// `<em>`: italic.
        case emphasis
        /// `<code>`: monospace.
        case code
    }

    /// A stretch of text in one style.
    public struct Run: Sendable, Hashable {
        /// The text, whitespace already collapsed.
        public var text: String
        /// Its style.
        public var style: Style

        /// Creates a run.
        public init(_ text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The runs in reading order; adjacent runs differ in style.
    public var runs: [Run]

    /// Creates styled text from runs.
    public init(_ runs: [Run]) {
        self.runs = runs
    }

    /// Creates unstyled text.
    public init(plain text: String) {
        self.runs = text.isEmpty ? [] : [Run(text)]
    }

    /// The text without styles.
    public var plainText: String { runs.map(\.text).joined() }

    /// Whether there is no text at all.
    public var isEmpty: Bool { runs.allSatisfy(\.text.isEmpty) }
}

/// One block of an AppStream `<description>`, as the specification defines them and
/// GNOME Software shows them: a paragraph, a bulleted list or a numbered list.
public enum DescriptionBlock: Sendable, Hashable {
    /// `<p>`: a paragraph in normal weight.
    case paragraph(StyledText)
    /// `<ul>`: items shown with bullets.
    case bulletList([StyledText])
    /// `<ol>`: items shown numbered from 1.
    case numberedList([StyledText])

    /// The block's texts in reading order (one for a paragraph, one per item).
    public var texts: [StyledText] {
        switch self {
        case let .paragraph(text): [text]
        case let .bulletList(items), let .numberedList(items): items
        }
    }
}
