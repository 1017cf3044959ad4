import CGLib
@testable import FirstOpenState
import XCTest

/// The one bridge from `GError` to Swift.
final class GLibErrorTests: XCTestCase {
    func testCheckThrowsGLibsDomainCodeAndMessage() {
        var contents: UnsafeMutablePointer<gchar>?
        defer { g_free(contents) }
        XCTAssertThrowsError(try GLibError.check { g_file_get_contents("/nonexistent/first-open", &contents, nil, $0) }) { error in
            guard let error = error as? GLibError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.domain, "g-file-error-quark")
            XCTAssertEqual(error.code, Int(G_FILE_ERROR_NOENT.rawValue))
            XCTAssertTrue(error.isFileError(G_FILE_ERROR_NOENT))
            XCTAssertFalse(error.isFileError(G_FILE_ERROR_ACCES))
            XCTAssertTrue(error.message.contains("/nonexistent/first-open"), error.message)
            XCTAssertEqual(error.description, error.message)
        }
    }

    func testCheckReturnsTheResultWhenNoErrorIsSet() throws {
        let keyFile = g_key_file_new()
        defer { g_key_file_free(keyFile) }
        let loaded = try GLibError.check { g_key_file_load_from_data(keyFile, "[A]\nk=v\n", gsize.max, G_KEY_FILE_NONE, $0) }
        XCTAssertNotEqual(loaded, 0)
    }

    func testAFailureWithoutAGErrorGetsTheFallback() {
        XCTAssertThrowsError(try GLibError.checkSuccess(fallback: "cannot be started") { _ in 0 }) { error in
            XCTAssertEqual(error as? GLibError, GLibError(domain: "", code: 0, message: "cannot be started"))
        }
        XCTAssertEqual(GLibError(consuming: nil).message, "unknown error")
        XCTAssertNoThrow(try GLibError.checkSuccess { _ in 1 })
    }

    func testKeyFileErrorsAreMatchedByDomainAndCode() throws {
        let keyFile = KeyFile()
        keyFile.setString("x", for: "Name", in: "Group")
        XCTAssertThrowsError(try keyFile.string("Missing", in: "Group")) { error in
            guard let error = error as? GLibError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.matches(g_key_file_error_quark(), code: Int32(G_KEY_FILE_ERROR_KEY_NOT_FOUND.rawValue)))
        }
        XCTAssertEqual(try keyFile.string("Name", in: "Group"), "x")
        XCTAssertTrue(keyFile.hasKey("Name", in: "Group"))
        XCTAssertFalse(keyFile.hasKey("Name", in: "No such group"))
    }

    /// A trailing backslash: GLib 2.74 (Debian 12) returns "abc" *and* sets an error,
    /// GLib 2.84 (Debian 13) only the error. Read the same on both: an invalid escape, its
    /// value unread (and GLib 2.74's partial value freed with its error: the leak
    /// libFuzzer found; scripts/fuzz.sh runs with LeakSanitizer).
    func testATrailingBackslashIsAnInvalidEscapeOnEveryGLib() throws {
        let keyFile = try KeyFile(data: Array("[A]\nName=abc\\\nTitle=T\nTitle[de]=bad\\\nTitle[fr]=bon\n".utf8))
        XCTAssertEqual(keyFile.rawValue("Name", in: "A"), "abc\\")
        XCTAssertNil(keyFile.value("Name", in: "A"))
        XCTAssertEqual(keyFile.valueProblem("Name", in: "A"), .invalidEscape)
        // A translation with a bad escape is passed over, as GLib 2.84 does.
        XCTAssertEqual(keyFile.localizedString("Title", in: "A", languages: ["de", "fr"]), "bon")
        XCTAssertEqual(keyFile.localizedString("Title", in: "A", languages: ["de"]), "T")
    }
}
