/// The caps on what one What's New window shows in all (``SpecLimits/shownReleases``,
/// ``SpecLimits/shownTexts``, ``SpecLimits/shownCharacters``), applied to the crossed
/// releases newest first: every release that fits is shown whole; the one that reaches a
/// cap is shown up to it (the texts after it counted); the older ones are left out and
/// counted. Shared by the window (``ReleaseHistory/sections(from:to:strings:)``) and
/// `validate` (which warns when a window crossing every release of a file would cut).
struct NotesBudget {
    /// The releases shown, each with the number of its texts the budget left out.
    private(set) var shown: [(release: ReleaseNotes, leftOut: Int)] = []
    /// Releases left out after the last shown one.
    private(set) var leftOutReleases = 0
    /// Texts (rows, paragraphs, items) of all the releases given (with `countingAll`;
    /// else of those up to the one that filled the budget).
    private(set) var totalTexts = 0
    /// Characters of all the releases given (with `countingAll`; else as ``totalTexts``).
    private(set) var totalCharacters = 0

    /// Applies the caps to `releases`, newest first.
    /// - Parameter countingAll: measure the releases left out too, for ``totalTexts``
    ///   and ``totalCharacters`` (`validate`'s message). The window only counts them:
    ///   measuring the 750 releases a 1000-release history leaves out (their characters
    ///   counted one by one) was a third of building its window's content.
    init(_ releases: [ReleaseNotes], countingAll: Bool = false) {
        var texts = 0
        var characters = 0
        var full = false
        for release in releases {
            if !countingAll, full || shown.count >= SpecLimits.shownReleases {
                leftOutReleases += 1
                continue
            }
            let lengths = NotesBudget.lengths(of: release)
            let length = lengths.reduce(0, +)
            totalTexts += lengths.count
            totalCharacters += length
            if full || shown.count >= SpecLimits.shownReleases {
                leftOutReleases += 1
                continue
            }
            if texts + lengths.count <= SpecLimits.shownTexts, characters + length <= SpecLimits.shownCharacters {
                texts += lengths.count
                characters += length
                shown.append((release, 0))
                continue
            }
            // This release reaches a cap: its texts up to it, then nothing older.
            full = true
            var fitting = 0
            for length in lengths {
                guard texts + 1 <= SpecLimits.shownTexts, characters + length <= SpecLimits.shownCharacters else { break }
                texts += 1
                characters += length
                fitting += 1
            }
            // The newest release always shows something (each text is capped on its own).
            if fitting == 0, !shown.isEmpty {
                leftOutReleases += 1
                continue
            }
            fitting = max(fitting, 1)
            shown.append((NotesBudget.prefix(release, texts: fitting), lengths.count - fitting))
        }
    }

    /// The length in characters of each text of `release`, in display order: rows
    /// (title and subtitle), then each paragraph and item.
    private static func lengths(of release: ReleaseNotes) -> [Int] {
        release.rows.map { $0.title.unicodeScalars.count + $0.subtitle.unicodeScalars.count }
            + release.description.flatMap { $0.texts.map { $0.runs.reduce(0) { $0 + $1.text.unicodeScalars.count } } }
    }

    /// `release` with only its first `count` texts.
    private static func prefix(_ release: ReleaseNotes, texts count: Int) -> ReleaseNotes {
        var trimmed = release
        var left = count
        trimmed.rows = Array(release.rows.prefix(left))
        left -= trimmed.rows.count
        var blocks: [DescriptionBlock] = []
        for block in release.description where left > 0 {
            switch block {
            case .paragraph:
                blocks.append(block)
                left -= 1
            case let .bulletList(items):
                blocks.append(.bulletList(Array(items.prefix(left))))
                left -= min(left, items.count)
            case let .numberedList(items):
                blocks.append(.numberedList(Array(items.prefix(left))))
                left -= min(left, items.count)
            }
        }
        trimmed.description = blocks
        return trimmed
    }
}
