package import FirstOpenContent
/// One row of a Welcome or What's New window, as in the seed: a symbolic icon tinted
/// with `mainColor`, a bold `title` and a grey, wrapping `subTitle`.
public struct InformationDetailView: Sendable, Hashable {
    /// The bold first line. Plain text, never markup.
    public var title: String
    /// The grey, wrapping text under the title. Plain text, never markup.
    public var subTitle: String
    /// An icon-theme name (preferably `…-symbolic`, e.g. `airplane-mode-symbolic`) or
    /// an absolute image path.
    public var image: String
    /// The tint of a symbolic icon; ``FirstOpenColor/accent`` (the default): the window's
    /// accent colour.
    public var mainColor: FirstOpenColor

    /// Creates a row whose icon is tinted with `mainColor`, by default the window's
    /// accent colour (the seed tinted rows blue whatever the window's colour).
    public init(title: String, subTitle: String, image: String, mainColor: FirstOpenColor = .accent) {
        self.title = title
        self.subTitle = subTitle
        self.image = image
        self.mainColor = mainColor
    }

    /// The row in the content model.
    package var informationRow: InformationRow {
        InformationRow(title: title, subtitle: subTitle, iconName: image,
                       color: mainColor.followsAccent ? nil : mainColor.cssColor)
    }
}
