internal import FirstOpenState
package import FirstOpenContent
internal import FirstOpenFlow
internal import CGtk
internal import FirstOpenGTKWrappers

// The window's built-in strings. This file is the only one in po/POTFILES: every
// msgid lives here, with a comment for translators, so `xgettext -L C` can read it.

/// The built-in texts of the window, translated through ``Localization``.
package enum BuiltInStrings {
    /// The headline of a first start, above the app name.
    package static var welcomeHeadline: String {
        // TRANSLATORS: Large headline; the app name follows on its own line, in colour.
        Localization.gettext("Welcome to")
    }

    /// The headline after an update, above the app name.
    package static var whatsNewHeadline: String {
        // TRANSLATORS: Large headline; the app name follows on its own line, in colour.
        Localization.gettext("What's New in")
    }

    /// The headline of `kind`.
    package static func headline(for kind: FirstOpenWindowKind) -> String {
        kind == .welcome ? welcomeHeadline : whatsNewHeadline
    }

    /// The window title (and accessible name), e.g. "Welcome to Car".
    package static func windowTitle(for kind: FirstOpenWindowKind, appName: String) -> String {
        let template = kind == .welcome
            // TRANSLATORS: Window title; %s is the app name.
            ? Localization.gettext("Welcome to %s")
            // TRANSLATORS: Window title; %s is the app name.
            : Localization.gettext("What's New in %s")
        return Localization.substitute(template, appName)
    }

    /// The label of the button that dismisses the window, with its mnemonic ("_Continue":
    /// Alt+C).
    package static var continueMnemonic: String {
        // TRANSLATORS: The button that closes the Welcome / What's New window. The letter
        // after "_" is the Alt+letter shortcut: pick one that differs from the shortcuts
        // of "_Release Notes" and "_Don't show after updates".
        Localization.gettext("_Continue")
    }

    /// The label of the button that dismisses the window, as shown ("Continue").
    package static var continueLabel: String { Mnemonic.stripped(continueMnemonic) }

    /// The check box of a What's New window that turns it off for later updates, with its
    /// mnemonic.
    package static var dontShowAfterUpdatesMnemonic: String {
        // TRANSLATORS: Check box under the What's New window's Continue button. The letter
        // after "_" is the Alt+letter shortcut: pick one that differs from the shortcuts
        // of "_Continue" and "_Release Notes".
        Localization.gettext("_Don't show after updates")
    }

    /// The check box of a What's New window, as shown ("Don't show after updates").
    package static var dontShowAfterUpdatesLabel: String { Mnemonic.stripped(dontShowAfterUpdatesMnemonic) }

    /// The built-in label of the button that opens the release notes, with its mnemonic.
    package static var releaseNotesMnemonic: String {
        // TRANSLATORS: The button that opens the full release notes in a browser. The
        // letter after "_" is the Alt+letter shortcut: pick one that differs from the
        // shortcuts of "_Continue" and "_Don't show after updates".
        Localization.gettext("_Release Notes")
    }

    /// The built-in label of the release-notes button, as shown ("Release Notes").
    package static var releaseNotesLabel: String { Mnemonic.stripped(releaseNotesMnemonic) }

    /// A section heading naming one version, e.g. "Version 1.3".
    package static func versionHeading(_ version: String) -> String {
        // TRANSLATORS: Heading above the changes of one version; %s is a version number.
        let template = Localization.gettext("Version %s")
        // In a right-to-left layout the version is isolated as left-to-right text, or
        // the bidi algorithm shows "3.0~beta" as "beta~3.0".
        return Localization.substitute(template, isRightToLeft ? "\u{2066}\(version)\u{2069}" : version)
    }

    /// The date of a release as the user's locale writes it ("16 September 2022"), from
    /// the metainfo file's `YYYY-MM-DD` (a longer ISO 8601 text is read up to the day);
    /// `nil` when it is no such date.
    package static func releaseDate(_ text: String) -> String? {
        let digits = Array(text.utf8.prefix(10))
        guard digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
              let year = Int32(String(decoding: digits[0..<4], as: UTF8.self)),
              let month = Int32(String(decoding: digits[5..<7], as: UTF8.self)),
              let day = Int32(String(decoding: digits[8..<10], as: UTF8.self)),
              let date = g_date_time_new_utc(year, month, day, 0, 0, 0)
        else { return nil }
        defer { g_date_time_unref(date) }
        // TRANSLATORS: The date of a release under its version heading, in
        // g_date_time_format() syntax: %-d the day, %B the month's name, %Y the year,
        // e.g. "16 September 2022". Reorder or add words as your language writes dates.
        // xgettext:no-c-format
        var format = Localization.gettext("%-d %B %Y")
        // The month's name from the catalogue that translated the format: GLib takes %B
        // from LC_TIME, which a screenshot pins to C (and a session may set to another
        // language than the messages'), so "21. February 2023" mixed two languages.
        // Without a translation of the name, GLib's (LC_TIME's) stays.
        if format.contains("%B"), let name = monthName(Int(month)) {
            format = format.replacing("%B", with: name.replacing("%", with: "%%"))
        }
        guard let formatted = g_date_time_format(date, format) else { return nil }
        defer { g_free(formatted) }
        return String(cString: formatted)
    }

    /// Under the heading of the version the user now runs when its release has no notes.
    package static var noDetails: String {
        // TRANSLATORS: Under the version heading of the release the user now runs, when
        // it has no release notes (GNOME Software says the same).
        Localization.gettext("No details for this release")
    }

    /// The name of month `number` (1–12) as a date writes it ("21. Februar 2023"),
    /// translated in the `first-open` domain, or `nil` when the catalogue has none.
    static func monthName(_ number: Int) -> String? {
        switch number {
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 1: return Localization.pgettext("month name in a date", "January")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 2: return Localization.pgettext("month name in a date", "February")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 3: return Localization.pgettext("month name in a date", "March")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 4: return Localization.pgettext("month name in a date", "April")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 5: return Localization.pgettext("month name in a date", "May")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 6: return Localization.pgettext("month name in a date", "June")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 7: return Localization.pgettext("month name in a date", "July")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 8: return Localization.pgettext("month name in a date", "August")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 9: return Localization.pgettext("month name in a date", "September")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 10: return Localization.pgettext("month name in a date", "October")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 11: return Localization.pgettext("month name in a date", "November")
        // TRANSLATORS: The month's name as "%-d %B %Y" (the date under a version heading)
        // shows it, in the form your language uses in a date.
        case 12: return Localization.pgettext("month name in a date", "December")
        default: return nil
        }
    }

    /// The line under a version heading: its date, and "Pre-release" for a development
    /// release; `nil` when there is neither.
    package static func releaseLine(date: String?, isPrerelease: Bool) -> String? {
        let formatted = date.flatMap(releaseDate)
        guard isPrerelease else { return formatted }
        guard let formatted else {
            // TRANSLATORS: Under the version heading of a development (alpha, beta, rc) release.
            return Localization.gettext("Pre-release")
        }
        // TRANSLATORS: Under the version heading of a development (alpha, beta, rc)
        // release; %s is its date, e.g. "16 September 2022".
        return Localization.substitute(Localization.gettext("Pre-release, %s"), formatted)
    }

    /// The footnote when more changes exist than are shown, e.g. "And 3 more updates".
    package static func moreUpdates(_ count: Int) -> String {
        // TRANSLATORS: Under the list of changes when older versions were left out; %d is
        // how many versions.
        let template = Localization.ngettext("And %d more update", "And %d more updates", count)
        return Localization.substitute(template, String(count))
    }

    /// The footnote that counts what a What's New window leaves out (docs/spec-format.md):
    /// `changes` left-out rows of the shown versions, `updates` left-out older versions;
    /// "And 4 more changes", "And 2 more updates", "And 3 more changes and 4 more updates".
    package static func footnote(changes: Int, updates: Int) -> String {
        guard changes > 0 else { return moreUpdates(updates) }
        guard updates > 0 else {
            // TRANSLATORS: Under the list of changes when only the first changes of a
            // version are shown; %d is how many changes were left out.
            let template = Localization.ngettext("And %d more change", "And %d more changes", changes)
            return Localization.substitute(template, String(changes))
        }
        // TRANSLATORS: Part of "And %1$s and %2$s": left-out changes of the shown version.
        let changesText = Localization.substitute(
            Localization.ngettext("%d more change", "%d more changes", changes), String(changes))
        // TRANSLATORS: Part of "And %1$s and %2$s": left-out older versions.
        let updatesText = Localization.substitute(
            Localization.ngettext("%d more update", "%d more updates", updates), String(updates))
        // TRANSLATORS: Under the list of changes: %1$s is e.g. "3 more changes", %2$s e.g.
        // "4 more updates". Reorder them with %2$s … %1$s if your language needs to.
        return Localization.substitute(Localization.gettext("And %1$s and %2$s"), [changesText, updatesText])
    }

    /// The message shown in the window when the secondary button's link could not be
    /// opened (no app for it, a missing file); the address follows on its own line.
    package static var linkNotOpened: String {
        // TRANSLATORS: Shown in the window when "Release Notes" (or another link button)
        // could not open its web address; the address is shown below, to copy.
        Localization.gettext("The link could not be opened.")
    }

    /// The button next to ``linkNotOpened`` that copies the address, with its mnemonic.
    package static var copyLinkMnemonic: String {
        // TRANSLATORS: Button that copies the web address that could not be opened. The
        // letter after "_" is the Alt+letter shortcut.
        Localization.gettext("C_opy Link")
    }

    /// What the message says once the address was copied.
    package static var linkCopied: String {
        // TRANSLATORS: Replaces "The link could not be opened." after the address was copied.
        Localization.gettext("The link was copied to the clipboard.")
    }

    /// Whether the current translation asks for a right-to-left layout (its
    /// "default:LTR" reads "default:RTL"). The window follows it even where GTK's own
    /// catalogue, from which `gtk_init` sets the default direction, is missing.
    package static var isRightToLeft: Bool {
        // TRANSLATORS: Write "default:RTL" for right-to-left languages (Arabic, Hebrew,
        // Persian, …), otherwise "default:LTR". Do not translate these words.
        Localization.gettext("default:LTR") == "default:RTL"
    }
}
