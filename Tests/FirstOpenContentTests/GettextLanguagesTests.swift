import CGLib
import FirstOpenContent
import Glibc
import XCTest

/// A spec's translations follow the languages gettext uses on the release it runs on:
/// glibc 2.36 (Debian 12) honours `LANGUAGE` in `C.UTF-8`, glibc 2.41 (Debian 13) does
/// not. The oracle is gettext itself, with glibc's own German catalogue (libc-l10n).
final class GettextLanguagesTests: XCTestCase {
    private static let spec = """
        [First Open]
        AppId=org.example.Languages
        Name=Car
        Name[de]=Auto
        Version=1.0
        Icon=starred-symbolic

        [Welcome 1]
        Icon=starred-symbolic
        Title=Hello
        Title[de]=Hallo

        """

    /// With `LANGUAGE=de`, `LANG=C.UTF-8` and `LC_MESSAGES` set to `messages`: whether
    /// gettext translates into German, and the spec's name.
    private func german(messages: String) throws -> (gettext: Bool, name: String) {
        let saved = ["LANGUAGE", "LANG", "LC_ALL", "LC_MESSAGES"].map { (name: String) -> (String, String?) in
            (name, getenv(name).map { String(cString: $0) })
        }
        let previousLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
            setlocale(LC_MESSAGES, "C")
            setlocale(LC_MESSAGES, previousLocale)
        }
        setenv("LANGUAGE", "de", 1)
        setenv("LANG", "C.UTF-8", 1)
        unsetenv("LC_ALL")
        unsetenv("LC_MESSAGES")
        setlocale(LC_MESSAGES, "C")  // a change of name: gettext drops what it cached
        XCTAssertNotNil(setlocale(LC_MESSAGES, messages), "\(messages) is not generated: run scripts/setup.sh")
        let english = "No such file or directory"
        // Untranslated, gettext returns the pointer it was given: read it while it lives.
        let translated = english.withCString { String(cString: g_dgettext("libc", $0)) } != english
        let spec = try SpecFile(data: Array(Self.spec.utf8), name: "languages.spec", directory: "/nonexistent")
        return (translated, spec.name)
    }

    func testTheSpecIsTranslatedExactlyWhenGettextTranslates() throws {
        // The oracle works: a real German user's locale gets glibc's German.
        XCTAssertTrue(try german(messages: "de_DE.UTF-8").gettext, "libc-l10n's German catalogue (scripts/setup.sh)")
        for messages in ["C", "C.UTF-8", "en_US.UTF-8", "de_DE.UTF-8"] {
            let (gettext, name) = try german(messages: messages)
            XCTAssertEqual(name, gettext ? "Auto" : "Car", "LC_MESSAGES=\(messages), LANGUAGE=de")
        }
        // LANGUAGE counts under a real locale on every release; never under C.
        XCTAssertEqual(try german(messages: "en_US.UTF-8").name, "Auto")
        XCTAssertEqual(try german(messages: "C").name, "Car")
    }

    func testTheRuleForEachRelease() {
        XCTAssertTrue(GettextLanguages.ignoresLanguage(messagesLocale: "C", libcVersion: (2, 36)))
        XCTAssertTrue(GettextLanguages.ignoresLanguage(messagesLocale: "POSIX", libcVersion: (2, 41)))
        XCTAssertFalse(GettextLanguages.ignoresLanguage(messagesLocale: "C.UTF-8", libcVersion: (2, 36)))
        XCTAssertTrue(GettextLanguages.ignoresLanguage(messagesLocale: "C.UTF-8", libcVersion: (2, 41)))
        XCTAssertTrue(GettextLanguages.ignoresLanguage(messagesLocale: "C.utf8", libcVersion: (3, 0)))
        XCTAssertFalse(GettextLanguages.ignoresLanguage(messagesLocale: "de_DE.UTF-8", libcVersion: (2, 41)))
        let version = GettextLanguages.libcVersion()
        XCTAssertEqual(version.major, 2, "glibc's version from confstr")
        XCTAssertGreaterThanOrEqual(version.minor, 36)
    }
}
