import FirstOpenCommandLine
import FirstOpenViews

/// `first-open screenshot SPEC --output FILE.png …` (placeholder until the screenshot work lands).
@MainActor
struct ScreenshotCommand {
    init(arguments: [String]) throws(CommandFailure) {}

    func run() throws(CommandFailure) -> ExitCode {
        throw CommandFailure("screenshot: not implemented yet", code: .software)
    }
}
