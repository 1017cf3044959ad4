import FirstOpenState
import FirstOpenFlow
import CGtk
import FirstOpenContent
@testable import FirstOpenViews
import Foundation
import XCTest
import FirstOpenGTKWrappers
import FirstOpenTestSupport

/// Icons an app has that are not files on the default search path: the spec's own
/// `icons/` folder (for the library's dialog, without touching the app's default icon
/// theme) and icons an app registered from its GResource, as Meld does.
final class IconFolderTests: XCTestCase {
    /// Writes a 48×48 PNG at `path` with GdkPixbuf.
    private static func writePNG(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 48, 48)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x2080_c0ff)
        var error: UnsafeMutablePointer<GError>?
        XCTAssertNotEqual(gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, &error), 0)
        if let error { g_error_free(error) }
    }

    /// A Welcome window whose app icon and one row's icon are `icon`, looked up in `folders`.
    private static func content(icon: String, folders: [String]) -> WindowContent {
        var content = WindowContent(kind: .welcome, appName: "Icons", iconName: icon, sections: [
            ContentSection(rows: [InformationRow(title: "Row", subtitle: "", iconName: icon)]),
        ])
        content.iconDirectories = folders
        return content
    }

    func testTheWindowsIconFolderIsUsedWithoutChangingTheDefaultTheme() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let folder = try TemporaryDirectory("first-open-icons")
            defer { folder.remove() }
            let root = folder.path
            try Self.writePNG(root + "/icons/hicolor/48x48/apps/org.example.PrivateIcon.png")
            // A stray file in the folder is no theme and does not spoil the others.
            try Data("notes".utf8).write(to: URL(fileURLWithPath: root + "/icons/README"))

            var content = Self.content(icon: "org.example.PrivateIcon", folders: [root + "/icons"])
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            XCTAssertNotNil(dialog.appIcon, "the app icon is found in the window's icons folder")
            // Icons load when the window maps (DialogLayoutTests).
            dialog.present()
            XCTAssertEqual(dialog.appIcon?.isEmpty, false, "and loads from there")
            XCTAssertFalse(dialog.rows[0].icon.isEmpty, "so is the row's")
            let theme = try XCTUnwrap(gtk_icon_theme_get_default())
            XCTAssertEqual(gtk_icon_theme_has_icon(theme, "org.example.PrivateIcon"), 0,
                           "the app's default icon theme is unchanged")

            // Without the folder the same content has no icon: the folder made the difference.
            content.iconDirectories = []
            let without = try FirstOpenDialog(content: content)
            defer { without.dismiss() }
            XCTAssertNil(without.appIcon)
        }
    }

    /// The window helper puts the spec's folder first on its own default theme and also
    /// gives it to the window: the window then looks up in that theme instead of loading
    /// a second one with the same search path (docs/performance.md, "The window").
    func testAFolderTheDefaultThemeAlreadySearchesFirstMakesNoSecondTheme() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let folder = try TemporaryDirectory("first-open-icons")
            defer { folder.remove() }
            let root = folder.path
            try Self.writePNG(root + "/icons/hicolor/48x48/apps/org.example.HelperIcon.png")
            let theme = try XCTUnwrap(gtk_icon_theme_get_default())
            var saved: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
            var count: Int32 = 0
            gtk_icon_theme_get_search_path(theme, &saved, &count)
            defer {
                gtk_icon_theme_set_search_path(
                    theme, UnsafeMutableRawPointer(saved)?.assumingMemoryBound(to: UnsafePointer<gchar>?.self), count)
                g_strfreev(saved)
            }

            let other = root + "/elsewhere"
            XCTAssertNotEqual(IconTheme.privateTheme(searching: [root + "/icons", other]), theme,
                              "a folder the default theme does not search first gets a theme of its own")
            IconTheme.prependSearchPath(root + "/icons")
            XCTAssertEqual(IconTheme.privateTheme(searching: [root + "/icons"]), theme)

            let content = Self.content(icon: "org.example.HelperIcon", folders: [root + "/icons"])
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            XCTAssertNotNil(dialog.appIcon, "the icon is found in the folder through the default theme")
            dialog.present()
            XCTAssertEqual(dialog.appIcon?.isEmpty, false)
            XCTAssertFalse(dialog.rows[0].icon.isEmpty)
        }
    }

    func testIconsFromARegisteredGResourceLoad() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let folder = try TemporaryDirectory("first-open-gresource")
            defer { folder.remove() }
            let root = folder.path
            // GTK reads a resource path as part of hicolor: PATH/48x48/apps/NAME.png.
            try Self.writePNG(root + "/48x48/apps/org.example.ResourceIcon.png")
            try """
                <?xml version="1.0" encoding="UTF-8"?>
                <gresources><gresource prefix="/org/example/res/icons">
                  <file>48x48/apps/org.example.ResourceIcon.png</file>
                </gresource></gresources>
                """.write(toFile: root + "/icons.gresource.xml", atomically: false, encoding: .utf8)
            let compile = Process()
            compile.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-resources")
            compile.arguments = ["--sourcedir", root, "--target", root + "/icons.gresource", root + "/icons.gresource.xml"]
            try compile.run()
            compile.waitUntilExit()
            XCTAssertEqual(compile.terminationStatus, 0)
            var error: UnsafeMutablePointer<GError>?
            let resource = try XCTUnwrap(g_resource_load(root + "/icons.gresource", &error))
            g_resources_register(resource)
            defer { g_resources_unregister(resource); g_resource_unref(resource) }
            // As an app with icons in its GResource does (Meld).
            gtk_icon_theme_add_resource_path(gtk_icon_theme_get_default(), "/org/example/res/icons")

            let image = Image()
            XCTAssertTrue(image.setIcon(IconSource("org.example.ResourceIcon"), size: 48, scale: 1, tint: nil),
                          "an icon GTK finds in a GResource is shown, not dropped as a missing file")
            XCTAssertFalse(image.isEmpty)
        }
    }

    /// Over another app's window the window's own icon (`_NET_WM_ICON`) is set by name,
    /// and GTK opens that file itself: only a name the theme has in a file that passes
    /// the image checks is used, so a FIFO in the spec's `icons` folder cannot block the
    /// window, and a name the theme lacks is left out.
    func testTheWindowIconIsANameWhoseFilePassesTheChecks() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let folder = try TemporaryDirectory("first-open-window-icon")
            defer { folder.remove() }
            let apps = folder.path + "/icons/hicolor/48x48/apps"
            try Self.writePNG(apps + "/org.example.WindowIcon.png")
            XCTAssertEqual(mkfifo(apps + "/org.example.FifoIcon.png", 0o600), 0)
            // As the window helper does with the spec's folder.
            IconTheme.prependSearchPath(folder.path + "/icons")
            XCTAssertTrue(Image.hasThemedIcon("org.example.WindowIcon", size: 48), "a PNG in the folder")
            XCTAssertFalse(Image.hasThemedIcon("org.example.FifoIcon", size: 48), "a FIFO is no icon")
            XCTAssertFalse(Image.hasThemedIcon("org.example.NoSuchIcon", size: 48), "nor a missing name")
        }
    }
}
