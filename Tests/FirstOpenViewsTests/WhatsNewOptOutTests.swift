import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

/// The "Don't show after updates" check box of a What's New window.
final class WhatsNewOptOutTests: XCTestCase {
    func testOfferedOnlyInWhatsNewWindowsThatAskForIt() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var whatsNew = sampleContent(kind: .whatsNew)
            whatsNew.offersWhatsNewOptOut = true
            let offered = try FirstOpenDialog(content: whatsNew)
            defer { offered.dismiss() }
            XCTAssertEqual(offered.optOutCheckButton?.label, "_Don't show after updates")
            XCTAssertEqual(offered.optOutCheckButton?.isActive, false, "unchecked until the user checks it")

            var welcome = sampleContent(kind: .welcome)
            welcome.offersWhatsNewOptOut = true
            let welcomeDialog = try FirstOpenDialog(content: welcome)
            defer { welcomeDialog.dismiss() }
            XCTAssertNil(welcomeDialog.optOutCheckButton, "a Welcome window has nothing to opt out of")

            let plain = try FirstOpenDialog(content: sampleContent(kind: .whatsNew))
            defer { plain.dismiss() }
            XCTAssertNil(plain.optOutCheckButton, "not offered unless the content asks")
        }
    }

    /// Only Continue confirms the check box; Escape, the close button (and Alt+F4,
    /// which is the close button to GTK) cancel it. Read after the window is gone.
    func testOnlyContinueStoresTheChoice() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let ways: [(DismissalReason, @MainActor (FirstOpenDialog) -> Void)] = [
                (.continued, { XCTAssertTrue($0.window.sendKeyPress(keyval: UInt(GDK_KEY_Return))) }),
                (.escaped, { XCTAssertTrue($0.window.sendKeyPress(keyval: UInt(GDK_KEY_Escape))) }),
                (.closed, { $0.window.requestClose() }),
            ]
            for (expected, dismiss) in ways {
                var content = sampleContent(kind: .whatsNew)
                content.offersWhatsNewOptOut = true
                let dialog = try FirstOpenDialog(content: content)
                var seen: (DismissalReason, Bool)?
                dialog.onDismiss = { seen = ($0, dialog.userOptedOutOfWhatsNew) }
                dialog.present()
                XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
                XCTAssertFalse(dialog.userOptedOutOfWhatsNew)
                dialog.optOutCheckButton?.isActive = true
                dismiss(dialog)
                XCTAssertTrue(spinMainLoop { seen != nil }, "\(expected)")
                XCTAssertEqual(seen?.0, expected)
                XCTAssertEqual(seen?.1, expected == .continued, "\(expected)")
                XCTAssertEqual(dialog.userOptedOutOfWhatsNew, expected == .continued, "\(expected), afterwards")
            }
        }
    }
}
