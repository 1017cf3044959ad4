// The window's built-in strings. This file is the only one in po/POTFILES: every
// msgid lives here, with a comment for translators, so `xgettext -L C` can read it.

/// The built-in texts of the window, translated through ``Localization``.
public enum BuiltInStrings {
    /// The headline of a first start, above the app name.
    public static var welcomeHeadline: String {
        // TRANSLATORS: Large headline; the app name follows on its own line, in colour.
        Localization.gettext("Welcome to")
    }

    /// The headline after an update, above the app name.
    public static var whatsNewHeadline: String {
        // TRANSLATORS: Large headline; the app name follows on its own line, in colour.
        Localization.gettext("What's New in")
    }

    /// The headline of `kind`.
    public static func headline(for kind: FirstOpenKind) -> String {
        kind == .welcome ? welcomeHeadline : whatsNewHeadline
    }

    /// The window title (and accessible name), e.g. "Welcome to Car".
    public static func windowTitle(for kind: FirstOpenKind, appName: String) -> String {
        let template = kind == .welcome
            // TRANSLATORS: Window title; %s is the app name.
            ? Localization.gettext("Welcome to %s")
            // TRANSLATORS: Window title; %s is the app name.
            : Localization.gettext("What's New in %s")
        return Localization.substitute(template, appName)
    }

    /// The label of the button that dismisses the window.
    public static var continueLabel: String {
        // TRANSLATORS: The button that closes the Welcome / What's New window.
        Localization.gettext("Continue")
    }

    /// The check box of a What's New window that turns it off for later updates.
    public static var dontShowAfterUpdatesLabel: String {
        // TRANSLATORS: Check box under the What's New window's Continue button.
        Localization.gettext("Don't show after updates")
    }

    /// A section heading naming one version, e.g. "Version 1.3".
    public static func versionHeading(_ version: String) -> String {
        // TRANSLATORS: Heading above the changes of one version; %s is a version number.
        Localization.substitute(Localization.gettext("Version %s"), version)
    }

    /// The footnote when more changes exist than are shown, e.g. "And 3 more updates".
    public static func moreUpdates(_ count: Int) -> String {
        // TRANSLATORS: Under the list of changes when only the first ones are shown.
        let template = Localization.ngettext("And %d more update", "And %d more updates", count)
        return Localization.substitute(template, String(count))
    }

    /// Whether the current translation asks for a right-to-left layout (its
    /// "default:LTR" reads "default:RTL"). The window follows it even where GTK's own
    /// catalogue, from which `gtk_init` sets the default direction, is missing.
    public static var isRightToLeft: Bool {
        // TRANSLATORS: Write "default:RTL" for right-to-left languages (Arabic, Hebrew,
        // Persian, …), otherwise "default:LTR". Do not translate these words.
        Localization.gettext("default:LTR") == "default:RTL"
    }
}
