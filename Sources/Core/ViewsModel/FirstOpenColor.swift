internal import FirstOpenContent
/// A colour for the embedding API, like the seed's SwiftUI `Color`: any text
/// `gdk_rgba_parse` accepts. It is checked when the window is built (by the window
/// helper, for `FirstOpenClient`); a colour that does not parse is reported on stderr and
/// replaced by ``blue``. No GTK here: `FirstOpenViews` adds `isValid`.
public struct FirstOpenColor: Sendable, Hashable, CustomStringConvertible {
    /// The colour as CSS-like text, e.g. `#1c71d8` or `rgb(28,113,216)`; for ``accent``,
    /// the default accent (what it is where no window gives one).
    public let cssColor: String
    /// Whether this is ``accent``: the window's accent colour, whatever it is.
    package let followsAccent: Bool

    /// A colour from text such as `#1c71d8`, `rgb(28,113,216)` or `steelblue`.
    public init(_ cssColor: String) {
        self.cssColor = cssColor
        followsAccent = false
    }

    private init(followingAccent cssColor: String) {
        self.cssColor = cssColor
        followsAccent = true
    }

    /// The window's accent colour (its `mainColor`, a spec's `AccentColor=`): what a row's
    /// icon is tinted with unless the row names a colour of its own, as a spec's
    /// untinted rows are.
    public static let accent = FirstOpenColor(followingAccent: WindowContent.defaultAccentColor)

    /// A colour from components in 0...1 (clamped).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func byte(_ value: Double) -> Int { Int((min(max(value.isNaN ? 0 : value, 0), 1) * 255).rounded()) }
        let alpha = min(max(opacity.isNaN ? 1 : opacity, 0), 1)
        cssColor = alpha >= 1
            ? "rgb(\(byte(red)),\(byte(green)),\(byte(blue)))"
            : "rgba(\(byte(red)),\(byte(green)),\(byte(blue)),\(alpha))"
        followsAccent = false
    }

    /// The colour's text, ``cssColor``.
    public var description: String { cssColor }

    // The GNOME palette (HIG), matching the seed's system colours.

    /// GNOME blue 3, the default accent.
    public static let blue = FirstOpenColor(WindowContent.defaultAccentColor)
    /// GNOME green 5.
    public static let green = FirstOpenColor("#26a269")
    /// GNOME yellow 5.
    public static let yellow = FirstOpenColor("#e5a50a")
    /// GNOME orange 4.
    public static let orange = FirstOpenColor("#e66100")
    /// GNOME red 3.
    public static let red = FirstOpenColor("#e01b24")
    /// GNOME purple 3.
    public static let purple = FirstOpenColor("#813d9c")
    /// GNOME brown 3.
    public static let brown = FirstOpenColor("#986a44")
    /// GNOME dark 1 (a neutral grey).
    public static let gray = FirstOpenColor("#77767b")
}
