internal import CGtk

/// A window that is mapped but never on screen (`GtkOffscreenWindow`), for rendering
/// widgets to images without showing them or involving a window manager.
@MainActor
package final class OffscreenWindow: Window {
    package init() {
        super.init(sinking: gtk_offscreen_window_new())
        // Offscreen windows lack the `background` class and would render transparent.
        addStyleClass("background")
    }

    /// Draws the window at `scale` device pixels per logical pixel and writes a PNG.
    package func writePNG(to path: String, scale: Int) throws(RenderError) {
        let logical = allocation
        guard logical.width > 0, logical.height > 0 else {
            throw RenderError.nothingToDraw
        }
        let surface = cairo_image_surface_create(
            CAIRO_FORMAT_ARGB32, Int32(logical.width * scale), Int32(logical.height * scale))
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let context = cairo_create(surface)
        gtk_widget_draw(widgetPointer, context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cannotWrite(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }
}
