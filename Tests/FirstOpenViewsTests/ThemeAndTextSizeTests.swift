import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

/// The window follows the dark style and the large-text setting (GNOME's text scaling
/// is the Xft DPI), as GTK's own widgets do.
final class ThemeAndTextSizeTests: XCTestCase {
    /// Runs `body` with the dark style or the Xft DPI changed, then restores them.
    @MainActor
    private static func with(dark: Bool? = nil, xftDPI: Int32? = nil, theme: String? = nil,
                             _ body: () throws -> Void) throws {
        let settings = try XCTUnwrap(GTKSettings.current)
        let previousDark = settings.boolean("gtk-application-prefer-dark-theme")
        let previousDPI = settings.integer("gtk-xft-dpi")
        let previousTheme = settings.string("gtk-theme-name") ?? "Adwaita"
        if let dark { settings.set("gtk-application-prefer-dark-theme", dark) }
        if let xftDPI { settings.set("gtk-xft-dpi", xftDPI) }
        if let theme { settings.set("gtk-theme-name", theme) }
        defer {
            settings.set("gtk-application-prefer-dark-theme", previousDark)
            settings.set("gtk-xft-dpi", previousDPI)
            settings.set("gtk-theme-name", previousTheme)
        }
        try body()
    }

    @MainActor
    private static func color(of label: Label) -> RGBA {
        label.styleColor
    }

    func testDarkStyleGivesADarkWindowWithLightText() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            try Self.with(dark: true) {
                let dialog = try FirstOpenDialog(content: sampleContent())
                defer { dialog.dismiss() }
                let background = try XCTUnwrap(dialog.window.themeColor(named: "theme_bg_color"))
                XCTAssertLessThan(background.relativeLuminance, 0.1, "dark background \(background)")
                let headline = Self.color(of: dialog.headlineLabel)
                let subtitle = Self.color(of: try XCTUnwrap(dialog.rows[0].subtitleLabel))
                XCTAssertGreaterThan(headline.contrastRatio(with: background), 7, "headline \(headline)")
                // The grey subtitle stays readable on the dark background.
                XCTAssertGreaterThan(subtitle.with(alpha: 1).contrastRatio(with: background), 4, "subtitle \(subtitle)")
                // The accent colour keeps a readable contrast on dark too.
                XCTAssertGreaterThan(Self.color(of: dialog.appNameLabel).contrastRatio(with: background), 3)
            }
        }
    }

    func testLargeTextMakesTheTextLargerAndTheWindowStillFits() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var normalHeight = 0
            try Self.with(xftDPI: 96 * 1024) {
                let dialog = try FirstOpenDialog(content: sampleContent())
                defer { dialog.dismiss() }
                dialog.present()
                XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
                normalHeight = dialog.headlineLabel.naturalHeight(forWidth: 1000)
                XCTAssertGreaterThan(normalHeight, 0)
            }
            // GNOME's "Large Text" is a text scaling factor of 1.25 (120 dpi); 1.5 here.
            try Self.with(xftDPI: 144 * 1024) {
                let dialog = try FirstOpenDialog(content: sampleContent(rowCount: 12))
                defer { dialog.dismiss() }
                dialog.present()
                XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
                settle()
                let largeHeight = dialog.headlineLabel.naturalHeight(forWidth: 1000)
                XCTAssertGreaterThan(Double(largeHeight), Double(normalHeight) * 1.3,
                                     "headline \(normalHeight) px -> \(largeHeight) px")
                var monitor = GdkRectangle()
                gdk_monitor_get_geometry(gdk_display_get_monitor(gdk_display_get_default(), 0), &monitor)
                let screenHeight = Int(monitor.height)
                XCTAssertLessThanOrEqual(Int(gtk_widget_get_allocated_height(dialog.window.widgetPointer)),
                                         screenHeight, "the rows scroll instead")
            }
        }
    }

    /// Under GTK's HighContrast and HighContrastInverse themes no text is dimmed and the
    /// accent reaches 7:1 for text (app name, link button, Continue's label on it).
    func testHighContrastThemesGetFullOpacityAndSevenToOne() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            for theme in ["HighContrast", "HighContrastInverse"] {
                try Self.with(theme: theme) {
                    XCTAssertTrue(try XCTUnwrap(GTKSettings.current).isHighContrast)
                    var content = sampleContent(
                        kind: .whatsNew, footnote: "And 2 more updates",
                        secondaryAction: SecondaryAction(label: "Release Notes", url: "https://example.org"))
                    content.sections[0].heading = "Version 2.0"
                    let dialog = try FirstOpenDialog(content: content)
                    defer { dialog.dismiss() }
                    dialog.present()
                    XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
                    settle()
                    let background = try XCTUnwrap(dialog.window.themeColor(named: "theme_bg_color"))
                    let subtitle = try XCTUnwrap(dialog.rows[0].subtitleLabel)
                    for label in [subtitle, dialog.sectionHeadings[0], try XCTUnwrap(dialog.footnoteLabel)] {
                        XCTAssertEqual(label.cssOpacity, 1, "\(theme): \(label.text)")
                    }
                    XCTAssertGreaterThanOrEqual(subtitle.styleColor.contrastRatio(with: background), 7, theme)
                    XCTAssertGreaterThanOrEqual(dialog.appNameLabel.styleColor.contrastRatio(with: background), 7, theme)
                    let button = try XCTUnwrap(dialog.continueButton.cssColor("background-color"))
                    let buttonText = try XCTUnwrap(dialog.continueButton.cssColor("outline-color"))
                    XCTAssertGreaterThanOrEqual(buttonText.contrastRatio(with: button), 7, "\(theme): Continue")
                    XCTAssertGreaterThanOrEqual(dialog.rows[0].tint.contrastRatio(with: background), 4.5, theme)
                }
            }
        }
    }

    func testTheDefaultThemeDimsSubtitles() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent())
            defer { dialog.dismiss() }
            XCTAssertFalse(try XCTUnwrap(GTKSettings.current).isHighContrast)
            XCTAssertEqual(try XCTUnwrap(dialog.rows[0].subtitleLabel).cssOpacity, 0.75, accuracy: 0.001)
        }
    }
}
