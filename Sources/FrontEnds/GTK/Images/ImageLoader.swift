internal import CGtk
internal import FirstOpenSystem

/// Decodes image files named by a spec (`Icon=/path`) from bytes read with
/// ``CheckedFile`` — a regular file of at most ``CheckedFile/imageLimit`` bytes, opened
/// without blocking — and refuses images larger than ``maximumPixels`` before GdkPixbuf
/// allocates them (a small PNG can declare a 30000×30000 canvas).
///
/// `gdk_pixbuf_new_from_file_at_scale` is not used because it opens the path itself:
/// a FIFO there blocks the login, and it decodes any size.
package enum ImageLoader {
    /// The largest image decoded: 16 megapixels (4096 × 4096), far above any icon.
    package static let maximumPixels = 4096 * 4096

    /// Why the window would show no icon for the image file at `path` (not a regular
    /// file, too many bytes or pixels, not an image), or `nil` when it loads. For
    /// `validate`, which reports the caps the window enforces.
    package static func problem(at path: String) -> String? {
        do {
            let pixbuf = try loadPixbuf(path: path, fitting: 64)
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            return nil
        } catch {
            return error.reason
        }
    }

    /// The image at `path`, scaled to fit `pixels` × `pixels` (aspect ratio kept).
    package static func loadPixbuf(path: String, fitting pixels: Int) throws(ImageFileError) -> OpaquePointer {
        let bytes: [UInt8]
        do {
            bytes = try CheckedFile.read(path, limit: CheckedFile.imageLimit)
        } catch {
            throw ImageFileError(path: path, reason: error.description)
        }
        return try decode(bytes, path: path, fitting: pixels)
    }

    /// The size check GdkPixbuf asks for once the header is read: too many pixels sets
    /// the size to 0 × 0, which every loader treats as a failure before allocating.
    private struct SizeCheck {
        var fitting: Int32
        var refused = false
        var width: Int32 = 0
        var height: Int32 = 0
    }

    private static let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
        loader, width, height, data in
        guard let loader, let check = data?.assumingMemoryBound(to: SizeCheck.self) else { return }
        check.pointee.width = width
        check.pointee.height = height
        guard width > 0, height > 0, Int(width) * Int(height) <= ImageLoader.maximumPixels else {
            check.pointee.refused = true
            gdk_pixbuf_loader_set_size(loader, 0, 0)
            return
        }
        let target = Double(check.pointee.fitting)
        let factor = min(target / Double(width), target / Double(height))
        gdk_pixbuf_loader_set_size(
            loader, max(1, Int32((Double(width) * factor).rounded())), max(1, Int32((Double(height) * factor).rounded())))
    }

    private static func decode(_ bytes: [UInt8], path: String, fitting pixels: Int) throws(ImageFileError) -> OpaquePointer {
        guard let loader = gdk_pixbuf_loader_new() else {
            throw ImageFileError(path: path, reason: "cannot create an image loader")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var check = SizeCheck(fitting: Int32(clamping: max(1, pixels)))
        var failure: String?
        withUnsafeMutablePointer(to: &check) { checkPointer in
            let handler = unsafeBitCast(sizePrepared, to: GCallback.self)
            let id = fo_signal_connect(UnsafeMutableRawPointer(loader), "size-prepared", handler, checkPointer, nil)
            defer { g_signal_handler_disconnect(UnsafeMutableRawPointer(loader), id) }
            // In chunks, so a refused size stops the work after the header.
            // The error is caught inside the closure: Swift 6.0's withUnsafeBufferPointer
            // rethrows an untyped error.
            bytes.withUnsafeBufferPointer { buffer in
                do throws(GLibError) {
                    var offset = 0
                    while offset < buffer.count, !checkPointer.pointee.refused {
                        let count = min(64 * 1024, buffer.count - offset)
                        try GLibError.checkSuccess(fallback: "cannot be decoded") {
                            gdk_pixbuf_loader_write(loader, buffer.baseAddress! + offset, gsize(count), $0)
                        }
                        offset += count
                    }
                } catch {
                    failure = error.message
                }
            }
            // Always closed (the loader must be); its error counts only when writing went well.
            do throws(GLibError) {
                try GLibError.checkSuccess(fallback: "cannot be decoded") { gdk_pixbuf_loader_close(loader, $0) }
            } catch where failure == nil {
                failure = error.message
            } catch {}
        }
        if check.refused {
            throw ImageFileError(
                path: path,
                reason: "is \(check.width) × \(check.height) pixels; images are limited to \(maximumPixels / 1_000_000) megapixels")
        }
        if let failure { throw ImageFileError(path: path, reason: failure) }
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw ImageFileError(path: path, reason: "is not an image")
        }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return pixbuf
    }
}
