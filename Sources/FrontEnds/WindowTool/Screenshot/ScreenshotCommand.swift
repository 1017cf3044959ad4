internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import CGtk
import FirstOpenToolSupport
import FirstOpenViews

#if canImport(Glibc)
import Glibc
import FirstOpenGTKWrappers
#endif

/// `first-open screenshot SPEC --output FILE.png [--kind K,…] [--locale L,…]
/// [--theme light|dark,…] [--scale N,…] [--width W] [--from V] [--compare GOLDEN.png]
/// [--tolerance C[,P]] [--use-display] [--verbose]`.
///
/// Renders the window without showing it and without user interaction, never touching
/// the state. Each of `--kind`, `--locale`, `--theme` and `--scale` takes a
/// comma-separated list and every combination is rendered in this one process; with
/// several images `--output` names them with `{kind}`, `{locale}`, `{theme}`, `{scale}`.
/// `--compare` checks each image against a golden PNG and writes `<output>-diff.png`
/// when they differ (exit 1). See docs/screenshots.md.
@MainActor
struct ScreenshotCommand {
    static let parser = OptionParser(
        parameterSummary: "SPEC",
        summary: """
            Render SPEC's window to PNG without showing it; the state is never touched.
            Each of --kind, --locale, --theme and --scale takes a comma-separated list and every
            combination is rendered in one process; --output (and --compare) then name the files
            with {kind}, {locale}, {theme} and {scale}, e.g. 'out/{kind}-{locale}-{theme}@{scale}x.png'.
            Rendering is deterministic: Adwaita, DejaVu Sans, 96 dpi, greyscale antialiasing, no
            animations, on a private Xvfb server (see docs/screenshots.md).

            Exit status: 0 written (and matching), 1 an image differs from its golden image,
            64 usage, 65 bad spec, 69 no display and no Xvfb, 73 cannot write an image.
            """,
        options: [
            .value("output", short: "o", placeholder: "FILE.png", help: "Where to write the image (with placeholders for several)"),
            .value("kind", placeholder: "welcome,whats-new", help: "Which window(s) (default: welcome)"),
            .value("locale", placeholder: "LOCALE,…", help: "Language(s), e.g. en,de,he or de_DE.UTF-8 (default: the environment's)"),
            .value("theme", placeholder: "light,dark", help: "Adwaita light and/or dark (default: light)"),
            .value("scale", placeholder: "N,…", help: "Device pixels per logical pixel, 1 to 4 (default: 1)"),
            .value("width", placeholder: "PIXELS", help: "Fixed content width in logical pixels (default: natural width)"),
            .value("from", placeholder: "VERSION", help: "What's New: the notes after VERSION (default: the current version's)"),
            .value("compare", placeholder: "GOLDEN.png", help: "Compare each image with a golden image (placeholders as --output)"),
            .value("tolerance", placeholder: "CHANNEL[,PERCENT]",
                   help: "Per-channel difference (0-255) and share of differing pixels (%) that still match (default: 8,0.1)"),
            .flag("no-opt-out", help: "What's New: leave out the \"Don't show after updates\" check box (what the app's own window shows: the library never offers it)"),
            .flag("use-display", help: "Render on the session's display instead of a private Xvfb server"),
            .flag("verbose", short: "v", help: "Print the display used and timings on stderr"),
        ])

    /// The widest and narrowest `--width` taken.
    static let widthRange = 120...4000

    let specPath: String
    let matrix: ScreenshotMatrix
    let output: ScreenshotPathTemplate
    let golden: ScreenshotPathTemplate?
    let tolerance: ImageTolerance
    let width: Int?
    let from: Version?
    let useSessionDisplay: Bool
    let verbose: Bool
    /// Whether What's New shows "Don't show after updates", as the login window does.
    let offersOptOut: Bool

    init(arguments: [String]) throws(CommandFailure) {
        let options = try Self.parser.parse(arguments)
        specPath = try options.specPath(command: "screenshot")
        guard let outputText = options["output"] else {
            throw CommandFailure("screenshot: --output FILE.png is required", code: .usage)
        }

        let kinds = try Self.list(options["kind"] ?? FirstOpenWindowKind.welcome.rawValue, option: "kind") {
            FirstOpenWindowKind(rawValue: $0)
        }
        let locales = try Self.list(options["locale"] ?? ScreenshotEnvironment.environmentLocale(), option: "locale") {
            LocaleName($0)?.name
        }
        let themes = try Self.list(options["theme"] ?? ScreenshotTheme.light.rawValue, option: "theme") {
            ScreenshotTheme(rawValue: $0)
        }
        let scales = try Self.list(options["scale"] ?? "1", option: "scale") { (text: String) -> Int? in
            Int(text).flatMap { (1...4).contains($0) ? $0 : nil }
        }
        let matrix = ScreenshotMatrix(kinds: kinds, locales: locales, themes: themes, scales: scales)
        self.matrix = matrix

        output = try ScreenshotPathTemplate(outputText, option: "output")
        try output.requirePlaceholders(for: matrix, option: "output")
        // Placeholders are optional here: several images may be held against one golden image.
        let golden = try options["compare"].map { (text: String) throws(CommandFailure) -> ScreenshotPathTemplate in
            try ScreenshotPathTemplate(text, option: "compare")
        }
        self.golden = golden
        if let tolerance = options["tolerance"] {
            guard golden != nil else {
                throw CommandFailure("screenshot: --tolerance needs --compare", code: .usage)
            }
            self.tolerance = try ImageTolerance(parsing: tolerance)
        } else {
            tolerance = .default
        }

        width = try options["width"].map { (text: String) throws(CommandFailure) -> Int in
            guard let value = Int(text), Self.widthRange.contains(value) else {
                throw CommandFailure(
                    "screenshot: --width '\(text)': expected logical pixels from \(Self.widthRange.lowerBound) to \(Self.widthRange.upperBound)",
                    code: .usage)
            }
            return value
        }
        from = try options.version("from")
        useSessionDisplay = options.flags.contains("use-display")
        verbose = options.flags.contains("verbose")
        offersOptOut = !options.flags.contains("no-opt-out")
    }

    func run() throws(CommandFailure) -> ExitCode {
        let started = g_get_monotonic_time()
        let variants = matrix.variants
        try checkPaths(variants)

        // Everything that can be wrong with the spec is found before a server starts.
        let spec = try SpecFile.load(specPath, locale: matrix.locales[0])
        let current = try spec.requireCurrentVersion()
        for kind in matrix.kinds where spec.windowContent(kind: kind, from: from, to: current) == nil {
            throw CommandFailure(kind.nothingToShow(in: specPath, upTo: current, after: from), code: .badSpec)
        }

        // A language without a compiled catalogue would silently render English built-in strings.
        for locale in matrix.locales {
            if let warning = LocaleName(locale)?.missingTranslationWarning { Diagnostics.warning(warning) }
        }

        let environment = try ScreenshotEnvironment(useSessionDisplay: useSessionDisplay)
        defer { environment.close() }
        spec.addIconFolderToTheme()
        let ready = g_get_monotonic_time()
        log("\(environment.displayDescription); GTK ready \(Self.milliseconds(since: started)) ms after start")

        var differing = 0
        var dialog: FirstOpenDialog?
        var drawn: ScreenshotVariant? // the theme, language and kind of `dialog`
        var specs: [String: SpecFile] = [matrix.locales[0]: spec]
        defer { dialog?.dismiss() }
        for variant in variants {
            let imageStarted = g_get_monotonic_time()
            // One window per theme, language and kind, drawn at each scale.
            if drawn.map({ !$0.sharesWindow(with: variant) }) ?? true {
                dialog?.dismiss()
                dialog = nil
                if drawn?.theme != variant.theme { environment.select(theme: variant.theme) }
                if drawn?.locale != variant.locale, let locale = LocaleName(variant.locale) {
                    environment.select(locale: locale)
                }
                let localized: SpecFile
                if let loaded = specs[variant.locale] {
                    localized = loaded
                } else {
                    localized = try SpecFile.load(specPath, locale: variant.locale)
                    specs[variant.locale] = localized
                }
                guard var content = localized.windowContent(kind: variant.kind, from: from, to: current,
                                                             strings: .translated)
                else {
                    throw CommandFailure("\(specPath): nothing to show for \(variant.label)", code: .badSpec)
                }
                // What users see at login (the window tool offers it unless an admin locked the key).
                content.offersWhatsNewOptOut = offersOptOut
                do {
                    dialog = try FirstOpenDialog(content: content, width: width)
                } catch {
                    throw CommandFailure("\(specPath): \(error)", code: error == .noDisplay ? .noDisplay : .badSpec)
                }
                drawn = variant
            }
            guard let dialog else { continue }

            let path = output.path(for: variant)
            try Self.prepareOutputFile(path)
            do {
                try dialog.renderPNG(to: path, scale: variant.scale)
            } catch {
                throw CommandFailure(FirstOpenFailure(error, path: path))
            }
            if let golden {
                if try !compare(path, with: golden.path(for: variant)) { differing += 1 }
            } else {
                Diagnostics.output(path)
            }
            log("\(variant.label): \(path) in \(Self.milliseconds(since: imageStarted)) ms")
        }

        let perImage = Double(g_get_monotonic_time() - ready) / 1000 / Double(max(variants.count, 1))
        log("\(variants.count) image(s) in \(Self.milliseconds(since: started)) ms "
            + "(\((perImage * 10).rounded() / 10) ms per image after start-up)")
        if differing > 0 {
            Diagnostics.error("\(differing) of \(variants.count) image(s) differ from their golden images")
            return .imagesDiffer
        }
        return .ok
    }

    // MARK: Comparing

    /// Compares the image at `path` with `goldenPath`; on a mismatch prints one line
    /// on stderr and writes the diff image next to the output. Returns whether they match.
    private func compare(_ path: String, with goldenPath: String) throws(CommandFailure) -> Bool {
        let diffPath = Self.diffPath(for: path)
        let actual: PixelImage
        do {
            actual = try PixelImage(contentsOf: path)
        } catch {
            throw CommandFailure("cannot read back \(error)", code: .software)
        }
        let expected: PixelImage
        do {
            expected = try PixelImage(contentsOf: goldenPath)
        } catch {
            Diagnostics.error("\(path): cannot read the golden image \(goldenPath): \(error.reason)")
            return false
        }
        let comparison = ImageComparison(actual: actual, golden: expected, tolerance: tolerance)
        let share = ImageTolerance.format(comparison.differingPercent)
        if comparison.matches {
            remove(diffPath) // a diff from an earlier failing run would mislead
            Diagnostics.output("\(path): matches \(goldenPath) (\(share)% of pixels differ, tolerance \(tolerance))")
            return true
        }
        do {
            try comparison.writeDiff(to: diffPath)
        } catch {
            throw CommandFailure("cannot write the diff image \(error)", code: .cannotWrite)
        }
        let size = comparison.sizesMatch
            ? ""
            : "size \(actual.width)×\(actual.height) vs \(expected.width)×\(expected.height); "
        Diagnostics.error(
            "\(path) differs from \(goldenPath): \(size)\(share)% of pixels differ (tolerance \(tolerance)); diff: \(diffPath)")
        return false
    }

    /// `out/a.png` → `out/a-diff.png`.
    static func diffPath(for path: String) -> String {
        let stem = path.lowercased().hasSuffix(".png") ? String(path.dropLast(4)) : path
        return stem + "-diff.png"
    }

    // MARK: Checks

    /// Distinct outputs, and no output that overwrites its own golden image.
    /// Golden images are only ever read: no output or diff image may land on one.
    private func checkPaths(_ variants: [ScreenshotVariant]) throws(CommandFailure) {
        guard let golden else { return }
        let goldens = Set(variants.map { Self.canonical(golden.path(for: $0)) })
        for variant in variants {
            let out = output.path(for: variant)
            for written in [out, Self.diffPath(for: out)] where goldens.contains(Self.canonical(written)) {
                throw CommandFailure(
                    "screenshot: \(written) would overwrite a golden image given to --compare", code: .usage)
            }
        }
    }

    private static func canonical(_ path: String) -> String {
        guard let resolved = g_canonicalize_filename(path, nil) else { return path }
        defer { g_free(resolved) }
        return String(cString: resolved)
    }

    /// Creates missing parent directories and checks the file can be written, so an
    /// unwritable place is reported with the system's reason.
    private static func prepareOutputFile(_ path: String) throws(CommandFailure) {
        if let parent = g_path_get_dirname(path) {
            defer { g_free(parent) }
            if g_mkdir_with_parents(parent, 0o755) != 0 {
                throw CommandFailure("cannot write \(path): cannot create \(String(cString: parent)): "
                                         + String(cString: strerror(errno)), code: .cannotWrite)
            }
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))", code: .cannotWrite)
        }
        close(fd)
    }

    /// Splits `a,b,c`, parses each item, drops repeats; an empty or unknown item is a usage error.
    private static func list<Value: Equatable>(_ text: String, option: String,
                                               _ parse: (String) -> Value?) throws(CommandFailure) -> [Value] {
        var values: [Value] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(item)
            guard let value = parse(name) else {
                throw CommandFailure("screenshot: --\(option): '\(name)' is not \(expected(option))", code: .usage)
            }
            if !values.contains(value) { values.append(value) }
        }
        return values
    }

    private static func expected(_ option: String) -> String {
        switch option {
        case "kind": "welcome or whats-new"
        case "theme": "light or dark"
        case "scale": "1, 2, 3 or 4"
        default: "a locale name such as en, de_DE.UTF-8 or sr@latin"
        }
    }


    // MARK: Timing

    private func log(_ message: @autoclosure () -> String) {
        if verbose { Diagnostics.error(message()) }
    }

    private static func milliseconds(since start: Int) -> Int {
        Int((Double(g_get_monotonic_time() - start) / 1000).rounded())
    }
}
