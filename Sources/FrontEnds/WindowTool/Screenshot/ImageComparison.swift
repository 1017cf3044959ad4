internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
import FirstOpenViews
import FirstOpenGTKWrappers

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
