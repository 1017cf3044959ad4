// `first-open-window`: the GTK half of `first-open`, installed in libexec. The
// login-time `first-open` binary decides without GTK and `exec`s this one only
// when a window (or GDK) is needed: show, screenshot, validate.
import FirstOpenToolSupport

#if canImport(Glibc)
import Glibc
import FirstOpenGTKWrappers
#endif

ProcessStart.prepare()

setlocale(LC_ALL, "")

var rest = Array(CommandLine.arguments.dropFirst())
let commandName = rest.isEmpty ? "" : rest.removeFirst()
let commandArguments = ["first-open \(commandName)"] + rest
// GTK opens fonts, icons, its display connection and wake-up pipes: with too few file
// descriptors (ulimit -n 7) it aborts, with fewer the spec could not even be opened.
if commandName == "show" || commandName == "screenshot" { ProcessStart.requireFileDescriptors(64) }

let status: ExitCode = MainActor.assumeIsolated {
    do throws(CommandFailure) {
        switch commandName {
        case "show": return try WindowShowCommand(arguments: commandArguments).run()
        case "validate": return try ValidateCommand(arguments: commandArguments).run()
        case "screenshot": return try ScreenshotCommand(arguments: commandArguments).run()
        default:
            throw CommandFailure(
                "first-open-window is started by first-open; unknown command '\(commandName)'", code: .usage)
        }
    } catch {
        Diagnostics.error(error.message)
        return error.code
    }
}
exit(status.rawValue)
