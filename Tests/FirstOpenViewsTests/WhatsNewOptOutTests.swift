import CGtk
@testable import FirstOpenViews
import XCTest

/// The "Don't show after updates" check box of a What's New window.
final class WhatsNewOptOutTests: XCTestCase {
    func testOfferedOnlyInWhatsNewWindowsThatAskForIt() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var whatsNew = sampleContent(kind: .whatsNew)
            whatsNew.offersWhatsNewOptOut = true
            let offered = try FirstOpenDialog(content: whatsNew)
            defer { offered.dismiss() }
            XCTAssertEqual(offered.optOutCheckButton?.label, "Don't show after updates")
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

    func testTheChoiceIsReportedAfterTheWindowIsGone() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            var content = sampleContent(kind: .whatsNew)
            content.offersWhatsNewOptOut = true
            let dialog = try FirstOpenDialog(content: content)
            var seenInCallback: Bool?
            dialog.onDismiss = { _ in seenInCallback = dialog.userOptedOutOfWhatsNew }
            dialog.present()
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            XCTAssertFalse(dialog.userOptedOutOfWhatsNew)
            dialog.optOutCheckButton?.isActive = true
            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Escape)))
            XCTAssertEqual(seenInCallback, true)
            XCTAssertTrue(dialog.userOptedOutOfWhatsNew)
        }
    }
}
