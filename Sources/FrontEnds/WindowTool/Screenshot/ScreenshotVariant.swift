internal import FirstOpenContent
import FirstOpenGTKWrappers

/// The two looks a screenshot can have: GTK's built-in Adwaita theme, light or dark.
enum ScreenshotTheme: String, CaseIterable, Sendable {
    case light
    case dark
}

/// One image of a screenshot batch: which window, in which language, look and scale.
struct ScreenshotVariant: Hashable, Sendable {
    var kind: FirstOpenWindowKind
    var locale: String
    var theme: ScreenshotTheme
    var scale: Int

    /// The value each placeholder of a ``ScreenshotPathTemplate`` takes.
    func value(of placeholder: ScreenshotPlaceholder) -> String {
        switch placeholder {
        case .kind: kind.rawValue
        case .locale: locale
        case .theme: theme.rawValue
        case .scale: String(scale)
        }
    }

    /// Whether both are the same window, drawn at different scales perhaps.
    func sharesWindow(with other: ScreenshotVariant) -> Bool {
        kind == other.kind && locale == other.locale && theme == other.theme
    }

    /// E.g. `whats-new he dark @2x`, for messages.
    var label: String { "\(kind.rawValue) \(locale) \(theme.rawValue) @\(scale)x" }
}

/// The four dimensions of a batch; each names a `{placeholder}` of `--output`.
enum ScreenshotPlaceholder: String, CaseIterable, Sendable {
    case kind
    case locale
    case theme
    case scale
}

/// The cartesian product of the values given for each dimension
/// (`--kind welcome,whats-new --locale en,he` is four images).
struct ScreenshotMatrix: Sendable {
    var kinds: [FirstOpenWindowKind]
    var locales: [String]
    var themes: [ScreenshotTheme]
    var scales: [Int]

    /// The dimensions with more than one value: the output template must name each.
    var varyingDimensions: [ScreenshotPlaceholder] {
        ScreenshotPlaceholder.allCases.filter { count(of: $0) > 1 }
    }

    /// How many images the batch makes.
    var variantCount: Int { kinds.count * locales.count * themes.count * scales.count }

    /// Every variant, grouped so that the costly switches happen least often: the
    /// theme (GTK reloads its style sheets) outermost, then the language (the spec
    /// is reloaded), then the window, then the scale (one window, drawn at each).
    var variants: [ScreenshotVariant] {
        var result: [ScreenshotVariant] = []
        for theme in themes {
            for locale in locales {
                for kind in kinds {
                    for scale in scales {
                        result.append(ScreenshotVariant(kind: kind, locale: locale, theme: theme, scale: scale))
                    }
                }
            }
        }
        return result
    }

    private func count(of dimension: ScreenshotPlaceholder) -> Int {
        switch dimension {
        case .kind: kinds.count
        case .locale: locales.count
        case .theme: themes.count
        case .scale: scales.count
        }
    }
}
