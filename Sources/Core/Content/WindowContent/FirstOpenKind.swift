/// Which of the two windows is shown.
public enum FirstOpenKind: String, Sendable, CaseIterable, Hashable {
    /// "Welcome to ‹App›": the first start.
    case welcome
    /// "What's New in ‹App›": after a significant update.
    case whatsNew = "whats-new"
}
