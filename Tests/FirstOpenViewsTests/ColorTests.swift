import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

/// Colour parsing, contrast, and the style sheet being built from parsed numbers only.
final class ColorTests: XCTestCase {
    func testParsesTheUsualSyntaxes() throws {
        let blue = try RGBA(parsing: "#1c71d8")
        XCTAssertEqual(blue.cssString, "rgb(28,113,216)")
        XCTAssertEqual(try RGBA(parsing: "rgb(28,113,216)"), blue)
        XCTAssertEqual(try RGBA(parsing: " #1c71d8 "), blue)
        XCTAssertEqual(try RGBA(parsing: "white"), .white)
        XCTAssertEqual(try RGBA(parsing: "rgba(0,0,0,0.5)").alpha, 0.5, accuracy: 0.001)
    }

    func testRejectsWhatGDKDoesNotParseWithAClearMessage() {
        for text in ["blu", "", "#12345", "rgb(1,2)", "red; } * { color: blue", "url(x)"] {
            XCTAssertThrowsError(try RGBA(parsing: text), text) { error in
                XCTAssertEqual((error as? ColorParseError)?.text, text)
            }
        }
        XCTAssertFalse(RGBA.isParsable("blu"))
        XCTAssertTrue(RGBA.isParsable("steelblue"))
        XCTAssertEqual(
            ColorParseError(text: "blu").description,
            "\"blu\" is not a colour (expected e.g. #1c71d8, rgb(28,113,216) or a colour name)")
    }

    func testContrastAdjustmentReachesTheTargetOnLightAndDark() throws {
        let blue = try RGBA(parsing: "#1c71d8")
        let light = try RGBA(parsing: "#f6f5f4")
        let dark = try RGBA(parsing: "#353535")
        XCTAssertEqual(blue.adjusted(toContrast: 3, against: light), blue, "already enough contrast")
        let onDark = blue.adjusted(toContrast: 3, against: dark)
        XCTAssertGreaterThanOrEqual(onDark.contrastRatio(with: dark), 3)
        XCTAssertGreaterThan(onDark.relativeLuminance, blue.relativeLuminance, "lightened on dark")
        let yellow = try RGBA(parsing: "#f6d32d")
        XCTAssertGreaterThanOrEqual(yellow.adjusted(toContrast: 4.5, against: light).contrastRatio(with: light), 4.5)
    }

    func testStyleSheetContainsOnlyPrintedNumbers() throws {
        let style = DialogStyleSheet(
            scopeClass: "scope", accent: try RGBA(parsing: "#1c71d8"), windowBackground: try RGBA(parsing: "#f6f5f4"))
        XCTAssertTrue(style.css.contains("background-color: rgb(28,113,216);"))
        XCTAssertTrue(style.css.contains("background-image: none;"))
        XCTAssertEqual(style.buttonText, .white)
    }

    func testColorInitialisers() {
        XCTAssertEqual(FirstOpenColor.blue.cssColor, "#1c71d8")
        XCTAssertEqual(FirstOpenColor(red: 1, green: 0.5, blue: 0).cssColor, "rgb(255,128,0)")
        XCTAssertEqual(FirstOpenColor(red: 0, green: 0, blue: 0, opacity: 0.5).cssColor, "rgba(0,0,0,0.5)")
        XCTAssertTrue(FirstOpenColor(red: 2, green: -1, blue: .nan).isValid)
        XCTAssertFalse(FirstOpenColor("blu").isValid)
        XCTAssertTrue(FirstOpenColor.blue.isValid)
    }

    func testInformationDetailViewBecomesARow() {
        let view = InformationDetailView(title: "Car", subTitle: "A car.", image: "emoji-travel-symbolic", mainColor: .red)
        XCTAssertEqual(view.informationRow,
                       InformationRow(title: "Car", subtitle: "A car.", iconName: "emoji-travel-symbolic", color: "#e01b24"))
        // Untinted rows follow the window's accent, as a spec's untinted rows do.
        let untinted = InformationDetailView(title: "a", subTitle: "b", image: "c")
        XCTAssertEqual(untinted.mainColor, .accent)
        XCTAssertNil(untinted.informationRow.color)
        XCTAssertNotEqual(FirstOpenColor.accent, .blue, "the accent is not a colour of its own")
        XCTAssertTrue(FirstOpenColor.accent.isValid)
    }
}
