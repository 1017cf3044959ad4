internal import FirstOpenState
internal import FirstOpenFlow
internal import FirstOpenContent
internal import FirstOpenGTKWrappers

/// The widgets of one release's AppStream description, as GNOME Software shows them:
/// paragraphs in normal weight, bulleted and numbered lists, `<em>` in italic and
/// `<code>` in monospace (Pango attributes on plain text: nothing is parsed as markup).
///
/// Assistive technologies see paragraphs as labels and each list as a list of list
/// items named by their text; bullets and numbers are redundant objects, as the item's
/// role already says what they do.
@MainActor
final class DescriptionView {
    /// Space between a bullet or number and its text.
    static let markerSpacing = 8

    /// One list's widgets.
    struct List {
        let box: Box
        let markers: [Label]
        let items: [Label]
    }

    let box: Box
    /// The paragraphs, in order.
    let paragraphs: [Label]
    /// The lists, in order.
    let lists: [List]

    /// Every text label (paragraphs and list items, not markers), in reading order.
    let texts: [Label]

    init(blocks: [DescriptionBlock]) {
        box = Box(.vertical, spacing: 10)
        var paragraphs: [Label] = []
        var lists: [List] = []
        var texts: [Label] = []
        for block in blocks {
            switch block {
            case let .paragraph(text):
                let label = DescriptionView.textLabel(text)
                label.addStyleClass("first-open-description-paragraph")
                box.append(label)
                paragraphs.append(label)
                texts.append(label)
            case let .bulletList(items), let .numberedList(items):
                let numbered = if case .numberedList = block { true } else { false }
                let list = DescriptionView.makeList(items, numbered: numbered)
                box.append(list.box)
                lists.append(list)
                texts += list.items
            }
        }
        self.paragraphs = paragraphs
        self.lists = lists
        self.texts = texts
    }

    /// Italic for emphasis, monospace for code.
    private static func labelStyle(_ style: StyledText.Style) -> Label.RunStyle? {
        switch style {
        case .plain: nil
        case .emphasis: .italic
        case .code: .monospace
        }
    }

    private static func textLabel(_ text: StyledText) -> Label {
        let label = Label()
        label.setText(runs: text.runs.map { ($0.text, labelStyle($0.style)) })
        label.wraps = true
        label.xAlign = 0
        label.justification = .start
        label.horizontalAlignment = .start
        label.maxWidthChars = RowView.maxWidthChars
        return label
    }

    private static func makeList(_ items: [StyledText], numbered: Bool) -> List {
        let box = Box(.vertical, spacing: 6)
        box.accessibleRole = .list
        var markers: [Label] = []
        var labels: [Label] = []
        for (index, item) in items.enumerated() {
            let row = Box(.horizontal, spacing: markerSpacing)
            row.accessibleRole = .listItem
            row.accessibleName = item.plainText
            // Locale-independent digits, as GNOME Software and browsers number lists.
            let marker = Label(numbered ? "\(index + 1)." : "\u{2022}")
            marker.addStyleClass("first-open-list-marker")
            marker.verticalAlignment = .start
            marker.xAlign = numbered ? 1 : 0.5
            marker.accessibleName = ""
            marker.accessibleRole = .redundantObject
            let label = textLabel(item)
            label.addStyleClass("first-open-list-item")
            row.append(marker)
            row.append(label, expand: true)
            box.append(row)
            markers.append(marker)
            labels.append(label)
        }
        return List(box: box, markers: markers, items: labels)
    }

    /// Fixes the wrapping width of the texts for a column `width` wide (`nil`: natural
    /// sizes); list markers of one list all get the widest marker's width, so items line up.
    func setTextWidth(_ width: Int?) {
        for label in paragraphs { label.setWrapWidth(width, defaultChars: RowView.maxWidthChars) }
        for list in lists {
            for marker in list.markers { marker.setSizeRequest(width: nil, height: nil) }
            let markerWidth = list.markers.map(\.naturalWidth).max() ?? 0
            for marker in list.markers { marker.setSizeRequest(width: markerWidth, height: nil) }
            let itemWidth = width.map { max(1, $0 - markerWidth - DescriptionView.markerSpacing) }
            for label in list.items { label.setWrapWidth(itemWidth, defaultChars: RowView.maxWidthChars) }
        }
    }

    /// Lines texts up with the window's start edge (``Label/alignToStartEdge()``).
    func alignTextsToStartEdge() {
        for label in texts { label.alignToStartEdge() }
    }
}
