internal import CGtk

/// Why an image could not be read or written.
struct ImageFileError: Error, CustomStringConvertible, Sendable {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
}

/// A decoded PNG (or any format GdkPixbuf reads): 8-bit RGB or RGBA pixels.
final class PixelImage {
    let width: Int
    let height: Int
    fileprivate let pixbuf: OpaquePointer
    fileprivate let rowStride: Int
    fileprivate let channels: Int
    fileprivate let pixels: UnsafeMutablePointer<UInt8>

    /// Loads and decodes `path` with `gdk_pixbuf_new_from_file`.
    convenience init(contentsOf path: String) throws(ImageFileError) {
        var error: UnsafeMutablePointer<GError>?
        guard let loaded = gdk_pixbuf_new_from_file(path, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "cannot be read"
            if let error { g_error_free(error) }
            throw ImageFileError(path: path, reason: reason)
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
    fileprivate convenience init?(width: Int, height: Int) {
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
    fileprivate func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let p = pixels + y * rowStride + x * channels
        return (p[0], p[1], p[2], channels == 4 ? p[3] : 255)
    }

    fileprivate func setPixel(_ x: Int, _ y: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        let p = pixels + y * rowStride + x * channels
        p[0] = r
        p[1] = g
        p[2] = b
    }

    /// Writes the image as PNG.
    func writePNG(to path: String) throws(ImageFileError) {
        var error: UnsafeMutablePointer<GError>?
        guard fo_pixbuf_save_png(pixbuf, path, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "cannot be written"
            if let error { g_error_free(error) }
            throw ImageFileError(path: path, reason: reason)
        }
    }
}

/// The pixel-by-pixel comparison of a rendered image with its golden image.
struct ImageComparison {
    /// Pixels that differ beyond the channel tolerance (all of the non-shared area
    /// when the sizes differ).
    let differingPixels: Int
    /// Pixels compared: those of the larger extent of both images.
    let comparedPixels: Int
    /// Whether both images have the same width and height.
    let sizesMatch: Bool
    /// Whether the images match under the tolerance.
    let matches: Bool

    private let actual: PixelImage
    private let golden: PixelImage
    private let channelTolerance: Int

    /// The share of differing pixels, in percent.
    var differingPercent: Double {
        comparedPixels == 0 ? 0 : Double(differingPixels) * 100 / Double(comparedPixels)
    }

    /// Compares decoded pixels (RGBA, unpremultiplied); an image without alpha is opaque.
    init(actual: PixelImage, golden: PixelImage, tolerance: ImageTolerance) {
        self.actual = actual
        self.golden = golden
        channelTolerance = tolerance.channel
        sizesMatch = actual.width == golden.width && actual.height == golden.height
        let width = max(actual.width, golden.width)
        let height = max(actual.height, golden.height)
        comparedPixels = width * height
        var differing = 0
        Self.forEachPixel(actual, golden, tolerance: tolerance.channel) { _, _, differs in
            if differs { differing += 1 }
        }
        differingPixels = differing
        matches = sizesMatch && Double(differing) * 100 <= tolerance.percent * Double(comparedPixels)
    }

    /// A picture of the difference: differing pixels bright red over a faded grey
    /// copy of the rendered image; area only one of the images has is red too.
    func writeDiff(to path: String) throws(ImageFileError) {
        let width = max(actual.width, golden.width)
        let height = max(actual.height, golden.height)
        guard let diff = PixelImage(width: width, height: height) else {
            throw ImageFileError(path: path, reason: "cannot allocate a \(width)×\(height) image")
        }
        let actual = self.actual
        Self.forEachPixel(actual, golden, tolerance: channelTolerance) { x, y, differs in
            if differs {
                diff.setPixel(x, y, 255, 0, 0)
            } else {
                let (r, g, b, a) = actual.pixel(x, y)
                // Luminance over white, faded to a light grey so red stands out.
                let luma = (299 * Int(r) + 587 * Int(g) + 114 * Int(b)) / 1000
                let overWhite = (luma * Int(a) + 255 * (255 - Int(a))) / 255
                let faded = UInt8(255 - (255 - overWhite) / 3)
                diff.setPixel(x, y, faded, faded, faded)
            }
        }
        try diff.writePNG(to: path)
    }

    /// Calls `body` for every pixel of the larger extent with whether it differs.
    private static func forEachPixel(_ a: PixelImage, _ b: PixelImage, tolerance: Int,
                                     _ body: (Int, Int, Bool) -> Void) {
        let width = max(a.width, b.width)
        let height = max(a.height, b.height)
        for y in 0..<height {
            for x in 0..<width {
                guard x < a.width, y < a.height, x < b.width, y < b.height else {
                    body(x, y, true)
                    continue
                }
                let p = a.pixel(x, y)
                let q = b.pixel(x, y)
                let differs = abs(Int(p.0) - Int(q.0)) > tolerance || abs(Int(p.1) - Int(q.1)) > tolerance
                    || abs(Int(p.2) - Int(q.2)) > tolerance || abs(Int(p.3) - Int(q.3)) > tolerance
                body(x, y, differs)
            }
        }
    }
}
