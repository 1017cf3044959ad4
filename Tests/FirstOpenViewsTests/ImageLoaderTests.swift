import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import Foundation
import XCTest
import FirstOpenGTKWrappers
import FirstOpenTestSupport

/// Icon files are decoded from checked bytes, with a pixel cap applied before GdkPixbuf
/// allocates anything.
final class ImageLoaderTests: XCTestCase {
    /// A PNG whose header declares `side` × `side` pixels, followed by one tiny IDAT: the
    /// size is known after the header, which is where the cap must act.
    private func pngHeader(side: UInt32) -> [UInt8] {
        func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(kind.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
            }
            return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        let header = bigEndian(side) + bigEndian(side) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    }

    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory("first-open-image")
    }

    override func tearDown() {
        folder = nil
    }

    private func write(_ bytes: [UInt8]) throws -> String {
        try folder.write("image-\(UUID().uuidString).png", Data(bytes))
    }

    func testAnImageOverThePixelCapIsRefusedFromItsHeader() throws {
        let path = try write(pngHeader(side: 20_000))
        XCTAssertThrowsError(try ImageLoader.loadPixbuf(path: path, fitting: 64)) { error in
            XCTAssertTrue("\(error)".contains("20000 × 20000 pixels"), "\(error)")
            XCTAssertTrue("\(error)".contains("limited to 16 megapixels"), "\(error)")
        }
    }

    func testARealIconIsScaledToFit() throws {
        let icon = packageRoot.path + "/data/examples/icons/hicolor/scalable/apps/org.example.Car.svg"
        try XCTSkipUnless(FileManager.default.fileExists(atPath: icon), "the example icon")
        let pixbuf = try ImageLoader.loadPixbuf(path: icon, fitting: 96)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        XCTAssertEqual(max(gdk_pixbuf_get_width(pixbuf), gdk_pixbuf_get_height(pixbuf)), 96)
    }

    func testFIFOsAndGarbageAreErrorsNotHangs() throws {
        let fifo = folder.file("image.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try ImageLoader.loadPixbuf(path: fifo, fitting: 64)) { error in
            XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
        }
        let garbage = try write(Array("not an image".utf8))
        XCTAssertThrowsError(try ImageLoader.loadPixbuf(path: garbage, fitting: 64))
    }
}
