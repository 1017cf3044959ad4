/// A group of rows with an optional heading (e.g. "Version 1.3" when a What's New
/// window lists several versions the user skipped).
public struct ContentSection: Sendable, Hashable {
    /// Shown above the rows when not `nil`. Plain text.
    public var heading: String?
    /// The rows of this section, in display order.
    public var rows: [InformationRow]

    /// Creates a section.
    public init(heading: String? = nil, rows: [InformationRow]) {
        self.heading = heading
        self.rows = rows
    }
}
