internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import FirstOpenGTKWrappers
/// The message the window shows when its secondary button ("Release Notes") could not
/// open its link: "The link could not be opened.", the address (selectable), and a
/// "Copy Link" button. Hidden until ``show(url:)``; exposed to assistive technologies as
/// an alert, so a screen reader speaks it when it appears.
@MainActor
final class LinkFailureBar {
    let bar: InfoBar
    let messageLabel: Label
    let urlLabel: Label
    let copyButton: Button
    /// The address on display.
    private(set) var url = ""

    init() {
        bar = InfoBar()
        bar.accessibleRole = .alert
        bar.setMargins(top: 8, start: FirstOpenDialog.sideMargin, end: FirstOpenDialog.sideMargin)
        // Shown only by show(url:), not by the window's showAll().
        bar.isExcludedFromShowAll = true

        messageLabel = Label(BuiltInStrings.linkNotOpened)
        urlLabel = Label()
        urlLabel.isSelectable = true
        // Not a Tab stop: the Copy Link button is the keyboard's way to the address.
        urlLabel.canFocus = false
        let texts = Box(.vertical, spacing: 2)
        for label in [messageLabel, urlLabel] {
            label.wraps = true
            label.xAlign = 0
            label.maxWidthChars = RowView.maxWidthChars
            texts.append(label)
        }
        bar.addContent(texts)

        copyButton = Button(mnemonic: BuiltInStrings.copyLinkMnemonic)
        bar.addAction(copyButton)
        copyButton.onClicked { [unowned self] in
            Clipboard.setText(self.url, from: self.copyButton)
            self.messageLabel.text = BuiltInStrings.linkCopied
        }
    }

    /// Addresses longer than this (about three lines) are shown on one line, cut in the
    /// middle: Pango lays out one long unbreakable word in superlinear time (a 2048-byte
    /// URL took 0.9 s and made the window taller than the screen, 5000 characters 3.8 s).
    static let wrappedURLLength = 150

    /// Shows the message for `url`.
    func show(url: String) {
        self.url = url
        messageLabel.text = BuiltInStrings.linkNotOpened
        let isLong = url.utf8.count > Self.wrappedURLLength
        urlLabel.ellipsizesInTheMiddle = isLong
        if !isLong { urlLabel.wraps = true }
        urlLabel.text = url
        bar.accessibleName = BuiltInStrings.linkNotOpened
        bar.accessibleDescription = url
        bar.isExcludedFromShowAll = false
        bar.showAll()
    }

    /// Whether the message is on display.
    var isShown: Bool { bar.isVisible }
}
