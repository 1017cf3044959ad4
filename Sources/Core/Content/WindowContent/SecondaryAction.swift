internal import CGLib

/// An optional second button, e.g. "Release Notes", that opens a URL.
package struct SecondaryAction: Sendable, Hashable {
    /// The button's label. Plain text.
    package var label: String
    /// The URL opened with the user's default handler.
    package var url: String

    /// Creates a secondary action.
    package init(label: String, url: String) {
        self.label = label
        self.url = url
    }
}

extension SecondaryAction {
    /// The URL schemes a secondary button may open: web pages and local files. Other
    /// schemes (`javascript:`, `apt:`, custom handlers) could run something on click.
    package static var openableURLSchemes: Set<String> { Set(schemes) }

    /// ``openableURLSchemes`` as an array: the login path checks `SecondaryURL=` at every
    /// login, and the first `Set<String>` a process builds costs a generic metadata
    /// instantiation (~5 % of that path's CPU time, measured with perf).
    private static let schemes = ["http", "https", "file"]

    /// Whether `url` has one of ``openableURLSchemes`` (GLib's `g_uri_parse_scheme`).
    package static func isOpenableURL(_ url: String) -> Bool {
        guard let pointer = g_uri_parse_scheme(url) else { return false }
        defer { g_free(pointer) }
        return schemes.contains(String(cString: pointer).lowercased())
    }
}
