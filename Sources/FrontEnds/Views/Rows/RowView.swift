internal import FirstOpenState
internal import FirstOpenFlow
internal import FirstOpenContent
internal import FirstOpenGTKWrappers

/// The widgets of one row: a tinted symbolic icon, then a bold title over a grey,
/// wrapping subtitle (no subtitle label at all when the row has none, so the title is
/// centred on the icon). The container is exposed to assistive technologies as one list
/// item named by the title and described by the subtitle; the icon is decorative.
@MainActor
final class RowView {
    /// Logical size of row icons.
    static let iconSize = 32

    let container: Box
    let icon: Image
    let titleLabel: Label
    /// The subtitle, `nil` for a row without one.
    let subtitleLabel: Label?
    let iconSource: IconSource
    let tint: RGBA

    /// The row's labels, title first.
    var labels: [Label] { [titleLabel] + (subtitleLabel.map { [$0] } ?? []) }

    init(row: InformationRow, tint: RGBA, iconDirectories: [String] = []) {
        self.tint = tint
        iconSource = IconSource(row.iconName, directories: iconDirectories)

        container = Box(.horizontal, spacing: RowView.spacing)

        icon = Image()
        icon.verticalAlignment = .center
        icon.setSizeRequest(width: RowView.iconSize, height: RowView.iconSize)
        icon.accessibleName = ""
        icon.accessibleRole = .redundantObject

        titleLabel = Label(row.title)
        titleLabel.addStyleClass("first-open-row-title")
        if row.subtitle.isEmpty {
            subtitleLabel = nil
        } else {
            let label = Label(row.subtitle)
            label.addStyleClass("first-open-subtitle")
            subtitleLabel = label
        }
        let texts = Box(.vertical, spacing: 2)
        texts.verticalAlignment = .center
        texts.expandsHorizontally = true
        for label in [titleLabel] + (subtitleLabel.map { [$0] } ?? []) {
            label.wraps = true
            label.xAlign = 0
            label.justification = .start
            // As wide as its text (see setTextWidth), from the start edge.
            label.horizontalAlignment = .start
            // Wraps at about 48 characters: the window stays narrow however long the text.
            label.maxWidthChars = RowView.maxWidthChars
            texts.append(label)
        }

        container.append(icon)
        container.append(texts, expand: true)
        container.accessibleRole = .listItem
        container.accessibleName = row.title
        if !row.subtitle.isEmpty { container.accessibleDescription = row.subtitle }
    }

    /// Where texts wrap when the window sizes itself.
    static let maxWidthChars = 48

    /// Space between the icon and the texts.
    static let spacing = 16

    /// Fixes the wrapping width of the texts (`nil`: about 48 characters); see
    /// ``Label/setWrapWidth(_:defaultChars:)``.
    func setTextWidth(_ width: Int?) {
        for label in labels { label.setWrapWidth(width, defaultChars: RowView.maxWidthChars) }
    }

    /// Aligns title and subtitle with the window's start edge, whatever their own
    /// direction (``Label/alignToStartEdge()``).
    func alignTextsToStartEdge() {
        for label in labels { label.alignToStartEdge() }
    }

    /// (Re)loads the icon for a display of `scale`; a missing icon leaves a blank square
    /// so the rows stay aligned.
    func loadIcon(scale: Int) {
        icon.setIcon(iconSource, size: RowView.iconSize, scale: scale, tint: tint)
    }
}
