import CGtk
@testable import FirstOpenViews
import XCTest

/// Enter, Escape, the close button and code each dismiss the window, reported once.
final class DialogDismissalTests: XCTestCase {
    /// A presented dialog that counts its dismissals.
    @MainActor
    private static func presentedDialog(_ content: WindowContent = sampleContent()) throws -> (FirstOpenDialog, () -> [DismissalReason]) {
        let dialog = try FirstOpenDialog(content: content)
        var reasons: [DismissalReason] = []
        dialog.onDismiss = { reasons.append($0) }
        dialog.present()
        XCTAssertTrue(spinMainLoop { dialog.window.isMapped }, "the window is mapped")
        return (dialog, { reasons })
    }

    func testEnterContinuesOnce() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let (dialog, reasons) = try Self.presentedDialog()
            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Return)))
            // GtkButton shows itself pressed for a moment before it emits "clicked".
            XCTAssertTrue(spinMainLoop { !reasons().isEmpty })
            XCTAssertEqual(reasons(), [.continued])
            XCTAssertEqual(dialog.dismissalReason, .continued)
            XCTAssertTrue(dialog.window.isDestroyed)
            // A second Enter, an Escape and a dismiss() change nothing.
            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Return))
            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Escape))
            dialog.dismiss()
            settle(0.3)
            XCTAssertEqual(reasons(), [.continued])
        }
    }

    func testEnterActivatesTheDefaultWidgetWhenFocusIsElsewhere() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let (dialog, reasons) = try Self.presentedDialog()
            // Focus on a non-activatable widget: Enter goes to the default widget.
            gtk_window_set_focus(dialog.window.gtkWindow, nil)
            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_KP_Enter)))
            XCTAssertTrue(spinMainLoop { !reasons().isEmpty })
            XCTAssertEqual(reasons(), [.continued])
        }
    }

    func testEscapeDismissesOnce() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let (dialog, reasons) = try Self.presentedDialog()
            XCTAssertTrue(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Escape)))
            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Escape))
            XCTAssertEqual(reasons(), [.escaped])
            XCTAssertTrue(dialog.window.isDestroyed)
        }
    }

    func testOtherKeysDoNotDismiss() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let (dialog, reasons) = try Self.presentedDialog()
            defer { dialog.dismiss() }
            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_a))
            dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Tab))
            settle(0.05)
            XCTAssertEqual(reasons(), [])
            XCTAssertFalse(dialog.window.isDestroyed)
        }
    }

    func testCloseButtonDismissesOnce() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let (dialog, reasons) = try Self.presentedDialog()
            dialog.window.requestClose()
            XCTAssertTrue(spinMainLoop { !reasons().isEmpty })
            XCTAssertEqual(reasons(), [.closed])
            XCTAssertTrue(dialog.window.isDestroyed)
        }
    }

    func testClickingContinueDismisses() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let (dialog, reasons) = try Self.presentedDialog()
            dialog.continueButton.click()
            dialog.continueButton.click()
            XCTAssertEqual(reasons(), [.continued])
        }
    }

    func testDismissFromCodeIsProgrammaticAndNotAUserDismissal() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let (dialog, reasons) = try Self.presentedDialog()
            dialog.dismiss()
            dialog.dismiss()
            XCTAssertEqual(reasons(), [.programmatic])
            XCTAssertFalse(DismissalReason.programmatic.isUserDismissal)
            XCTAssertTrue(DismissalReason.continued.isUserDismissal)
        }
    }

    func testDestroyingTheParentReportsProgrammaticOnce() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let parent = Window(title: "Parent")
            parent.showAll()
            let dialog = try FirstOpenDialog(content: sampleContent(), parent: parent)
            var reasons: [DismissalReason] = []
            dialog.onDismiss = { reasons.append($0) }
            dialog.present()
            settle(0.05)
            parent.destroy()
            XCTAssertEqual(reasons, [.programmatic])
            XCTAssertTrue(dialog.window.isDestroyed)
        }
    }

    func testSecondaryButtonDoesNotDismiss() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let content = sampleContent(secondaryAction: SecondaryAction(label: "Release Notes", url: "first-open-test-no-handler:x"))
            let (dialog, reasons) = try Self.presentedDialog(content)
            defer { dialog.dismiss() }
            var opened: [String] = []
            dialog.openURL = { opened.append($0) }
            try XCTUnwrap(dialog.secondaryButton).click()
            settle(0.05)
            XCTAssertEqual(opened, ["first-open-test-no-handler:x"])
            XCTAssertEqual(reasons(), [])
            XCTAssertFalse(dialog.window.isDestroyed)
        }
    }

    func testSecondaryURLThatCannotBeOpenedIsReportedAndTheWindowStays() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let content = sampleContent(secondaryAction: SecondaryAction(label: "Release Notes", url: "first-open-test-no-handler:x"))
            let (dialog, reasons) = try Self.presentedDialog(content)
            defer { dialog.dismiss() }
            var failures = 0
            dialog.openURL = { _ in
                failures += 1
                throw GLibError(domain: "g-io-error-quark", code: 15, message: "Operation not supported")
            }
            try XCTUnwrap(dialog.secondaryButton).click()
            XCTAssertEqual(failures, 1)
            XCTAssertEqual(reasons(), [])
            XCTAssertFalse(dialog.window.isDestroyed)
        }
    }

    func testPresentAfterDismissalDoesNothing() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let (dialog, reasons) = try Self.presentedDialog()
            dialog.dismiss()
            dialog.present()
            XCTAssertEqual(reasons(), [.programmatic])
            XCTAssertFalse(dialog.isPresented)
        }
    }
}
