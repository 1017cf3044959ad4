import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
import FirstOpenViews
import FirstOpenTestSupport
import XCTest
import FirstOpenGTKWrappers

/// `ColorSyntax` (the GTK-free check `validate`, `explain`, `mark-seen` and the login
/// path share) must give the same verdict as the window's own `gdk_rgba_parse` on the
/// same trimmed text, for every colour name and for fuzzed text from a fixed seed.
final class ColorSyntaxAgreementTests: XCTestCase {
    /// What the window would do with the text: GDK's parser on the trimmed bytes.
    private func gdkAccepts(_ text: String) -> Bool {
        let bytes = ColorSyntax.trimmed(text)
        guard !bytes.isEmpty, !bytes.contains(0) else { return false }
        var value = GdkRGBA()
        let cString = bytes.map { CChar(bitPattern: $0) } + [0]
        return gdk_rgba_parse(&value, cString) != 0
    }

    private func assertAgreement(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(ColorSyntax.accepts(text), gdkAccepts(text), text.debugDescription, file: file, line: line)
    }

    func testEveryColourNameAndItsSpellings() {
        for name in ColorSyntax.names {
            XCTAssertTrue(gdkAccepts(name), "GDK knows \(name)")
            assertAgreement(name)
            assertAgreement(name.uppercased())
            assertAgreement(" " + name.prefix(3) + " " + name.dropFirst(3) + "\t")
            assertAgreement(name + "x")
            assertAgreement(String(name.dropLast()))
        }
    }

    func testTheX11NamesWithSpaces() throws {
        // /usr/share/X11/rgb.txt spells many names with spaces ("alice blue").
        guard let table = try? String(contentsOfFile: "/usr/share/X11/rgb.txt", encoding: .utf8) else {
            throw XCTSkip("no /usr/share/X11/rgb.txt")
        }
        for line in table.split(separator: "\n") where !line.hasPrefix("!") {
            let name = line.split(separator: "\t").last.map(String.init) ?? ""
            assertAgreement(name)
        }
    }

    func testTheReportedCasesAndEdges() {
        for text in ["#1c71d8\t", "Light Blue", "light  blue", "#1C71D8", "#1c71d8 ", "\t#fff\r\n", "rgb(1,2,3)",
                     "rgba(1,2,3,0.5)", "rgb(,,)", "rgba(,,,)", "rgb( 1 % , 2 %, 3%)", "rgb(1e999,0,0)",
                     "rgb(1e-999,0,0)", "rgb(0x10,0,0)", "rgb(inf,nan,-1)", "rgb\t(1,2,3)", "rgb(1\t,2,3)",
                     "rgb(1,2,3) ", "rgb(1,2,3) x", "rgbfoo", "rgba(1,2,3)", "#", "#ffff", "#ffffffff", "blue;",
                     "gray100", "grey 50", "blue\u{0}", "\u{0}", "ｂｌｕｅ", "blué"] {
            assertAgreement(text)
        }
    }

    func testFuzzedTextFromAFixedSeed() {
        var random = SeededRandom(seed: 0x5eed_c010)
        let pieces = ["rgb", "rgba", "(", ")", ",", "%", ".", "#", "-", "+", "e", "x", " ", "\t", "0", "1", "9", "25",
                      "255", "1c71d8", "f", "F", "g", "blue", "light", "Blue", "dark", "slate", "gray", "4", "inf",
                      "nan", "1e9", "0x1p3", "é", ";"]
        for _ in 0..<5_000 {
            let count = Int(random.next() % 8)
            let text = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            assertAgreement(text)
        }
    }
}

