import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import CGtk
@testable import FirstOpenViews
import XCTest
import FirstOpenGTKWrappers

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
            XCTAssertFalse(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Return)), "no window to take it")
            XCTAssertFalse(dialog.window.sendKeyPress(keyval: UInt(GDK_KEY_Escape)), "no window to take it")
            dialog.dismiss()
            drainMainLoop()
            XCTAssertEqual(reasons(), [.continued])
            XCTAssertEqual(dialog.dismissalReason, .continued)
        }
    }

    func testEnterActivatesTheDefaultWidgetWhenFocusIsElsewhere() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let (dialog, reasons) = try Self.presentedDialog()
            // Focus on a non-activatable widget: Enter goes to the default widget.
            gtk_window_set_focus(dialog.window.windowPointer, nil)
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
            drainMainLoop()
            XCTAssertEqual(reasons(), [])
            XCTAssertFalse(dialog.window.isDestroyed)
            // Keys are handled when sent; only a button activation finishes later (GTK
            // shows it pressed, then emits "clicked"): none is under way.
            XCTAssertFalse(dialog.continueButton.isPressedDown, "Continue is not being activated")
            XCTAssertNil(dialog.dismissalReason)
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
            XCTAssertTrue(spinMainLoop { dialog.window.isMapped })
            parent.destroy()
            XCTAssertEqual(reasons, [.programmatic])
            XCTAssertTrue(dialog.window.isDestroyed)
        }
    }

    /// Presented over a parent that is not shown yet, which is destroyed before it ever
    /// maps: the window goes with it, once, as programmatic (nothing is recorded).
    func testParentDestroyedBeforeItsMapReportsProgrammaticOnce() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let parent = Window(title: "Parent")
            let dialog = try FirstOpenDialog(content: sampleContent(), parent: parent)
            var reasons: [DismissalReason] = []
            dialog.onDismiss = { reasons.append($0) }
            dialog.present()
            parent.destroy()
            settle()
            XCTAssertEqual(reasons, [.programmatic])
            XCTAssertTrue(dialog.window.isDestroyed)
            XCTAssertFalse(dialog.isPresented)
        }
    }

    func testSecondaryButtonDoesNotDismiss() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let content = sampleContent(secondaryAction: SecondaryAction(label: "Release Notes", url: "first-open-test-no-handler:x"))
            let (dialog, reasons) = try Self.presentedDialog(content)
            defer { dialog.dismiss() }
            var opened: [String] = []
            dialog.openURL = { url, _ in opened.append(url) }
            try XCTUnwrap(dialog.secondaryButton).click()
            drainMainLoop()
            XCTAssertEqual(opened, ["first-open-test-no-handler:x"])
            XCTAssertNil(dialog.dismissalReason)
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
            dialog.openURL = { _, failed in
                failures += 1
                failed(GLibError(domain: "g-io-error-quark", code: 15, message: "Operation not supported"))
            }
            XCTAssertFalse(dialog.linkFailureBar.isShown, "no message until something fails")
            try XCTUnwrap(dialog.secondaryButton).click()
            XCTAssertEqual(failures, 1)
            XCTAssertEqual(reasons(), [])
            XCTAssertFalse(dialog.window.isDestroyed)
            // The window says so, shows the address and offers to copy it.
            settle(0.1)
            let bar = dialog.linkFailureBar
            XCTAssertTrue(bar.isShown)
            XCTAssertTrue(bar.bar.isMapped)
            XCTAssertEqual(bar.messageLabel.text, "The link could not be opened.")
            XCTAssertEqual(bar.urlLabel.text, "first-open-test-no-handler:x")
            XCTAssertTrue(bar.urlLabel.isSelectable)
            XCTAssertEqual(bar.bar.accessibleRole, .alert)
            XCTAssertTrue(bar.copyButton.hasFocus, "the focus moves to Copy Link")
            XCTAssertEqual(bar.copyButton.shownLabel, "Copy Link")
            bar.copyButton.click()
            let clipboard = gtk_widget_get_clipboard(dialog.window.widgetPointer, gdk_atom_intern("CLIPBOARD", 0))
            let copied = gtk_clipboard_wait_for_text(clipboard)
            defer { g_free(copied) }
            XCTAssertEqual(copied.map { String(cString: $0) }, "first-open-test-no-handler:x")
            XCTAssertEqual(bar.messageLabel.text, "The link was copied to the clipboard.")
            // The window still fits its work area with the message.
            let area = try XCTUnwrap(dialog.window.workArea)
            XCTAssertLessThanOrEqual(try XCTUnwrap(dialog.window.frameOnScreen).height, area.height)
        }
    }

    /// A long URL that cannot be opened (2048 bytes, the spec's cap) was wrapped into
    /// dozens of lines of one unbreakable word, which Pango lays out in superlinear time
    /// (5000 characters: 3.8 s, the window frozen): a long address is one line, cut in the
    /// middle; the label still holds it whole for selecting and Copy Link copies it.
    func testALongURLThatCannotBeOpenedIsOneLineAndQuick() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let url = "https://example.org/" + String(repeating: "a", count: 2028)
            let content = sampleContent(secondaryAction: SecondaryAction(label: "Release Notes", url: url))
            let (dialog, _) = try Self.presentedDialog(content)
            defer { dialog.dismiss() }
            dialog.openURL = { _, failed in
                failed(GLibError(domain: "g-io-error-quark", code: 15, message: "Operation not supported"))
            }
            try XCTUnwrap(dialog.secondaryButton).click()
            settle(0.1)
            let bar = dialog.linkFailureBar
            XCTAssertTrue(bar.isShown)
            XCTAssertEqual(bar.urlLabel.text, url)
            XCTAssertLessThan(bar.urlLabel.allocation.height, 40, "one line, not dozens")
            let area = try XCTUnwrap(dialog.window.workArea)
            XCTAssertLessThanOrEqual(try XCTUnwrap(dialog.window.frameOnScreen).height, area.height)
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
