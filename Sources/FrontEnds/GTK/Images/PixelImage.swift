internal import CGtk
internal import FirstOpenSystem

/// A decoded PNG (or any format GdkPixbuf reads): 8-bit RGB or RGBA pixels.
package final class PixelImage {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    private let pixbuf: OpaquePointer
    private let rowStride: Int
    private let channels: Int
    private let pixels: UnsafeMutablePointer<UInt8>

    /// Golden images and read-back screenshots: far larger than any window's PNG.
    package static let fileLimit = 256 * 1024 * 1024

    /// Loads and decodes `path` with `gdk_pixbuf_new_from_file`, after the checked open:
    /// a FIFO given as a golden image hung GdkPixbuf for good.
    package convenience init(contentsOf path: String) throws(ImageFileError) {
        do throws(CheckedFile.Failure) {
            try CheckedFile.check(path, limit: Self.fileLimit)
        } catch {
            throw ImageFileError(path: path, reason: error.description)
        }
        let loaded: OpaquePointer
        do throws(GLibError) {
            loaded = try GLibError.checkNonNull(fallback: "cannot be read") { gdk_pixbuf_new_from_file(path, $0) }
        } catch {
            throw ImageFileError(path: path, reason: error.message)
        }
        guard gdk_pixbuf_get_bits_per_sample(loaded) == 8, gdk_pixbuf_get_colorspace(loaded) == GDK_COLORSPACE_RGB,
              let data = gdk_pixbuf_get_pixels(loaded)
        else {
            g_object_unref(UnsafeMutableRawPointer(loaded))
            throw ImageFileError(path: path, reason: "not an 8-bit RGB image")
        }
        self.init(adopting: loaded, pixels: data)
    }

    /// A new opaque RGB image.
    package convenience init?(width: Int, height: Int) {
        guard let made = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)),
              let data = gdk_pixbuf_get_pixels(made)
        else { return nil }
        self.init(adopting: made, pixels: data)
    }

    private init(adopting pixbuf: OpaquePointer, pixels: UnsafeMutablePointer<UInt8>) {
        self.pixbuf = pixbuf
        self.pixels = pixels
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        rowStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    /// The RGBA values of the pixel at (`x`, `y`); opaque when the image has no alpha.
    package func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let p = pixels + y * rowStride + x * channels
        return (p[0], p[1], p[2], channels == 4 ? p[3] : 255)
    }

    /// Sets the colour of the pixel at (`x`, `y`).
    package func setPixel(_ x: Int, _ y: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        let p = pixels + y * rowStride + x * channels
        p[0] = r
        p[1] = g
        p[2] = b
    }

    /// Writes the image as PNG.
    package func writePNG(to path: String) throws(ImageFileError) {
        do throws(GLibError) {
            try GLibError.checkSuccess(fallback: "cannot be written") { fo_pixbuf_save_png(pixbuf, path, $0) }
        } catch {
            throw ImageFileError(path: path, reason: error.message)
        }
    }
}
