import FirstOpenToolSupport
import XCTest

/// The GOption wrapper and the autostart entry's quoting, in-process.
final class OptionParserTests: XCTestCase {
    private let parser = OptionParser(
        parameterSummary: "SPEC", summary: "Test.",
        options: [.flag("content", help: "A flag"),
                  .value("version", short: "V", placeholder: "VERSION", help: "A value")])

    func testFlagsValuesAndPositionals() throws {
        let parsed = try parser.parse(["first-open test", "--content", "--version=1.2", "car.spec"])
        XCTAssertEqual(parsed.flags, ["content"])
        XCTAssertEqual(parsed["version"], "1.2")
        XCTAssertEqual(parsed.positionals, ["car.spec"])
        XCTAssertEqual(try parser.parse(["x", "-V", "3", "a.spec"])["version"], "3")
        XCTAssertEqual(try parser.parse(["x", "a.spec", "--version", "4"])["version"], "4", "options after the spec")
    }

    func testDoubleDashLetsASpecStartWithADash() throws {
        let parsed = try parser.parse(["x", "--", "-odd.spec"])
        XCTAssertEqual(parsed.positionals, ["-odd.spec"])
        XCTAssertEqual(try parsed.specPath(command: "test"), "-odd.spec")
        XCTAssertEqual(try parser.parse(["x", "--", "plain.spec"]).positionals, ["plain.spec"])
    }

    func testUnknownOptionsAndMissingValuesAreUsageErrors() {
        for arguments in [["x", "--nope", "a.spec"], ["x", "--version"]] {
            XCTAssertThrowsError(try parser.parse(arguments)) { error in
                XCTAssertEqual((error as? CommandFailure)?.code, .usage, "\(arguments)")
            }
        }
        XCTAssertThrowsError(try ParsedOptions().specPath(command: "test")) { error in
            XCTAssertEqual((error as? CommandFailure)?.code, .usage)
        }
    }

    func testExecArgumentsAreQuotedAsTheDesktopEntrySpecAsks() {
        XCTAssertEqual(AutostartEntry.quoteExecArgument("/usr/bin/first-open"), "/usr/bin/first-open")
        XCTAssertEqual(AutostartEntry.quoteExecArgument("/a b/c.spec"), "\"/a b/c.spec\"")
        XCTAssertEqual(AutostartEntry.quoteExecArgument("/x/$HOME\"`\\.spec"), "\"/x/\\$HOME\\\"\\`\\\\.spec\"")
        XCTAssertEqual(AutostartEntry.quoteExecArgument("/x/100%.spec"), "/x/100%%.spec")
        XCTAssertEqual(AutostartEntry.quoteExecArgument(""), "\"\"")
    }
}
