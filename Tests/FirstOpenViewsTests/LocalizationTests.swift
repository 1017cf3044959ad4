import FirstOpenState
import FirstOpenFlow
import CGtk
import FirstOpenContent
@testable import FirstOpenViews
import Glibc
import XCTest
import FirstOpenGTKWrappers

/// Built-in strings in the `first-open` domain, with the catalogues compiled by
/// `scripts/build-translations.sh` into `.build/locale`.
final class LocalizationTests: XCTestCase {
    /// Runs `body` with `LANGUAGE=language` and a non-C `LC_MESSAGES` (gettext ignores
    /// LANGUAGE in the C locale), restoring both afterwards.
    private static func withLanguage(_ language: String, _ body: () throws -> Void) throws {
        let previousLanguage = environment("LANGUAGE")
        let previousLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        // glibc caches each lookup until the locale changes; switching LC_MESSAGES away
        // and back makes it read LANGUAGE again.
        setenv("LANGUAGE", language, 1)
        setlocale(LC_MESSAGES, "C")
        // A real locale (scripts/setup.sh generates it): glibc 2.41 ignores LANGUAGE in C.UTF-8.
        XCTAssertNotNil(setlocale(LC_MESSAGES, "en_US.UTF-8"), "en_US.UTF-8 is not generated: run scripts/setup.sh")
        defer {
            if let previousLanguage { setenv("LANGUAGE", previousLanguage, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_MESSAGES, "C")
            setlocale(LC_MESSAGES, previousLocale)
        }
        try body()
    }

    private static func requireCatalogues() throws {
        guard Localization.localeDirectory != nil else {
            XCTFail("no compiled translations found; run scripts/build-translations.sh first")
            throw XCTSkip("no catalogues")
        }
    }

    func testGermanHeadlineTitleAndButton() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            try Self.requireCatalogues()
            try Self.withLanguage("de") {
                XCTAssertEqual(BuiltInStrings.welcomeHeadline, "Willkommen bei")
                let dialog = try FirstOpenDialog(content: sampleContent(kind: .welcome))
                defer { dialog.dismiss() }
                XCTAssertEqual(dialog.headlineLabel.text, "Willkommen bei")
                XCTAssertEqual(dialog.title, "Willkommen bei Car")
                XCTAssertEqual(dialog.continueButton.label, "_Weiter")
                XCTAssertEqual(BuiltInStrings.windowTitle(for: .whatsNew, appName: "Car"), "Neu in Car")
                XCTAssertEqual(BuiltInStrings.versionHeading("1.3"), "Version 1.3")
                XCTAssertEqual(BuiltInStrings.moreUpdates(1), "Und 1 weitere Aktualisierung")
                XCTAssertEqual(BuiltInStrings.moreUpdates(3), "Und 3 weitere Aktualisierungen")
                XCTAssertEqual(ContentStrings.translated.releaseNotesLabel, "Versionshinweise")
            }
        }
    }

    func testFrenchSpanishAndArabicPlurals() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            try Self.requireCatalogues()
            try Self.withLanguage("fr") {
                XCTAssertEqual(BuiltInStrings.whatsNewHeadline, "Nouveautés de")
                XCTAssertEqual(BuiltInStrings.continueLabel, "Continuer")
                XCTAssertEqual(BuiltInStrings.moreUpdates(0), "Et 0 autre mise à jour", "French: 0 is singular")
            }
            try Self.withLanguage("es") {
                XCTAssertEqual(BuiltInStrings.welcomeHeadline, "Te damos la bienvenida a")
                XCTAssertEqual(BuiltInStrings.versionHeading("2.0"), "Versión 2.0")
            }
            try Self.withLanguage("ar") {
                XCTAssertEqual(BuiltInStrings.continueLabel, "متابعة")
                XCTAssertEqual(BuiltInStrings.moreUpdates(2), "و2 تحديثان آخران")
                XCTAssertEqual(BuiltInStrings.moreUpdates(5), "و5 تحديثات أخرى")
            }
        }
    }

    func testHebrewCatalogueTurnsTheWindowRightToLeft() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            try Self.requireCatalogues()
            let previous = TextDirection.defaultDirection
            TextDirection.defaultDirection = .leftToRight // as when GTK's own gtk30 catalogue is missing
            defer { TextDirection.defaultDirection = previous }
            try Self.withLanguage("he") {
                XCTAssertTrue(BuiltInStrings.isRightToLeft)
                let dialog = try FirstOpenDialog(content: sampleContent())
                defer { dialog.dismiss() }
                XCTAssertEqual(dialog.headlineLabel.text, "ברוכים הבאים ל־")
                XCTAssertEqual(dialog.continueButton.label, "_המשך")
                XCTAssertEqual(dialog.rows[0].container.direction, .rightToLeft)
                dialog.present()
                XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
                settle()
                let icon = try XCTUnwrap(dialog.rows[0].icon.origin(in: dialog.window))
                let title = try XCTUnwrap(dialog.rows[0].titleLabel.origin(in: dialog.window))
                XCTAssertGreaterThan(icon.x, title.x)
            }
        }
    }

    func testUntranslatedLanguageFallsBackToEnglish() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            try Self.withLanguage("xx") {
                XCTAssertEqual(BuiltInStrings.welcomeHeadline, "Welcome to")
                XCTAssertEqual(BuiltInStrings.moreUpdates(1), "And 1 more update")
                XCTAssertEqual(BuiltInStrings.moreUpdates(2), "And 2 more updates")
                XCTAssertFalse(BuiltInStrings.isRightToLeft)
            }
        }
    }

    func testUntranslatedLookupsReturnTheirOwnText() throws {
        // dgettext hands back the msgid pointer it was given when there is no
        // translation; reading it after the call, once a temporary C string is gone,
        // crashed the What's New title (found by WindowSessionTests in a clean build).
        // Reading freed memory does not fail reliably, so this checks the contract for
        // many short (inline) and long (heap) msgids rather than the crash itself.
        try Self.withLanguage("xx") {
            for index in 0..<2_000 {
                let msgid = index.isMultiple(of: 2)
                    ? "Short \(index)"
                    : "Untranslated message number \(index) that is long enough to live on the heap"
                XCTAssertEqual(Localization.gettext(msgid), msgid)
                let plural = msgid + " (plural)"
                XCTAssertEqual(Localization.ngettext(msgid, plural, 2), plural)
                XCTAssertEqual(Localization.ngettext(msgid, plural, 1), msgid)
            }
            XCTAssertEqual(BuiltInStrings.windowTitle(for: .whatsNew, appName: "Car"), "What's New in Car")
        }
    }

    func testSubstitutionKeepsPercentSignsOfTheArgument() {
        XCTAssertEqual(Localization.substitute("Welcome to %s", "100%% Car"), "Welcome to 100%% Car")
        XCTAssertEqual(Localization.substitute("%1$s, 50%%", "x"), "x, 50%")
        XCTAssertEqual(Localization.substitute("no placeholder", "x"), "no placeholder")
    }

    /// docs/spec-format.md: left-out rows of the shown versions are "changes", left-out
    /// older versions "updates"; 15 rows in 2.0 (12 shown) plus 4 older versions read
    /// "And 3 more changes and 4 more updates".
    func testFootnotesCountChangesAndUpdatesApart() throws {
        try MainActor.assumeIsolated {
            try Self.withLanguage("xx") {
                let footnote = ContentStrings.translated.footnote
                XCTAssertEqual(footnote(3, 4), "And 3 more changes and 4 more updates")
                XCTAssertEqual(footnote(1, 1), "And 1 more change and 1 more update")
                XCTAssertEqual(footnote(4, 0), "And 4 more changes")
                XCTAssertEqual(footnote(1, 0), "And 1 more change")
                XCTAssertEqual(footnote(0, 2), "And 2 more updates")
                for (changes, updates) in [(3, 4), (1, 0), (0, 5), (2, 1)] {
                    XCTAssertEqual(footnote(changes, updates), ContentStrings.english.footnote(changes, updates))
                }
            }
            try Self.withLanguage("de") {
                XCTAssertEqual(ContentStrings.translated.footnote(3, 4),
                               "Und 3 weitere Änderungen und 4 weitere Aktualisierungen")
                XCTAssertEqual(ContentStrings.translated.footnote(1, 0), "Und 1 weitere Änderung")
            }
            try Self.withLanguage("fr") {
                XCTAssertEqual(ContentStrings.translated.footnote(3, 1), "Et 3 autres modifications et 1 autre mise à jour")
            }
            try Self.withLanguage("ar") {
                XCTAssertEqual(ContentStrings.translated.footnote(2, 0), "و2 تغييران آخران")
                XCTAssertEqual(ContentStrings.translated.footnote(11, 3), "و11 تغييرًا آخر و3 تحديثات أخرى")
            }
            try Self.withLanguage("he") {
                XCTAssertEqual(ContentStrings.translated.footnote(3, 4), "ועוד 3 שינויים נוספים ו־4 עדכונים נוספים")
            }
        }
    }

    /// Every language gives Continue, Release Notes, the check box and Copy Link
    /// mnemonics, on letters that differ within the window.
    func testEveryLanguageHasDistinctMnemonics() throws {
        try MainActor.assumeIsolated {
            try Self.requireCatalogues()
            for language in ["xx", "de", "fr", "es", "he", "ar"] {
                try Self.withLanguage(language) {
                    let labels = [BuiltInStrings.continueMnemonic, BuiltInStrings.releaseNotesMnemonic,
                                  BuiltInStrings.dontShowAfterUpdatesMnemonic]
                    let keys = labels.compactMap(Mnemonic.key(of:))
                    XCTAssertEqual(keys.count, 3, "\(language): \(labels)")
                    XCTAssertEqual(Set(keys).count, 3, "\(language): \(labels)")
                    XCTAssertNotNil(Mnemonic.key(of: BuiltInStrings.copyLinkMnemonic), language)
                    XCTAssertNotEqual(Mnemonic.key(of: BuiltInStrings.copyLinkMnemonic), keys[0], language)
                }
            }
        }
    }

    /// A spec whose SecondaryLabel is the English default ("Release Notes", as in the
    /// example spec) shows the built-in translation where the spec has none.
    func testUntranslatedReleaseNotesLabelShowsTheBuiltInTranslation() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            try Self.requireCatalogues()
            let expected = ["fr": "Notes de version", "es": "Notas de la versión", "he": "הערות גרסה",
                            "ar": "ملاحظات الإصدار", "de": "Versionshinweise", "xx": "Release Notes"]
            for (language, label) in expected {
                try Self.withLanguage(language) {
                    let dialog = try FirstOpenDialog(content: sampleContent(
                        kind: .whatsNew, secondaryAction: SecondaryAction(label: "Release Notes", url: "https://example.org")))
                    defer { dialog.dismiss() }
                    XCTAssertEqual(dialog.secondaryButton?.shownLabel, label, language)
                    XCTAssertEqual(dialog.secondaryButton?.label, BuiltInStrings.releaseNotesMnemonic, language)
                }
            }
            // Any other text is the spec's own.
            try Self.withLanguage("fr") {
                let dialog = try FirstOpenDialog(content: sampleContent(
                    kind: .whatsNew, secondaryAction: SecondaryAction(label: "Changelog", url: "https://example.org")))
                defer { dialog.dismiss() }
                XCTAssertEqual(dialog.secondaryButton?.shownLabel, "Changelog")
            }
        }
    }

    func testSubstitutionFillsSeveralPlaceholders() {
        XCTAssertEqual(Localization.substitute("And %1$s and %2$s", ["a", "b"]), "And a and b")
        XCTAssertEqual(Localization.substitute("%2$s, %1$s", ["a", "b"]), "b, a")
        XCTAssertEqual(Localization.substitute("%s and %s", ["%1$s", "%s"]), "%1$s and %s", "arguments are not scanned")
        XCTAssertEqual(Localization.substitute("%3$s %n %", ["a"]), "%3$s %n %")
    }

    /// A release date is written in the language of the translation, whatever LC_TIME
    /// says: the screenshot renderer (and this test process) runs with LC_TIME=C, where
    /// GLib's %B is English ("21. February 2023" in a German window).
    func testReleaseDatesUseTheTranslationsMonthNames() throws {
        try Self.requireCatalogues()
        try Self.withLanguage("de") {
            XCTAssertEqual(BuiltInStrings.releaseDate("2023-02-21"), "21. Februar 2023")
            XCTAssertEqual(ContentStrings.translated.noDetails, "Keine Details zu dieser Version")
            XCTAssertEqual(BuiltInStrings.releaseLine(date: "2022-03-05", isPrerelease: true), "Vorabversion, 5. März 2022")
        }
        try Self.withLanguage("fr") {
            XCTAssertEqual(BuiltInStrings.releaseDate("2023-08-01"), "1 août 2023")
        }
        try Self.withLanguage("es") {
            XCTAssertEqual(BuiltInStrings.releaseDate("2023-12-24"), "24 de diciembre de 2023")
        }
        try Self.withLanguage("he") {
            XCTAssertEqual(BuiltInStrings.releaseDate("2023-02-21"), "21.2.2023")
        }
        try Self.withLanguage("en") {
            XCTAssertEqual(BuiltInStrings.releaseDate("2023-02-21"), "21 February 2023")
        }
    }
}
