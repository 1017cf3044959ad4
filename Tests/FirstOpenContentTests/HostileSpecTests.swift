import FirstOpenContent
import Foundation
import XCTest
import FirstOpenTestSupport

/// Hostile spec files: messages stay short and on one line, broken encodings are named
/// as such, and what GKeyFile merges silently is reported.
final class HostileSpecTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    private func problems(_ bytes: [UInt8]) throws -> [SpecProblem] {
        let path = try directory.write("car.spec", Data(bytes))
        return SpecValidator(path: path, locale: "C").validate()
    }

    private let main = "[First Open]\nAppId=org.example.Car\nName=Car\nVersion=1.0\n"

    func testANonUTF8ValueIsReportedAsSuchNotAsMissing() throws {
        let found = try problems(Array("[First Open]\nAppId=org.example.Car\nName=Caf".utf8) + [0xE9]
                                     + Array("\nVersion=1.0\n".utf8))
        XCTAssertEqual(found.map(\.description), [
            "\(directory.path)/car.spec: error: [First Open] Name: the value is not valid UTF-8 (save the file as UTF-8)",
        ])
        // The loader (the login path) stops at the same error.
        XCTAssertThrowsError(try SpecFile(path: directory.path + "/car.spec")) { error in
            XCTAssertTrue("\(error)".contains("not valid UTF-8"), "\(error)")
        }
        // A broken translation falls back to the untranslated text: a warning.
        let translated = try problems(Array((main + "[Welcome 1]\nIcon=a\nTitle=b\nTitle[de]=B").utf8) + [0xFC, 0x0A])
        XCTAssertEqual(translated.map(\.severity), [.warning], "\(translated)")
        XCTAssertTrue(translated.first?.message.contains("not valid UTF-8") ?? false)
    }

    func testDuplicateGroupsKeysAndNULBytesAreWarnings() throws {
        let text = main + "Version=1.1\n\n[Welcome 1]\nIcon=a\nTitle=b\n\n[Welcome 1]\nSubtitle=c\nTitle=d\n"
        let found = try problems(Array(text.utf8))
        XCTAssertEqual(found.map(\.severity), [.warning, .warning, .warning], "\(found)")
        XCTAssertEqual(found.filter { $0.group == "First Open" && $0.key == "Version" }.map(\.message),
                       ["key appears again on line 5 (first on line 4); only the last value counts"])
        XCTAssertEqual(found.filter { $0.group == "Welcome 1" && $0.key == nil }.map(\.message),
                       ["group appears again on line 11 (first on line 7); GLib merges them, so later keys replace earlier ones"])
        XCTAssertEqual(found.filter { $0.group == "Welcome 1" && $0.key == "Title" }.count, 1)

        let nul = try problems(Array((main + "[Welcome 1]\nIcon=a\nTitle=b").utf8) + [0] + Array("hidden\n".utf8))
        XCTAssertEqual(nul.map(\.message), ["line 7 contains a NUL byte; GLib ignores the rest of that line"])
        XCTAssertEqual(nul.first?.group, "Welcome 1")
    }

    func testQuotedValuesAreEscapedAndCut() throws {
        let escape = Array("\u{1b}[31mred".utf8)
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        let found = try problems(Array((main + "AccentColor=").utf8) + escape + huge + [0x0A])
        XCTAssertEqual(found.count, 1)
        let line = found.first?.description ?? ""
        XCTAssertLessThan(line.utf8.count, 400, line)
        XCTAssertFalse(line.utf8.contains(0x1B), "no raw ESC reaches the terminal")
        XCTAssertTrue(line.contains("\"\\u{1b}[31mred"), line)
        XCTAssertTrue(line.contains("\u{2026}\" (1048584 characters) is not a colour"), line)

        // Group and key names from the file are cut too.
        let longGroup = String(repeating: "G", count: 100_000)
        let group = try problems(Array((main + "[\(longGroup)]\nx=1\n").utf8))
        XCTAssertLessThan(group.first?.description.utf8.count ?? 0, 400)
    }

    func testABinaryFileIsOneShortLine() throws {
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let found = try problems(bytes)
        XCTAssertEqual(found.count, 1, "\(found.count) problems")
        XCTAssertLessThan(found.first?.description.utf8.count ?? 0, 1200)
        XCTAssertFalse(found.first?.description.contains("\n") ?? true)
    }

    // MARK: Caps (docs/spec-format.md)

    func testWelcomeRowsAndTextAreCappedWithWarningsTheLoaderAppliesToo() throws {
        var text = "[First Open]\nAppId=org.example.Car\nName=\(String(repeating: "N", count: 150))\nVersion=1.0\n"
        for number in 1...60 {
            text += "\n[Welcome \(number)]\nIcon=a\nTitle=Row \(number)\n"
        }
        text += "Subtitle=\(String(repeating: "s", count: 5000))\n"
        let found = try problems(Array(text.utf8))
        XCTAssertEqual(found.map(\.severity), [.warning, .warning, .warning], "\(found)")
        XCTAssertTrue(found.contains { $0.message == "60 Welcome rows; only the first 50 are shown" }, "\(found)")
        XCTAssertTrue(found.contains { $0.key == "Name" && $0.message.contains("longer than 100 characters") })
        XCTAssertTrue(found.contains { $0.group == "Welcome 60" && $0.key == "Subtitle" })

        let spec = try SpecFile(path: directory.path + "/car.spec", locale: "C")
        XCTAssertEqual(spec.welcomeRows.count, SpecLimits.welcomeRows)
        XCTAssertEqual(spec.welcomeRows.last?.title, "Row 50")
        XCTAssertEqual(spec.name.unicodeScalars.count, SpecLimits.nameLength + 1)
        XCTAssertTrue(spec.name.hasSuffix("\u{2026}"))
    }

    /// The cap counts Unicode scalars, not bytes: a name of exactly 100 two-byte scalars
    /// (200 bytes) fits; one more scalar, or a combining mark, is cut with an ellipsis.
    func testCapsCountScalarsNotBytes() throws {
        let limit = SpecLimits.nameLength
        func name(_ text: String) throws -> (name: String, warned: Bool) {
            let spec = "[First Open]\nAppId=org.example.Car\nName=\(text)\nVersion=1.0\n"
            let warned = try problems(Array(spec.utf8)).contains { $0.key == "Name" && $0.message.contains("longer than") }
            return (try SpecFile(path: directory.path + "/car.spec", locale: "C").name, warned)
        }
        let fits = String(repeating: "é", count: limit)
        XCTAssertEqual(try name(fits).name, fits)
        XCTAssertFalse(try name(fits).warned)
        let over = try name(fits + "ü")
        XCTAssertTrue(over.warned)
        XCTAssertEqual(over.name, fits + "\u{2026}")
        // "e" + U+0301 is one character but two scalars: the cap cuts between them.
        let combining = try name(String(repeating: "a", count: limit - 1) + "e\u{301}")
        XCTAssertEqual(combining.name.unicodeScalars.count, limit + 1)
        XCTAssertTrue(combining.name.unicodeScalars.elementsEqual((String(repeating: "a", count: limit - 1) + "e\u{2026}").unicodeScalars))
    }

    func testThousandsOfReleasesAreCutToTheNewest() throws {
        var text = "[First Open]\nAppId=org.example.Car\nName=Car\nVersion=3000.0\n"
        for version in 1...1500 {
            text += "\n[Release \(version).0 1]\nIcon=a\nTitle=R\(version)\n"
        }
        let found = try problems(Array(text.utf8))
        XCTAssertEqual(found.map(\.message), ["[Release …] groups of 1500 versions; only the newest 1000 are considered"])
        let spec = try SpecFile(path: directory.path + "/car.spec", locale: "C")
        XCTAssertEqual(spec.releases.count, SpecLimits.releaseVersions)
        XCTAssertEqual(spec.releases.first?.versionText, "1500.0")
        XCTAssertEqual(spec.releases.last?.versionText, "501.0")
    }

    func testMetainfoReleasesAfterTheCapAreSkippedUnread() throws {
        let releases = (1...1200).reversed().map { "<release version=\"\($0).0\"><description><p>r\($0)</p></description></release>" }
        let xml = "<component><releases>" + releases.joined() + "</releases></component>"
        let parsed = try MetainfoReleases(xml: xml, file: "many.xml")
        XCTAssertEqual(parsed.releases.count, SpecLimits.metainfoReleases)
        XCTAssertEqual(parsed.skippedReleaseCount, 200)
        XCTAssertEqual(parsed.newest?.versionText, "1200.0")
    }

    func testAnIconFileThatIsNotAFileIsAWarning() throws {
        let fifo = directory.path + "/icon.png"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let found = try problems(Array((main + "Icon=\(fifo)\n").utf8))
        XCTAssertEqual(found.map(\.message), ["\(fifo) is not a regular file (it is a FIFO); the window shows no icon"])
    }
}
