internal import FirstOpenContent
package import FirstOpenGTKWrappers

extension RGBA {
    /// Parses colour text of a spec or an app: any syntax `gdk_rgba_parse` accepts
    /// (`#1c71d8`, `#rgb`, `rgb(28,113,216)`, `rgba(…)`, a colour name such as
    /// `steelblue`), and only what ``ColorSyntax/accepts(_:)`` accepts, so the window
    /// never takes a colour that `validate` or the login path refused (the two are
    /// tested to agree).
    package init(parsing text: String) throws(ColorParseError) {
        guard ColorSyntax.accepts(text), let parsed = RGBA(gdkParsing: ColorSyntax.trimmed(text)) else {
            throw ColorParseError(text: text)
        }
        self = parsed
    }

    /// Whether the window can show `text`: ``ColorSyntax/accepts(_:)`` and `gdk_rgba_parse`.
    package static func isParsable(_ text: String) -> Bool {
        (try? RGBA(parsing: text)) != nil
    }
}
