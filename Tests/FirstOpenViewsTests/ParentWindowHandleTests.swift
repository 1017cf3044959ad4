import FirstOpenTestSupport
import FirstOpenGTKWrappers
import XCTest

/// `--parent` handles as the XDG Desktop Portal writes them (no GTK needed).
final class ParentWindowHandleTests: XCTestCase {
    func testX11IDsAreHexadecimal() throws {
        XCTAssertEqual(try ParentWindowHandle(parsing: "x11:1e00007"), .x11(0x1e00007))
        XCTAssertEqual(try ParentWindowHandle(parsing: "x11:0x1E00007"), .x11(0x1e00007))
        for bad in ["x11:", "x11:0", "x11:xyz", "x11:12345678901234567", "X11:1", "1e00007"] {
            XCTAssertThrowsError(try ParentWindowHandle(parsing: bad), bad)
        }
    }

    /// mutter 43 exports handles as random strings of the characters 0x20–0x7e: 89 of 300
    /// measured had a space, and each was refused, so the window showed without a parent.
    func testWaylandHandlesAreAnyPrintableASCIIIncludingSpaces() throws {
        for handle in ["b1d9c0de-8f0a-4c1e-9d7b-2f6a0e4c1a55", "a b", " leading", "trailing ", "~!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}",
                       String(repeating: "x", count: 256)] {
            let parsed = try ParentWindowHandle(parsing: "wayland:" + handle)
            XCTAssertEqual(parsed, .wayland(handle))
            XCTAssertEqual(parsed.description, "wayland:" + handle)
        }
        // Shaped like mutter's: 32 random characters of 0x20–0x7e, seeded.
        var random = SeededRandom(seed: 24)
        for _ in 0..<300 {
            let handle = String((0..<32).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7e, using: &random))) })
            XCTAssertEqual(try ParentWindowHandle(parsing: "wayland:" + handle), .wayland(handle), handle)
        }
    }

    func testWaylandHandlesRefuseControlCharactersAndNonASCII() {
        for bad in ["wayland:", "wayland:a\tb", "wayland:a\nb", "wayland:\u{7f}", "wayland:caf\u{e9}",
                    "wayland:" + String(repeating: "x", count: 257)] {
            XCTAssertThrowsError(try ParentWindowHandle(parsing: bad), bad) { error in
                XCTAssertEqual(error as? ParentWindowError, .malformed(bad))
            }
        }
    }
}
