import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
import FirstOpenTestSupport
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

/// How a wrapping label is measured for the window's natural width: the `width-chars`
/// that makes GTK's measurement cheap (``Label/naturalWidthChars(maxChars:)``) must leave
/// the natural width exactly as GTK measures it without one, whatever the text and font.
final class LabelMeasureTests: XCTestCase {
    private static let texts = [
        "Car",
        "Faster start",
        "A car (or automobile) is a wheeled motor vehicle used for transportation.",
        "An airplane or aeroplane (informally plane) is a powered, fixed-wing aircraft that is propelled "
            + "forward by thrust from a jet engine, propeller or rocket engine.",
        "https://example.org/" + String(repeating: "averyveryverylongpathsegment", count: 5),
        "See " + String(repeating: "x", count: 70) + " and then a few short words after it.",
        String(repeating: "a b c d e f g ", count: 12),
        "First paragraph.\nThe second paragraph is much longer than the first one and has to wrap somewhere.",
        "السيارة مركبة ذات عجلات تستخدم للنقل، وهي تعمل بمحرك وتتسع لعدد قليل من الركاب، وتسير على الطرق المعبدة.",
        "汽车是一种有轮子的机动车辆，用于运输。大多数汽车的定义是在道路上行驶，可乘坐一到八人，有四个轮子，主要用于运输人员而不是货物。",
        "1234567890 1234567890 1234567890 1234567890 1234567890 1234567890 1234567890",
    ]

    /// Sentences of random words, a few characters either side of the wrapping width.
    private static func randomTexts(count: Int) -> [String] {
        var random = SeededRandom(seed: 18)
        let letters = Array("abcdefghijklmnopqrstuvwxyzWMil")
        return (0..<count).map { _ in
            (0..<Int.random(in: 3...30, using: &random)).map { _ in
                String((0..<Int.random(in: 1...14, using: &random)).map { _ in letters.randomElement(using: &random)! })
            }.joined(separator: " ")
        }
    }

    func testTheCheapMeasureKeepsEveryNaturalWidth() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let sheet = try CSSProvider(css: """
                label.measure-heavy { font-weight: 900; font-size: 2.2em; }
                label.measure-mono { font-family: monospace; }
                label.measure-spaced { letter-spacing: 2px; }
                """)
            sheet.install()
            defer { sheet.remove() }
            var cheap = 0
            var measured = 0
            for text in Self.texts + Self.randomTexts(count: 60) {
                for styleClass in [nil, "measure-heavy", "measure-mono", "measure-spaced"] {
                    for maxChars in [48, 20] {
                        let label = Label(text)
                        if let styleClass { label.addStyleClass(styleClass) }
                        label.wraps = true
                        label.xAlign = 0
                        label.maxWidthChars = maxChars
                        label.showAll()  // hidden widgets measure as nothing
                        let natural = label.naturalWidth
                        label.setWrapWidth(nil, defaultChars: maxChars)
                        let chars = gtk_label_get_width_chars(fo_label(label.widgetPointer))
                        if chars > 0 { cheap += 1 }
                        if natural > 0 { measured += 1 }
                        XCTAssertEqual(label.naturalWidth, natural,
                                       "\(text) (\(styleClass ?? "plain"), \(maxChars) characters, width-chars \(chars))")
                    }
                }
            }
            XCTAssertGreaterThan(cheap, 200, "the long texts are measured the cheap way")
            XCTAssertGreaterThan(measured, 500, "every label measured")
        }
    }

    func testAShortTextKeepsNoWidthChars() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let label = Label("Car")
            label.wraps = true
            label.setWrapWidth(nil, defaultChars: 48)
            XCTAssertEqual(gtk_label_get_width_chars(fo_label(label.widgetPointer)), -1)
        }
    }
}
