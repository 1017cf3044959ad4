internal import CGtk
internal import FirstOpenSystem

/// An icon or picture (`GtkImage`).
///
/// Icons are loaded here rather than by name inside GTK, so that the pixel scale is
/// explicit: the same window renders crisp icons on screen (the monitor's scale) and in
/// a PNG at any `--scale`, and symbolic icons get their tint from a parsed colour
/// instead of a style sheet.
@MainActor
package final class Image: Widget {
    /// An empty image.
    package init() {
        super.init(sinking: gtk_image_new())
    }

    /// Loads `source` at `size` logical pixels for a display of `scale`, tinting symbolic
    /// icons with `tint` (full-colour icons keep their colours). Returns `false` and
    /// leaves the image empty when the icon or file cannot be found or read.
    @discardableResult
    package func setIcon(_ source: IconSource, size: Int, scale: Int, tint: RGBA?) -> Bool {
        let scale = max(1, scale)
        guard let pixbuf = Image.loadPixbuf(source, size: size, scale: scale, tint: tint) else {
            gtk_image_clear(fo_image(widgetPointer))
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        // A surface with a device scale: GTK sizes the image in logical pixels.
        let surface = gdk_cairo_surface_create_from_pixbuf(pixbuf, Int32(scale), nil)
        defer { cairo_surface_destroy(surface) }
        gtk_image_set_from_surface(fo_image(widgetPointer), surface)
        return true
    }

    /// Lays the image out for `source` at `size` logical pixels without loading a themed
    /// icon yet: returns whether it will show (the theme has it and its file passes the
    /// checks) and reserves its square, so loading it later with ``setIcon(_:size:scale:tint:)``
    /// changes no layout. An image file is loaded at once: only decoding it tells
    /// whether it shows, and at what aspect.
    package func reserveIcon(_ source: IconSource, size: Int, scale: Int, tint: RGBA?) -> Bool {
        guard case let .themed(name, directories) = source else {
            return setIcon(source, size: size, scale: scale, tint: tint)
        }
        guard let info = Image.lookUpThemed(name, directories: directories, size: size, scale: max(1, scale))
        else { return false }
        g_object_unref(UnsafeMutableRawPointer(info))
        // A themed icon is loaded at exactly this size (GTK_ICON_LOOKUP_FORCE_SIZE).
        setSizeRequest(width: size, height: size)
        return true
    }

    /// Whether the default theme has the icon `name` (at `size` pixels) in a file that
    /// passes the checks every image gets, for a caller that hands GTK only the name:
    /// `gtk_window_set_icon_name` opens the file itself, so a FIFO in the spec's `icons`
    /// folder would block the window.
    package static func hasThemedIcon(_ name: String, size: Int) -> Bool {
        guard let info = lookUpThemed(name, directories: [], size: size, scale: 1) else { return false }
        g_object_unref(UnsafeMutableRawPointer(info))
        return true
    }

    /// Whether the image shows something.
    package var isEmpty: Bool { gtk_image_get_storage_type(fo_image(widgetPointer)) == GTK_IMAGE_EMPTY }

    /// The icon `name` (a reference the caller releases), or `nil` when no theme has it
    /// or its file fails the checks. Looking up reads the themes' indexes only.
    private static func lookUpThemed(_ name: String, directories: [String], size: Int, scale: Int) -> OpaquePointer? {
        // The window's own folders first (a private theme: the app's default theme
        // stays as it is), then the default theme, which also has the icons an app
        // registered from its GResource (gtk_icon_theme_add_resource_path).
        let defaultTheme = gtk_icon_theme_get_default()
        let privateTheme = directories.isEmpty ? nil : IconTheme.privateTheme(searching: directories)
        let themes = (privateTheme == nil || privateTheme == defaultTheme ? [] : [privateTheme]) + [defaultTheme]
        // A loop, not `lazy.compactMap(…).first`: that runs the lookup twice for the
        // theme that has the icon (once to find the start index, once to read it) and
        // leaked the first reference.
        var found: OpaquePointer?
        for case let theme? in themes {
            found = gtk_icon_theme_lookup_icon_for_scale(
                theme, name, Int32(size), Int32(scale), GTK_ICON_LOOKUP_FORCE_SIZE)
            if found != nil { break }
        }
        guard let info = found else { return nil }
        // The theme opens the file itself: check it first as every other file is
        // checked (the spec's own `icons` folder is on the search path). An icon
        // from a registered GResource has its resource path here: it is in memory,
        // not a file to check.
        if let file = gtk_icon_info_get_filename(info).map({ String(cString: $0) }),
           !Image.isRegisteredResource(file),
           (try? CheckedFile.check(file, limit: CheckedFile.imageLimit)) == nil {
            g_object_unref(UnsafeMutableRawPointer(info))
            return nil
        }
        return info
    }

    private static func loadPixbuf(_ source: IconSource, size: Int, scale: Int, tint: RGBA?) -> OpaquePointer? {
        let pixels = Int32(size * scale)
        switch source {
        case .file(let path):
            return try? ImageLoader.loadPixbuf(path: path, fitting: Int(pixels))
        case let .themed(name, directories):
            guard let info = lookUpThemed(name, directories: directories, size: size, scale: scale) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(info)) }
            if let tint {
                var color = tint.gdkValue
                return try? GLibError.checkNonNull { error in
                    gtk_icon_info_load_symbolic(info, &color, nil, nil, nil, nil, error)
                }
            }
            return try? GLibError.checkNonNull { error in gtk_icon_info_load_icon(info, error) }
        }
    }

    /// Whether `path` names a file in a GResource the process registered.
    private static func isRegisteredResource(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        var size = 0
        return g_resources_get_info(path, G_RESOURCE_LOOKUP_FLAGS_NONE, &size, nil, nil) != 0
    }
}
