package import CGtk
internal import Glibc

/// A colour parsed by GDK (`gdk_rgba_parse`): the only way user-supplied colour text
/// reaches a style sheet is through `cssString`, which GDK prints from the parsed
/// numbers — so colour text can never inject CSS. Colour text of a spec or an app is
/// parsed by `RGBA(parsing:)` (FirstOpenViews), which checks it first as `validate` does.
package struct RGBA: Sendable, Hashable, CustomStringConvertible {
    /// Red, in 0...1.
    package var red: Double
    /// Green, in 0...1.
    package var green: Double
    /// Blue, in 0...1.
    package var blue: Double
    /// Opacity, in 0...1.
    package var alpha: Double

    /// A colour from components in 0...1 (clamped).
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
        self.alpha = clamp(alpha)
    }

    /// `gdk_rgba_parse` of `bytes` as given (no NUL): `#1c71d8`, `#rgb`,
    /// `rgb(28,113,216)`, `rgba(…)`, or a colour name such as `steelblue`; nil when GDK
    /// refuses them.
    package init?(gdkParsing bytes: [UInt8]) {
        var value = GdkRGBA()
        guard gdk_rgba_parse(&value, bytes.map { CChar(bitPattern: $0) } + [0]) != 0 else { return nil }
        self.init(red: value.red, green: value.green, blue: value.blue, alpha: value.alpha)
    }

    package init(_ value: GdkRGBA) {
        self.init(red: value.red, green: value.green, blue: value.blue, alpha: value.alpha)
    }

    package var gdkValue: GdkRGBA { GdkRGBA(red: red, green: green, blue: blue, alpha: alpha) }

    /// CSS text printed by `gdk_rgba_to_string` from the numbers, e.g. `rgb(28,113,216)`.
    package var cssString: String {
        var value = gdkValue
        guard let text = gdk_rgba_to_string(&value) else { return "rgb(0,0,0)" }
        defer { g_free(text) }
        return String(cString: text)
    }

    package var description: String { cssString }

    /// WCAG relative luminance (0 black … 1 white), ignoring alpha.
    package var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.039_28 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG contrast ratio between two opaque colours (1 … 21).
    package func contrastRatio(with other: RGBA) -> Double {
        let lighter = max(relativeLuminance, other.relativeLuminance)
        let darker = min(relativeLuminance, other.relativeLuminance)
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// Each channel moved towards white (`amount` > 0) or black (`amount` < 0), alpha kept.
    package func shaded(_ amount: Double) -> RGBA {
        let target = amount >= 0 ? 1.0 : 0.0
        let weight = min(abs(amount), 1)
        return RGBA(
            red: red + (target - red) * weight,
            green: green + (target - green) * weight,
            blue: blue + (target - blue) * weight,
            alpha: alpha
        )
    }

    /// This colour moved towards white (on a dark `background`) or black (on a light
    /// one) just far enough to reach `ratio` against `background`; unchanged when it
    /// already does. Like libadwaita's accent text colour.
    package func adjusted(toContrast ratio: Double, against background: RGBA) -> RGBA {
        let direction = background.relativeLuminance < 0.5 ? 1.0 : -1.0
        var candidate = self
        var step = 0
        while candidate.contrastRatio(with: background) < ratio, step < 20 {
            step += 1
            candidate = shaded(direction * Double(step) * 0.05)
        }
        return candidate
    }

    /// The same colour with another alpha.
    package func with(alpha: Double) -> RGBA {
        RGBA(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Opaque white.
    package static let white = RGBA(red: 1, green: 1, blue: 1)
    /// Opaque black.
    package static let black = RGBA(red: 0, green: 0, blue: 0)
}
