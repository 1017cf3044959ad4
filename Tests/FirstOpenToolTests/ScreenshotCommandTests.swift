import Foundation
import FirstOpenTestSupport
import XCTest

/// `first-open screenshot` end to end: usage and spec errors, unwritable output,
/// the private Xvfb server, and a session that must not leak into the pixels.
final class ScreenshotCommandTests: XCTestCase {
    private var spec: String { ScreenshotFixture.exampleSpec.path }
    private var welcomeGolden: String {
        ScreenshotFixture.goldenDirectory.appendingPathComponent("welcome-en-light@1x.png").path
    }
    /// The variant of `welcomeGolden`.
    private let welcomeVariant = ["--kind", "welcome", "--locale", "en", "--theme", "light", "--scale", "1",
                                  "--width", "480"]

    func testBadThemeIsAUsageError() throws {
        let cli = try CLIHarness()
        let output = cli.root.appendingPathComponent("x.png").path
        let result = try cli.run(["screenshot", spec, "--output", output, "--theme", "light,sepia"])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(result.stderr.contains("'sepia' is not light or dark"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testSeveralVariantsNeedPlaceholdersInTheOutput() throws {
        let cli = try CLIHarness()
        let result = try cli.run(["screenshot", spec, "--locale", "en,de", "--theme", "light,dark",
                                  "--output", cli.root.appendingPathComponent("{locale}.png").path])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(result.stderr.contains("lacks {theme}"), result.stderr)
        XCTAssertFalse(result.stderr.contains("{locale},"), "only the missing placeholder is named: \(result.stderr)")
    }

    func testBadToleranceAndUnknownPlaceholderAreUsageErrors() throws {
        let cli = try CLIHarness()
        let output = cli.root.appendingPathComponent("x.png").path
        let tolerance = try cli.run(["screenshot", spec, "--output", output, "--compare", welcomeGolden,
                                     "--tolerance", "8,150"])
        XCTAssertEqual(tolerance.status, 64, tolerance.stderr)
        XCTAssertTrue(tolerance.stderr.contains("--tolerance '8,150'"), tolerance.stderr)
        let placeholder = try cli.run(["screenshot", spec, "--output", cli.root.appendingPathComponent("{size}.png").path])
        XCTAssertEqual(placeholder.status, 64, placeholder.stderr)
        XCTAssertTrue(placeholder.stderr.contains("unknown placeholder {size}"), placeholder.stderr)
    }

    /// `--compare` with a FIFO as the golden image hung for good (GdkPixbuf opened it and
    /// waited for a writer). It is "cannot read the golden image", at once.
    func testAFIFOAsTheGoldenImageDoesNotHang() throws {
        let cli = try CLIHarness()
        let fifo = cli.root.appendingPathComponent("golden.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let output = cli.root.appendingPathComponent("out.png").path
        let result = CLIHarness.finish(try cli.start(["screenshot", spec, "--output", output, "--compare", fifo]
                                                         + welcomeVariant), timeout: 60)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot read the golden image \(fifo): is not a regular file"), result.stderr)
    }

    /// Screenshots showed no "Don't show after updates" check box, which the login's What's
    /// New window shows: they show what users see now, and `--no-opt-out` leaves it out
    /// (store images).
    func testWhatsNewScreenshotsShowTheOptOutCheckBoxUnlessAskedNot() throws {
        let cli = try CLIHarness()
        var heights: [Int] = []
        for extra in [[], ["--no-opt-out"]] {
            let output = cli.root.appendingPathComponent("whats-new\(extra.count).png").path
            let result = try cli.run(["screenshot", spec, "--output", output, "--kind", "whats-new", "--locale", "en",
                                      "--width", "480"] + extra)
            XCTAssertEqual(result.status, 0, "\(extra): \(result.stderr)")
            heights.append(try ScreenshotFixture.pngSize(output).height)
        }
        XCTAssertGreaterThan(heights[0], heights[1] + 15, "the check box's row: \(heights)")
        // Welcome never has one.
        let welcome = try cli.run(["screenshot", spec, "--output", cli.root.appendingPathComponent("w.png").path,
                                   "--no-opt-out"] + welcomeVariant)
        XCTAssertEqual(welcome.status, 0, welcome.stderr)
    }

    func testGoldenImagesAreNeverOverwritten() throws {
        let cli = try CLIHarness()
        // A golden that happens to be named like the diff image of the output.
        let golden = cli.root.appendingPathComponent("out-diff.png").path
        try FileManager.default.copyItem(atPath: welcomeGolden, toPath: golden)
        let before = try Data(contentsOf: URL(fileURLWithPath: golden))
        let output = cli.root.appendingPathComponent("out.png").path
        for outputPath in [output, golden] {
            let result = try cli.run(["screenshot", spec, "--output", outputPath, "--compare", golden])
            XCTAssertEqual(result.status, 64, result.stdout + result.stderr)
            XCTAssertTrue(result.stderr.contains("would overwrite a golden image"), result.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: golden)), before)
    }

    func testFromPicksTheNotesOfEverySkippedVersion() throws {
        let cli = try CLIHarness()
        let current = cli.root.appendingPathComponent("current.png").path
        let skipped = cli.root.appendingPathComponent("skipped.png").path
        let common = ["--kind", "whats-new", "--locale", "en", "--width", "480"]
        XCTAssertEqual(try cli.run(["screenshot", spec, "--output", current] + common).status, 0)
        let result = try cli.run(["screenshot", spec, "--output", skipped, "--from", "1.1.0"] + common)
        XCTAssertEqual(result.status, 0, result.stderr)
        // 1.2 and 1.3 with a heading each are taller than 1.3's notes alone.
        XCTAssertGreaterThan(try ScreenshotFixture.pngSize(skipped).height,
                             try ScreenshotFixture.pngSize(current).height + 100)
        let bad = try cli.run(["screenshot", spec, "--output", skipped, "--from", "not a version!"] + common)
        XCTAssertEqual(bad.status, 64, bad.stderr)
    }

    func testWhatsNewOfASpecWithoutNotesIsABadSpec() throws {
        let cli = try CLIHarness()
        let noNotes = try cli.write("plain.spec", """
            [First Open]
            AppId=org.example.Plain
            Name=Plain
            Version=2.0

            [Welcome 1]
            Icon=starred-symbolic
            Title=Plain
            Subtitle=Nothing new here.

            """)
        let output = cli.root.appendingPathComponent("x.png").path
        let result = try cli.run(["screenshot", noNotes, "--kind", "whats-new", "--output", output])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing to show for whats-new"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        // The same spec's Welcome window renders.
        XCTAssertEqual(try cli.run(["screenshot", noNotes, "--output", output]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output))
    }

    func testUnwritableOutputExits73AndStopsThePrivateServer() throws {
        let cli = try CLIHarness()
        // Not even root may create files in /proc.
        let result = try cli.run(["screenshot", spec, "--output", "/proc/first-open-shot.png", "--verbose"])
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot write /proc/first-open-shot.png"), result.stderr)
        let server = try XCTUnwrap(ScreenshotFixture.privateServer(in: result.stderr), result.stderr)
        XCTAssertFalse(ScreenshotFixture.processExists(server.pid), "Xvfb \(server.pid) was stopped")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(server.display)"),
                       "its socket is gone")
    }

    func testWithoutAnyDisplayAPrivateXvfbIsUsedAndStopped() throws {
        let cli = try CLIHarness()
        let output = cli.root.appendingPathComponent("headless.png").path
        let result = try cli.run(["screenshot", spec, "--output", output, "--compare", welcomeGolden, "--verbose"]
                                     + welcomeVariant,
                                 removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let server = try XCTUnwrap(ScreenshotFixture.privateServer(in: result.stderr), result.stderr)
        XCTAssertFalse(ScreenshotFixture.processExists(server.pid), "Xvfb \(server.pid) was stopped")
        XCTAssertTrue(result.stdout.contains("\(output): matches \(welcomeGolden)"), result.stdout)
    }

    func testWithoutDisplayOrXvfbSaysWhatToInstall() throws {
        let cli = try CLIHarness()
        let output = cli.root.appendingPathComponent("x.png").path
        let emptyPath = cli.root.appendingPathComponent("empty-bin").path
        try FileManager.default.createDirectory(atPath: emptyPath, withIntermediateDirectories: true)
        let result = try cli.run(["screenshot", spec, "--output", output],
                                 extraEnvironment: ["PATH": emptyPath], removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("install the Debian package xvfb"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testXvfbThatDoesNotStartIsReportedWithItsLastWords() throws {
        let cli = try CLIHarness()
        let fake = try cli.write("fake-bin/Xvfb", "#!/bin/sh\necho 'Fatal server error: no screens found' >&2\nexit 1\n")
        XCTAssertEqual(chmod(fake, 0o755), 0)
        let path = cli.root.appendingPathComponent("fake-bin").path + ":" + (cli.environment["PATH"] ?? "/usr/bin")
        let output = cli.root.appendingPathComponent("x.png").path
        let result = try cli.run(["screenshot", spec, "--output", output], extraEnvironment: ["PATH": path])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("did not start"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Fatal server error: no screens found"), result.stderr)
    }

    func testSessionThemeCSSAndScaleDoNotLeakIntoThePixels() throws {
        let cli = try CLIHarness()
        // A hostile session: dark theme forced, user CSS that repaints everything,
        // another font and doubled text in settings.ini, scaling variables.
        let config = cli.root.appendingPathComponent("session-config")
        try cli.write("session-config/gtk-3.0/gtk.css", "* { color: #ff00ff; background-color: #00ff00; font-size: 30px; }\n")
        try cli.write("session-config/gtk-3.0/settings.ini", """
            [Settings]
            gtk-theme-name=HighContrast
            gtk-font-name=Serif 16
            gtk-application-prefer-dark-theme=true
            gtk-xft-rgba=rgb

            """)
        let hostile = ["XDG_CONFIG_HOME": config.path, "GTK_THEME": "Adwaita:dark", "GDK_SCALE": "2",
                       "GDK_DPI_SCALE": "1.5", "LANGUAGE": "he", "LC_ALL": "C.UTF-8"]
        let output = cli.root.appendingPathComponent("session.png").path
        let result = try cli.run(["screenshot", spec, "--output", output, "--compare", welcomeGolden] + welcomeVariant,
                                 extraEnvironment: hostile)
        XCTAssertEqual(result.status, 0, result.stderr)

        // The same on the session's own display (the test's X server) with --use-display.
        try requireXDisplay()
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        let onSession = try cli.run(["screenshot", spec, "--output", output, "--compare", welcomeGolden,
                                     "--use-display", "--verbose"] + welcomeVariant,
                                    extraEnvironment: hostile)
        XCTAssertEqual(onSession.status, 0, onSession.stderr)
        XCTAssertTrue(onSession.stderr.contains("session display \(display)"), onSession.stderr)
    }

    func testDefaultLocaleComesFromTheEnvironment() throws {
        let cli = try CLIHarness()
        let output = cli.root.appendingPathComponent("{locale}.png").path
        // CLIHarness sets LANGUAGE=en; the {locale} placeholder shows what was used. A real
        // locale (scripts/setup.sh generates it): gettext ignores LANGUAGE in C.UTF-8 on
        // glibc 2.41, and so does the default.
        let result = try cli.run(["screenshot", spec, "--output", output, "--width", "480", "--compare", welcomeGolden],
                                 extraEnvironment: ["LC_ALL": "en_US.UTF-8"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("/en.png: matches"), result.stdout)
    }

    func testLocaleNamesAsCopiedFromLANGAreAccepted() throws {
        let cli = try CLIHarness()
        let common = ["--kind", "welcome", "--theme", "light", "--scale", "1", "--width", "480"]
        let german = cli.root.appendingPathComponent("de.png").path
        let plain = try cli.run(["screenshot", spec, "--locale", "de", "--output", german] + common)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        // The full name renders the German window, and names the file as given.
        let full = try cli.run(["screenshot", spec, "--locale", "de_DE.UTF-8,C.UTF-8", "--compare", german,
                                "--output", cli.root.appendingPathComponent("{locale}.png").path] + common)
        XCTAssertEqual(full.status, 1, "C.UTF-8 differs from the German image: \(full.stderr)")
        XCTAssertTrue(full.stdout.contains("/de_DE.UTF-8.png: matches"), full.stdout)
        XCTAssertFalse(full.stdout.contains("/C.UTF-8.png: matches"), full.stdout)
        XCTAssertFalse(full.stderr.contains("warning"), "German and C need no warning: \(full.stderr)")
        // C.UTF-8 is the untranslated (English) window.
        let english = try cli.run(["screenshot", spec, "--locale", "C.UTF-8", "--compare", welcomeGolden,
                                   "--output", cli.root.appendingPathComponent("c.png").path] + common)
        XCTAssertEqual(english.status, 0, english.stderr)
        XCTAssertTrue(english.stdout.contains("c.png: matches"), english.stdout)
    }

    func testALanguageWithoutCatalogueWarnsOnce() throws {
        let cli = try CLIHarness()
        let result = try cli.run(["screenshot", spec, "--locale", "sr_RS.UTF-8@latin,pt_BR,en_GB.UTF-8",
                                  "--output", cli.root.appendingPathComponent("{locale}.png").path,
                                  "--kind", "welcome", "--width", "480"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, "one line per language without a catalogue, none for English: \(result.stderr)")
        XCTAssertTrue(lines.first?.hasPrefix("first-open: warning: --locale sr_RS.UTF-8@latin: no first-open.mo for "
                                             + "sr_RS@latin, sr@latin, sr_RS, sr in ") ?? false, result.stderr)
        XCTAssertTrue(lines.last?.contains("--locale pt_BR: no first-open.mo for pt_BR, pt in") ?? false, result.stderr)
        for name in ["sr_RS.UTF-8@latin", "pt_BR", "en_GB.UTF-8"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: cli.root.appendingPathComponent("\(name).png").path), name)
        }
    }

    func testUncompiledTranslationsInTheSourceTreeSayWhatToRun() throws {
        let cli = try CLIHarness()
        let empty = cli.root.appendingPathComponent("no-catalogues")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try cli.run(["screenshot", spec, "--locale", "he", "--kind", "welcome", "--width", "480",
                                  "--output", cli.root.appendingPathComponent("he.png").path],
                                 extraEnvironment: ["FIRST_OPEN_LOCALEDIR": empty.path])
        XCTAssertEqual(result.status, 0, "a warning, not an error: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("first-open: warning: --locale he: no first-open.mo for he in \(empty.path)"),
                      result.stderr)
        let command = packageRoot.appendingPathComponent("scripts/build-translations.sh").path + " " + empty.path
        XCTAssertTrue(result.stderr.contains("until you run: \(command)"), result.stderr)
    }
}
