internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import FirstOpenGTKWrappers
/// The CSS of one window. Every value in it is printed from parsed numbers
/// (`RGBA.cssString`) or names a theme colour (`@theme_bg_color`, for the title bar to
/// blend with the window in any theme), never copied from user text, so content cannot
/// inject CSS.
/// Rules are scoped to a class unique to the window so that two windows with different
/// accent colours do not affect each other.
///
/// Contrast targets (WCAG): normally 3:1 for the large app name, icons and focus rings,
/// 4.5:1 for normal-size text; under a high-contrast theme 7:1 for text (the app name,
/// the link-style button, the Continue button's text on its accent background) and 4.5:1
/// for icons, and no text is dimmed.
struct DialogStyleSheet {
    /// The class on the window's root box (and title bar) that scopes every rule.
    let scopeClass: String
    /// Whether a high-contrast theme is in use.
    let highContrast: Bool
    /// The Continue button's background: the accent as given (under a high-contrast
    /// theme, moved until the button text reaches 7:1 on it).
    let accent: RGBA
    /// The accent adjusted to 3:1 (7:1 high contrast) with the window background: the
    /// app name (large text).
    let accentText: RGBA
    /// The accent adjusted to 3:1 (4.5:1 high contrast) with the window background: row
    /// icons that have no colour of their own, and a symbolic app icon.
    let iconTint: RGBA
    /// The accent adjusted to 4.5:1 (7:1 high contrast) for normal-size text: the
    /// secondary button, and its focus ring.
    let linkText: RGBA
    /// Text on the Continue button (white, or black on light accents); also its focus ring.
    let buttonText: RGBA
    /// The window background the colours were adjusted against.
    let windowBackground: RGBA

    /// The contrast a row's own icon colour is raised to.
    var iconContrast: Double { highContrast ? 4.5 : 3 }

    init(scopeClass: String, accent given: RGBA, windowBackground: RGBA, highContrast: Bool = false) {
        self.scopeClass = scopeClass
        self.highContrast = highContrast
        self.windowBackground = windowBackground
        accentText = given.adjusted(toContrast: highContrast ? 7 : 3, against: windowBackground)
        iconTint = given.adjusted(toContrast: highContrast ? 4.5 : 3, against: windowBackground)
        linkText = given.adjusted(toContrast: highContrast ? 7 : 4.5, against: windowBackground)
        let whiteContrast = RGBA.white.contrastRatio(with: given)
        let text = whiteContrast >= 3 || whiteContrast >= RGBA.black.contrastRatio(with: given)
            ? RGBA.white : RGBA(red: 0.12, green: 0.12, blue: 0.12)
        buttonText = text
        accent = highContrast ? given.adjusted(toContrast: 7, against: text) : given
    }

    /// The focus ring of every focusable widget: 2 px solid, drawn inside the widget's
    /// border (GTK 3 clips outlines to the widget). Adwaita's is a 1 px dashed line in
    /// 30 % of the text colour (about 2.3:1 on the accent).
    static let focusRingWidth = 2

    var css: String {
        let scope = "." + scopeClass
        let button = "\(scope) button.first-open-continue"
        let dimmed = highContrast ? "" : " opacity: 0.75;"
        let ring = "outline-style: solid; outline-width: \(Self.focusRingWidth)px; outline-offset: -4px;"
        return """
        \(scope) .first-open-headline { font-weight: 900; font-size: 2.2em; }
        \(scope) .first-open-app-name { color: \(accentText.cssString); }
        \(scope) .first-open-row-title { font-weight: bold; }
        \(scope) .first-open-subtitle {\(dimmed) }
        \(scope) .first-open-section-heading { font-weight: bold; }
        \(scope) .first-open-section-date { font-size: smaller;\(dimmed) }
        \(scope) .first-open-footnote {\(dimmed) }
        \(button) {
            background-image: none;
            background-color: \(accent.cssString);
            border-color: \(accent.shaded(-0.2).cssString);
            color: \(buttonText.cssString);
            text-shadow: none;
            -gtk-icon-shadow: none;
            box-shadow: none;
            font-weight: bold;
            padding: 8px 16px;
            \(ring)
            outline-color: \(buttonText.cssString);
        }
        \(button):hover { background-color: \(accent.shaded(0.08).cssString); }
        \(button):active { background-color: \(accent.shaded(-0.12).cssString); }
        \(button) label { color: \(buttonText.cssString); }
        \(scope) button.first-open-secondary { padding: 6px 16px; \(ring) outline-color: \(linkText.cssString); }
        \(scope) button.first-open-secondary label { color: \(linkText.cssString); }
        \(scope) checkbutton, \(scope) infobar button { \(ring) outline-color: currentColor; }
        headerbar\(scope) {
            background-image: none;
            background-color: @theme_bg_color;
            border-bottom-color: @theme_bg_color;
            box-shadow: none;
        }
        """
    }
}
