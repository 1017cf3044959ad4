// `first-open`: the login-time half of the tool. It decides whether a window is
// needed without loading GTK, and hands over to the window helper (`exec`) only
// when one is. See docs/architecture.md.
import FirstOpenToolSupport

#if canImport(Glibc)
import Glibc
#endif

ProcessStart.prepare()

// Only what first-open uses: the character set and the language of GLib's and the C
// library's messages. (Spec translations follow $LANGUAGE/$LC_ALL/$LANG as gettext
// does under this LC_MESSAGES: GettextLanguages.) LC_ALL would also load the numeric, time,
// collation, … tables at every login for nothing; the window helper sets LC_ALL itself.
setlocale(LC_CTYPE, "")
setlocale(LC_MESSAGES, "")

let arguments = CommandLine.arguments
var rest = Array(arguments.dropFirst())
let command: Subcommand

switch rest.first {
case nil:
    Diagnostics.error("no spec file given (try 'first-open --help')")
    exit(ExitCode.usage.rawValue)
case "-h"?, "--help"?, "-?"?:
    Diagnostics.output(Subcommand.overviewHelp)
    exit(ExitCode.ok.rawValue)
case "--version"?:
    Diagnostics.output("first-open \(firstOpenToolVersion)")
    exit(ExitCode.ok.rawValue)
case let first?:
    if let named = Subcommand(rawValue: first) {
        command = named
        rest.removeFirst()
    } else if !first.hasPrefix("-"), !first.contains("/"), !first.contains("."), !first.hasPrefix("appstream:"),
              access(first, F_OK) != 0 {
        // (appstream:simple-scan names an app whose id has no dot.)
        // Neither a command nor a file: most likely a mistyped command.
        Diagnostics.error("unknown command '\(first)' (try 'first-open --help')")
        exit(ExitCode.usage.rawValue)
    } else {
        command = .show // `first-open SPEC` is `first-open show SPEC`
    }
}

let programName = "first-open \(command.rawValue)"
let commandArguments = [programName] + rest

do {
    let code: ExitCode
    switch command {
    case .show: code = try ShowCommand(arguments: commandArguments).run()
    case .explain: code = try ExplainCommand(arguments: commandArguments).run()
    case .markSeen: code = try MarkSeenCommand(arguments: commandArguments).run()
    case .reset: code = try ResetCommand(arguments: commandArguments).run()
    case .validate, .screenshot:
        // Both need GDK (validate decodes icon images with GdkPixbuf; screenshot renders):
        // the window helper does them.
        try HelperLauncher.execHelper(arguments: [command.rawValue] + rest)
    case .autostart: code = try AutostartCommand(arguments: commandArguments).run()
    case .index: code = try IndexCommand(arguments: commandArguments).run()
    }
    exit(code.rawValue)
} catch {
    Diagnostics.error(error.message)
    exit(error.code.rawValue)
}
