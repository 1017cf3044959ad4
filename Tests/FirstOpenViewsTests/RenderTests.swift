import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import Glibc
import XCTest
import FirstOpenGTKWrappers

/// Offscreen PNG rendering: deterministic, scaled, with clear errors.
final class RenderTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        guard let made = g_dir_make_tmp("first-open-render-XXXXXX", nil) else {
            XCTFail("cannot create a temporary directory")
            throw RenderTestFailure.missingFile("temporary directory")
        }
        directory = String(cString: made)
        g_free(made)
    }

    override func tearDown() {
        if let dir = g_dir_open(directory, 0, nil) {
            while let name = g_dir_read_name(dir) { remove("\(directory)/\(String(cString: name))") }
            g_dir_close(dir)
        }
        rmdir(directory)
    }

    func testSameInputGivesTheSamePixels() throws {
        let directory = self.directory
        try MainActor.assumeIsolated {
            try requireGTK()
            let first = "\(directory)/first.png"
            let second = "\(directory)/second.png"
            let dialog = try FirstOpenDialog(content: sampleContent())
            try dialog.renderPNG(to: first)
            dialog.dismiss()
            let again = try FirstOpenDialog(content: sampleContent())
            try again.renderPNG(to: second)
            again.dismiss()
            let bytes = try Self.contents(first)
            XCTAssertGreaterThan(bytes.count, 1_000)
            XCTAssertEqual(bytes, try Self.contents(second))
        }
    }

    func testScaleTwoDoublesThePixelSize() throws {
        let directory = self.directory
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent())
            defer { dialog.dismiss() }
            try dialog.renderPNG(to: "\(directory)/one.png", scale: 1)
            try dialog.renderPNG(to: "\(directory)/two.png", scale: 2)
            let one = try Self.pngSize("\(directory)/one.png")
            let two = try Self.pngSize("\(directory)/two.png")
            XCTAssertTrue((400...560).contains(one.width), "width \(one.width)")
            XCTAssertEqual(two.width, one.width * 2)
            XCTAssertEqual(two.height, one.height * 2)
        }
    }

    func testFixedWidthIsHonoured() throws {
        let directory = self.directory
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent(), width: 640)
            defer { dialog.dismiss() }
            try dialog.renderPNG(to: "\(directory)/wide.png")
            XCTAssertEqual(try Self.pngSize("\(directory)/wide.png").width, 640)
        }
    }

    func testTheWindowStillWorksAfterRendering() throws {
        let directory = self.directory
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent())
            var reasons: [DismissalReason] = []
            dialog.onDismiss = { reasons.append($0) }
            try dialog.renderPNG(to: "\(directory)/before.png")
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Return)))
            XCTAssertTrue(spinMainLoop { !reasons.isEmpty })
            XCTAssertEqual(reasons, [.continued])
        }
    }

    func testRenderedBackgroundIsOpaque() throws {
        let directory = self.directory
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent())
            defer { dialog.dismiss() }
            let path = "\(directory)/opaque.png"
            try dialog.renderPNG(to: path)
            var error: UnsafeMutablePointer<GError>?
            let pixbuf = gdk_pixbuf_new_from_file(path, &error)
            if let error { g_error_free(error) }
            let image = try XCTUnwrap(pixbuf)
            defer { g_object_unref(UnsafeMutableRawPointer(image)) }
            let pixels = try XCTUnwrap(gdk_pixbuf_get_pixels(image))
            XCTAssertEqual(gdk_pixbuf_get_has_alpha(image) == 0 ? 255 : pixels[3], 255, "top-left pixel is opaque")
        }
    }

    func testUnwritablePathAndBadScaleAreErrors() throws {
        let directory = self.directory
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try FirstOpenDialog(content: sampleContent())
            defer { dialog.dismiss() }
            XCTAssertThrowsError(try dialog.renderPNG(to: "/nonexistent-dir/x.png")) { error in
                guard case .cannotWrite(let path, _) = error as? RenderError else { return XCTFail("\(error)") }
                XCTAssertEqual(path, "/nonexistent-dir/x.png")
            }
            XCTAssertThrowsError(try dialog.renderPNG(to: "\(directory)/x.png", scale: 0)) { error in
                XCTAssertEqual(error as? RenderError, .unsupportedScale(0))
            }
        }
    }

    private static func contents(_ path: String) throws -> [UInt8] {
        var data: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &data, &length, nil) != 0, let data else {
            // A render that wrote no file is a failure, never a skip.
            XCTFail("cannot read \(path)")
            throw RenderTestFailure.missingFile(path)
        }
        defer { g_free(data) }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    /// Width and height from the PNG's IHDR chunk.
    private static func pngSize(_ path: String) throws -> (width: Int, height: Int) {
        let bytes = try contents(path)
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func big(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (big(16), big(20))
    }
}

private enum RenderTestFailure: Error {
    case missingFile(String)
}
