import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

/// Tab order, keyboard scrolling, mnemonics and focus rings.
final class KeyboardTests: XCTestCase {
    @MainActor
    private static func presented(_ content: WindowContent) throws -> FirstOpenDialog {
        let dialog = try FirstOpenDialog(content: content)
        dialog.present()
        XCTAssertTrue(spinMainLoop { dialog.window.isMapped }, "the window is mapped")
        settle()
        return dialog
    }

    @MainActor
    private static func whatsNewWithEverything(rowCount: Int = 3) -> WindowContent {
        var content = sampleContent(
            kind: .whatsNew, rowCount: rowCount,
            secondaryAction: SecondaryAction(label: "Release Notes", url: "https://example.org/news"))
        content.offersWhatsNewOptOut = true
        return content
    }

    /// Tab from Continue visits the secondary button, the check box and comes back: no
    /// invisible stop (GTK 3's scrolled window is one unless told otherwise), with few
    /// rows and with many.
    func testTabVisitsOnlyTheVisibleControls() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            for rowCount in [3, 30] {
                let dialog = try Self.presented(Self.whatsNewWithEverything(rowCount: rowCount))
                defer { dialog.dismiss() }
                XCTAssertFalse(dialog.scrolledWindow.canFocus)
                let secondary = try XCTUnwrap(dialog.secondaryButton)
                let check = try XCTUnwrap(dialog.optOutCheckButton)
                XCTAssertTrue(dialog.continueButton.wraps(dialog.window.focusedWidget))
                var visited: [String] = []
                for _ in 0..<3 {
                    dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Tab))
                    let focused = dialog.window.focusedWidget
                    visited.append(
                        dialog.continueButton.wraps(focused) ? "continue"
                            : secondary.wraps(focused) ? "secondary"
                            : check.wraps(focused) ? "check"
                            : focused.map { String(cString: gtk_widget_get_name($0)) } ?? "nothing")
                }
                XCTAssertEqual(visited, ["secondary", "check", "continue"], "\(rowCount) rows")
            }
        }
    }

    func testPageDownArrowsHomeAndEndScrollFromContinue() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try Self.presented(Self.whatsNewWithEverything(rowCount: 30))
            defer { dialog.dismiss() }
            XCTAssertTrue(dialog.scrolledWindow.scrollsVertically)
            XCTAssertTrue(dialog.continueButton.hasFocus)
            XCTAssertEqual(dialog.scrolledWindow.verticalOffset, 0)

            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Page_Down)))
            let afterPage = dialog.scrolledWindow.verticalOffset
            XCTAssertGreaterThan(afterPage, 100, "Page Down scrolls about a page")
            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Down)))
            XCTAssertGreaterThan(dialog.scrolledWindow.verticalOffset, afterPage, "Down scrolls a line")
            XCTAssertTrue(dialog.continueButton.hasFocus, "scrolling leaves the focus where it was")

            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_End))
            let range = dialog.scrolledWindow.verticalRange
            XCTAssertEqual(dialog.scrolledWindow.verticalOffset, range.upper - range.pageSize, accuracy: 1)
            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Page_Up))
            XCTAssertLessThan(dialog.scrolledWindow.verticalOffset, range.upper - range.pageSize)
            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Home))
            XCTAssertEqual(dialog.scrolledWindow.verticalOffset, 0)
            XCTAssertNil(dialog.dismissalReason, "scroll keys never dismiss")
        }
    }

    func testArrowsMoveTheFocusWhenNothingScrolls() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try Self.presented(Self.whatsNewWithEverything(rowCount: 2))
            defer { dialog.dismiss() }
            XCTAssertFalse(dialog.scrolledWindow.scrollsVertically)
            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Down))
            XCTAssertTrue(try XCTUnwrap(dialog.secondaryButton).hasFocus)
        }
    }

    func testAltCContinues() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try Self.presented(Self.whatsNewWithEverything())
            var reasons: [DismissalReason] = []
            dialog.onDismiss = { reasons.append($0) }
            // Focus elsewhere, so that only the mnemonic can press Continue.
            try XCTUnwrap(dialog.optOutCheckButton).grabFocus()
            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_c), modifiers: GDK_MOD1_MASK))
            XCTAssertTrue(spinMainLoop { !reasons.isEmpty })
            XCTAssertEqual(reasons, [.continued])
        }
    }

    func testAltDChecksTheBoxAndAltROpensTheLink() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let dialog = try Self.presented(Self.whatsNewWithEverything())
            defer { dialog.dismiss() }
            var opened: [String] = []
            dialog.openURL = { url, _ in opened.append(url) }
            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_d), modifiers: GDK_MOD1_MASK))
            // GTK shows a mnemonic-activated button pressed for a moment before it toggles.
            XCTAssertTrue(spinMainLoop { dialog.optOutCheckButton?.isActive == true })
            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_r), modifiers: GDK_MOD1_MASK))
            XCTAssertTrue(spinMainLoop { !opened.isEmpty })
            XCTAssertEqual(opened, ["https://example.org/news"])
            XCTAssertNil(dialog.dismissalReason)
        }
    }

    /// A spec's own label gets a mnemonic on a letter no other control uses; its
    /// underscores are shown, not read as mnemonics.
    func testSpecLabelsGetAFreeMnemonic() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var content = Self.whatsNewWithEverything()
            content.secondaryAction = SecondaryAction(label: "Change_log", url: "https://example.org")
            let dialog = try FirstOpenDialog(content: content)
            defer { dialog.dismiss() }
            // C is Continue's: the next free letter is h.
            XCTAssertEqual(dialog.secondaryButton?.label, "C_hange__log")
            XCTAssertEqual(dialog.secondaryButton?.shownLabel, "Change_log")
            XCTAssertEqual(dialog.secondaryButton?.accessibleName, "Change_log")
        }
        XCTAssertEqual(Mnemonic.automatic("__", avoiding: []), "____")
        XCTAssertEqual(Mnemonic.automatic("Do", avoiding: ["d", "o"]), "Do")
        XCTAssertEqual(Mnemonic.key(of: "Link _kopieren"), "k")
        XCTAssertEqual(Mnemonic.stripped("a__b_c_"), "a_bc_")
    }

    /// The focus ring is a solid 2 px line of at least 3:1 against what surrounds it: the
    /// accent on Continue, the window background on the flat secondary button and the
    /// check box. (Adwaita's 1 px dashed ring reached 2.3:1 on the accent.)
    func testFocusRingsReachThreeToOne() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            for accent in ["#1c71d8", "#f6d32d", "#e01b24", "#33d17a", "#888888"] {
                var content = Self.whatsNewWithEverything()
                content.accentColor = accent
                let dialog = try Self.presented(content)
                defer { dialog.dismiss() }
                let background = try XCTUnwrap(dialog.window.themeColor(named: "theme_bg_color"))
                let buttonColor = try XCTUnwrap(dialog.continueButton.cssColor("background-color"))
                let ring = try XCTUnwrap(dialog.continueButton.cssColor("outline-color"))
                XCTAssertEqual(ring.alpha, 1)
                XCTAssertGreaterThanOrEqual(ring.contrastRatio(with: buttonColor), 3, "Continue ring on \(accent)")
                XCTAssertGreaterThanOrEqual(dialog.continueButton.cssInteger("outline-width"), 2)
                // Drawn inside the button (GTK clips it to the widget), so the button
                // colour is what surrounds it; the button itself stands out from the window.
                XCTAssertLessThan(dialog.continueButton.cssInteger("outline-offset"), -2)
                for control in [try XCTUnwrap(dialog.secondaryButton) as Widget, try XCTUnwrap(dialog.optOutCheckButton)] {
                    let color = try XCTUnwrap(control.cssColor("outline-color"))
                    XCTAssertGreaterThanOrEqual(color.with(alpha: 1).contrastRatio(with: background), 3, "\(accent)")
                    XCTAssertEqual(color.alpha, 1)
                    XCTAssertGreaterThanOrEqual(control.cssInteger("outline-width"), 2)
                }
            }
        }
    }
}
