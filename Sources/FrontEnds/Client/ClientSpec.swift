internal import CGLib
internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenViewsModel

/// The spec file (docs/spec-format.md) for one app's pending calls: what first-open reads
/// instead of the rows the calls carry in code. Written with GKeyFile, which escapes every
/// value (`\n`, `\t`, `\\`, a leading space as `\s`), so text reaches the window as given.
struct ClientSpec {
    /// The spec's text.
    let text: String

    /// The program name GLib knows (`g_get_prgname()`), the default app ID.
    static var programName: String {
        g_get_prgname().map { String(cString: $0) } ?? "unknown"
    }

    /// `[First Open]` from the first call (the Welcome call's name, icon and colour when
    /// both are given), the policy of the What's New call, `[Welcome N]` rows from the
    /// Welcome call, `[Release VERSION N]` rows from the What's New call.
    init(appID: String, calls: [(kind: FirstOpenWindowKind, options: FirstOpenOptions)]) throws(FirstOpenClientError) {
        let welcome = calls.first { $0.kind == .welcome }?.options
        let whatsNew = calls.first { $0.kind == .whatsNew }?.options
        guard let header = welcome ?? whatsNew else {
            throw FirstOpenClientError(message: "no window to check")
        }
        let version = header.version
        if let whatsNew, whatsNew.version != version {
            throw FirstOpenClientError(message:
                "welcomeView and whatsNewView of \(appID) name different versions (\(version), \(whatsNew.version))")
        }
        // A group name cannot hold brackets or control characters (GKeyFile refuses them);
        // first-open rejects such a version anyway: say so here, in the app's words.
        guard !version.isEmpty, !version.unicodeScalars.contains(where: { $0 == "[" || $0 == "]" || $0.value < 0x20 || $0.value == 0x7f })
        else {
            throw FirstOpenClientError(message: "\(appID): the version '\(version)' is not a version")
        }
        let file = KeyFile()
        let main = "First Open"
        file.setString(appID, for: "AppId", in: main)
        let name = header.appName ?? g_get_application_name().map { String(cString: $0) } ?? appID
        file.setString(name, for: "Name", in: main)
        if let icon = header.imageName, !icon.isEmpty { file.setString(icon, for: "Icon", in: main) }
        file.setString(header.mainColor.cssColor, for: "AccentColor", in: main)
        file.setString(version, for: "Version", in: main)
        if let whatsNew {
            file.setString(whatsNew.policy.change.rawValue, for: "Policy", in: main)
            if whatsNew.policy.countsPrereleases { file.setBoolean(true, for: "CountPrereleases", in: main) }
        } else {
            // As FirstOpenViews' welcomeView alone: an update is left alone, not recorded.
            file.setBoolean(false, for: "ShowWhatsNew", in: main)
        }
        for (number, row) in (welcome?.informationDetailViews ?? []).enumerated() {
            Self.add(row, to: "Welcome \(number + 1)", in: file)
        }
        for (number, row) in (whatsNew?.informationDetailViews ?? []).enumerated() {
            Self.add(row, to: "Release \(version) \(number + 1)", in: file)
        }
        text = file.text
    }

    private static func add(_ row: InformationDetailView, to group: String, in file: KeyFile) {
        file.setString(row.image, for: "Icon", in: group)
        file.setString(row.title, for: "Title", in: group)
        if !row.subTitle.isEmpty { file.setString(row.subTitle, for: "Subtitle", in: group) }
        // FirstOpenColor.accent (the default) is a row without Color=: it follows AccentColor.
        if !row.mainColor.followsAccent { file.setString(row.mainColor.cssColor, for: "Color", in: group) }
    }
}
