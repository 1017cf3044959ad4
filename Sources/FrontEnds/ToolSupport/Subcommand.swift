/// The subcommands of `first-open`. Their names are a public contract: autostart
/// entries and scripts call them.
package enum Subcommand: String, CaseIterable, Sendable {
    /// Decide and show when due (the default command).
    case show
    /// Say what show would do.
    case explain
    /// Record without showing.
    case markSeen = "mark-seen"
    /// Forget the record.
    case reset
    /// Check a spec file.
    case validate
    /// Render to PNG.
    case screenshot
    /// Manage the autostart entry.
    case autostart
    /// Rebuild the index of installed metainfo files.
    case index

    /// One line for the overview in `first-open --help`.
    package var overview: String {
        switch self {
        case .show: "Decide, show the window if needed, record on dismissal (the default)"
        case .explain: "Print what show would do and why; change nothing"
        case .markSeen: "Record the current version as seen without showing anything"
        case .reset: "Forget this app's record"
        case .validate: "Report every problem in a spec file"
        case .screenshot: "Render the window to PNG without interaction"
        case .autostart: "Install or remove the user's XDG autostart entry"
        case .index: "Rebuild the index of every name installed apps go by (appstream:, the GTK module)"
        }
    }

    /// The text of `first-open --help`.
    package static var overviewHelp: String {
        var lines = [
            "Usage:",
            "  first-open [show] SPEC [--parent x11:XID|wayland:HANDLE]",
            "  first-open COMMAND [OPTION…] SPEC",
            "",
            "Shows a \u{201C}Welcome\u{201D} window on first start and a \u{201C}What\u{2019}s New\u{201D} window after an update.",
            "",
            "Commands:",
        ]
        for command in allCases {
            lines.append("  " + command.rawValue + String(repeating: " ", count: max(1, 12 - command.rawValue.count)) + command.overview)
        }
        lines += [
            "",
            "Options:",
            "  -h, --help     Show help (also after a command: first-open show --help)",
            "  --version      Show the version",
            "",
            "Exit status: 0 ok (shown, or nothing to show), 64 usage, 65 bad spec,",
            "69 no display where one is required (or it went away while the window was open),",
            "70 internal error, 73 cannot write output, 74 I/O error,",
            "77 installed set-user-ID or set-group-ID (refused);",
            "1 when screenshot --compare finds the images differ;",
            "2 when show --parent showed no window (0: shown and dismissed); with show",
            "--detailed-status, 3 when the parent window is gone, 4 when it is already showing.",
            "See first-open(1).",
        ]
        return lines.joined(separator: "\n")
    }
}

/// The version of this package's tools: Meson's `project(version:)` (meson.build), which
/// VersionNumberTests checks this against.
package let firstOpenToolVersion = "0.1.0"
