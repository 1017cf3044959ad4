internal import FirstOpenState
internal import FirstOpenFlow
internal import CGtk
public import FirstOpenContent

extension SpecFile {
    /// The window of an app described by its AppStream metainfo file alone, as
    /// libadwaita's `adw_about_dialog_new_from_appdata` reads it: from the app's
    /// GResource at `resourcePath` (`/org/example/App/org.example.App.metainfo.xml`),
    /// or, for `nil`, the installed metainfo file of the default `GApplication`'s id
    /// (`appstream:APPID`). The Swift counterpart of the C library's
    /// `first_open_presenter_new_from_appdata`; drive it with ``PresentationFlow``:
    ///
    /// ```swift
    /// let spec = try SpecFile.fromAppdata("/org/example/App/org.example.App.metainfo.xml")
    /// let flow = try PresentationFlow(spec: spec, store: KeyFileVersionStore())
    /// flow.present(over: window) { spec.windowContent(for: $0, strings: .translated) }
    /// ```
    /// - Throws: ``SpecError``: no such resource, no default application (or it has no
    ///   id, or no metainfo file is installed for it), or a file that gives no window.
    @MainActor
    public static func fromAppdata(_ resourcePath: String?, locale: String? = nil) throws(SpecError) -> SpecFile {
        guard let resourcePath else {
            guard let application = g_application_get_default(),
                  let id = g_application_get_application_id(application).map({ String(cString: $0) })
            else {
                throw .unreadable(file: "appdata", reason: "no resource path given and no default GApplication with an id")
            }
            return try SpecFile(argument: AppStreamLookup.prefix + id, locale: locale)
        }
        let bytes: OpaquePointer
        do throws(GLibError) {
            let found = try GLibError.check { g_resources_lookup_data(resourcePath, G_RESOURCE_LOOKUP_FLAGS_NONE, $0) }
            guard let found else {
                throw GLibError(domain: "", code: 0, message: "not in the application's resources")
            }
            bytes = found
        } catch {
            throw .unreadable(file: "resource://" + resourcePath, reason: error.message)
        }
        defer { g_bytes_unref(bytes) }
        var size = 0
        let data = g_bytes_get_data(bytes, &size)
        let contents = data.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
        return try SpecFile(metainfoData: contents, name: "resource://" + resourcePath, locale: locale)
    }
}
