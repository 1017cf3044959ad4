/// The CSS of one window. Every value in it is printed from parsed numbers
/// (`RGBA.cssString`), never copied from user text, so content cannot inject CSS.
/// Rules are scoped to a class unique to the window so that two windows with different
/// accent colours do not affect each other.
struct DialogStyleSheet {
    /// The class on the window's root box that scopes every rule.
    let scopeClass: String
    /// The accent as given: Continue button background.
    let accent: RGBA
    /// The accent adjusted to 3:1 with the window background: the app name (large text).
    let accentText: RGBA
    /// The accent adjusted to 4.5:1 for normal-size text: the secondary button.
    let linkText: RGBA
    /// Text on the Continue button (white, or black on light accents).
    let buttonText: RGBA

    init(scopeClass: String, accent: RGBA, windowBackground: RGBA) {
        self.scopeClass = scopeClass
        self.accent = accent
        // Large text (the 2.2em app name) needs 3:1 (WCAG AA).
        accentText = accent.adjusted(toContrast: 3, against: windowBackground)
        linkText = accent.adjusted(toContrast: 4.5, against: windowBackground)
        let whiteContrast = RGBA.white.contrastRatio(with: accent)
        buttonText = whiteContrast >= 3 || whiteContrast >= RGBA.black.contrastRatio(with: accent)
            ? .white : RGBA(red: 0.12, green: 0.12, blue: 0.12)
    }

    var css: String {
        let scope = "." + scopeClass
        let button = "\(scope) button.first-open-continue"
        return """
        \(scope) .first-open-headline { font-weight: 900; font-size: 2.2em; }
        \(scope) .first-open-app-name { color: \(accentText.cssString); }
        \(scope) .first-open-row-title { font-weight: bold; }
        \(scope) .first-open-subtitle { opacity: 0.75; }
        \(scope) .first-open-section-heading { font-weight: bold; opacity: 0.75; }
        \(scope) .first-open-footnote { opacity: 0.75; }
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
            outline-color: \(buttonText.with(alpha: 0.5).cssString);
        }
        \(button):hover { background-color: \(accent.shaded(0.08).cssString); }
        \(button):active { background-color: \(accent.shaded(-0.12).cssString); }
        \(button) label { color: \(buttonText.cssString); }
        \(scope) button.first-open-secondary { padding: 6px 16px; }
        \(scope) button.first-open-secondary label { color: \(linkText.cssString); }
        """
    }
}
