internal import FirstOpenState

/// Raised for colour text that `gdk_rgba_parse` does not accept.
package struct ColorParseError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The rejected text, as given.
    package let text: String

    package init(text: String) {
        self.text = text
    }

    package var description: String {
        "\(Quoted.text(text)) is not a colour (expected e.g. #1c71d8, rgb(28,113,216) or a colour name)"
    }
}
