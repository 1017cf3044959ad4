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

/// Everything a screenshot's pixels depend on besides the spec, pinned for this
/// process: the display (a private Xvfb unless `--use-display`), the GDK backend,
/// the environment GTK reads at start-up, and GTK's settings (theme, icons, fonts,
/// antialiasing, animations). docs/screenshots.md lists every pinned value.
///
/// Also switches language and theme between the images of a batch.
@MainActor
final class ScreenshotEnvironment {
    /// The theme, icon theme and font every screenshot uses.
    static let themeName = "Adwaita"
    static let iconThemeName = "Adwaita"
    static let fontName = "DejaVu Sans 10"
    /// 96 dpi in GTK's units (1/1024 dot per inch).
    static let fontDPI: Int32 = 96 * 1024
    /// The locale category values: UTF-8 everywhere, and not "C", so that gettext
    /// honours `LANGUAGE`; the language itself comes from `LANGUAGE` alone. glibc 2.41
    /// ignores `LANGUAGE` in `C.UTF-8` too: there messages take a real locale
    /// (``messagesLocale(for:)``).
    static let processLocale = "C.UTF-8"
    /// `XDG_CONFIG_HOME` while rendering: a folder that cannot exist.
    static let emptyConfigHome = "/dev/null/first-open-screenshot"

    /// E.g. `private Xvfb :3 (pid 1234, started in 80 ms)` or `session display :0`.
    private(set) var displayDescription = ""
    /// The private server, unless the session's display is used.
    private(set) var privateDisplay: PrivateDisplay?

    private var settings: GTKSettings?
    private var messagesLocale: String?
    private var warnedNoMessagesLocale = false

    /// Prepares the process and initialises GTK.
    /// - Parameter useSessionDisplay: render on `DISPLAY` / `WAYLAND_DISPLAY` instead
    ///   of a private Xvfb server.
    /// - Throws: ``ExitCode/noDisplay`` when no display can be had.
    init(useSessionDisplay: Bool) throws(CommandFailure) {
        do throws(CommandFailure) {
            try chooseDisplay(useSessionDisplay: useSessionDisplay)
            pinEnvironment()
            guard GTK.initialize() else {
                throw CommandFailure("cannot open the display \(displayDescription)", code: .noDisplay)
            }
            DisplayLoss.exit(status: ExitCode.noDisplay.rawValue,
                             message: "\(Diagnostics.programName): the display \(displayDescription) went away while rendering")
            pinSettings()
        } catch {
            close()
            throw error
        }
    }

    /// Stops the private server. Call once the last image is written.
    func close() {
        privateDisplay?.stop()
        privateDisplay = nil
    }

    /// The language of the next windows: gettext's (`LANGUAGE`, the locale's language
    /// names without codeset) and GTK's default text direction, from the `first-open`
    /// translation's "default:RTL".
    func select(locale: LocaleName) {
        g_setenv("LANGUAGE", locale.languageVariable, 1)
        // gettext caches translations per LC_MESSAGES name, not per LANGUAGE, and
        // setlocale to the current name does nothing: a real change (to "C" and back)
        // makes it drop the translations it cached for the previous LANGUAGE.
        if let messages = messagesLocale(for: locale) {
            setlocale(LC_MESSAGES, "C")
            setlocale(LC_MESSAGES, messages)
        }
        TextDirection.defaultDirection = BuiltInStrings.isRightToLeft ? .rightToLeft : .leftToRight
    }

    /// The `LC_MESSAGES` locale under which gettext reads `LANGUAGE` for `locale`: the
    /// process's (``processLocale``) where this glibc honours `LANGUAGE` in it (2.36);
    /// else an installed UTF-8 locale, the language's own first (`he_IL.UTF-8` for `he`),
    /// any other otherwise (`LANGUAGE` picks the catalogue, `LC_CTYPE` stays UTF-8).
    /// `nil`, with a warning once, when there is none: the built-in strings stay English.
    private func messagesLocale(for locale: LocaleName) -> String? {
        guard let messagesLocale,
              GettextLanguages.ignoresLanguage(messagesLocale: messagesLocale,
                                               libcVersion: GettextLanguages.libcVersion())
        else { return messagesLocale }
        if locale.isUntranslated { return messagesLocale }
        let installed = InstalledLocales.utf8Names
        let own = locale.languages.lazy.compactMap { language in
            installed.first { $0.hasPrefix(language + "_") || $0.hasPrefix(language + ".") }
        }.first
        if let chosen = own ?? installed.first { return chosen }
        if !warnedNoMessagesLocale {
            warnedNoMessagesLocale = true
            Diagnostics.warning(
                "this glibc ignores LANGUAGE in \(messagesLocale) and no other UTF-8 locale is installed: "
                    + "the built-in strings stay English (generate one, e.g. with locale-gen \(locale.name))")
        }
        return messagesLocale
    }

    /// Light or dark Adwaita for the next windows.
    func select(theme: ScreenshotTheme) {
        guard let settings else { return }
        settings.set("gtk-application-prefer-dark-theme", theme == .dark)
        GTK.processPendingEvents()
    }

    /// The language the environment asks for (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`,
    /// `LANG`), without encoding: the default of `--locale`.
    static func environmentLocale() -> String {
        // As gettext honours them (LANGUAGE is ignored in C, and in C.UTF-8 on glibc 2.41).
        GettextLanguages.current().first { !$0.contains(".") } ?? "C"
    }

    // MARK: Private

    private func chooseDisplay(useSessionDisplay: Bool) throws(CommandFailure) {
        let display = Self.environment("DISPLAY")
        let wayland = Self.environment("WAYLAND_DISPLAY")
        if !useSessionDisplay {
            if PrivateDisplay.serverPath() != nil || (display == nil && wayland == nil) {
                let server = try PrivateDisplay()
                privateDisplay = server
                g_setenv("DISPLAY", server.name, 1)
                g_unsetenv("WAYLAND_DISPLAY")
                g_setenv("GDK_BACKEND", "x11", 1)
                displayDescription = "private Xvfb \(server.name) (pid \(server.processID), "
                    + "started in \(Int(server.startMilliseconds.rounded())) ms)"
                return
            }
            // Still usable: every setting below is pinned; only the screen differs.
            Diagnostics.warning(
                "\(PrivateDisplay.serverName) is not installed; rendering on the session's display "
                    + "(install the Debian package xvfb for results independent of the session)")
        }
        if let display {
            g_setenv("GDK_BACKEND", "x11", 1)
            displayDescription = "session display \(display)"
        } else if let wayland {
            g_setenv("GDK_BACKEND", "wayland", 1)
            displayDescription = "session Wayland display \(wayland)"
        } else {
            throw CommandFailure("--use-display: neither DISPLAY nor WAYLAND_DISPLAY is set", code: .noDisplay)
        }
    }

    /// What GTK reads from the environment at start-up and would let the session leak in.
    private func pinEnvironment() {
        // No OpenGL (saves memory and time; offscreen drawing is cairo anyway).
        g_setenv("GDK_GL", "disable", 1)
        // No accessibility bus, no input-method daemon: nothing to wait for.
        g_setenv("NO_AT_BRIDGE", "1", 1)
        g_setenv("GTK_IM_MODULE", "gtk-im-context-simple", 1)
        // Theme, scale, text size and modules from the session.
        for name in ["GTK_THEME", "GDK_SCALE", "GDK_DPI_SCALE", "GTK_MODULES", "GTK3_MODULES", "GTK_CSD"] {
            g_unsetenv(name)
        }
        // No configuration home: no ~/.config/gtk-3.0/settings.ini or gtk.css (user
        // CSS outranks the application's), no personal fontconfig rules. A path below
        // /dev/null can never exist, so nothing is read and nothing is left behind.
        g_setenv("XDG_CONFIG_HOME", Self.emptyConfigHome, 1)
        // One locale for everything but messages; GTK must not reset it from the session.
        gtk_disable_setlocale()
        if setlocale(LC_ALL, Self.processLocale) != nil {
            messagesLocale = Self.processLocale
        } else if let current = setlocale(LC_MESSAGES, nil).map({ String(cString: $0) }),
                  current != "C", current != "POSIX" {
            messagesLocale = current
        } else {
            Diagnostics.warning("the locale \(Self.processLocale) is not available: built-in strings stay untranslated")
        }
    }

    /// GTK settings, set by the application: they outrank XSETTINGS and settings.ini.
    private func pinSettings() {
        guard let settings = GTKSettings.current else { return }
        self.settings = settings
        settings.set("gtk-theme-name", Self.themeName)
        settings.set("gtk-icon-theme-name", Self.iconThemeName)
        settings.set("gtk-font-name", Self.fontName)
        settings.set("gtk-xft-dpi", Self.fontDPI)
        settings.set("gtk-xft-antialias", 1)
        settings.set("gtk-xft-hinting", 1)
        settings.set("gtk-xft-hintstyle", "hintslight")
        // Greyscale antialiasing: no colour fringes that depend on a monitor's subpixels.
        settings.set("gtk-xft-rgba", "none")
        settings.set("gtk-enable-animations", false)
        settings.set("gtk-cursor-blink", false)
        settings.set("gtk-keynav-use-caret", false)
        settings.set("gtk-application-prefer-dark-theme", false)
        GTK.processPendingEvents()
    }

    private static func environment(_ name: String) -> String? {
        guard let value = g_getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
