internal import CGtk

/// The process's `GtkSettings`: theme, icons, fonts, antialiasing, animations. Values
/// set here are application settings, which outrank XSETTINGS and `settings.ini`.
@MainActor
package struct GTKSettings {
    private let settings: UnsafeMutablePointer<GtkSettings>

    /// The settings of the default screen; `nil` before GTK is initialised.
    package static var current: GTKSettings? {
        gtk_settings_get_default().map(GTKSettings.init(settings:))
    }

    private init(settings: UnsafeMutablePointer<GtkSettings>) {
        self.settings = settings
    }

    /// A boolean property, e.g. `gtk-application-prefer-dark-theme`.
    package func boolean(_ name: String) -> Bool {
        fo_object_get_boolean(settings, name) != 0
    }

    /// An integer property, e.g. `gtk-xft-dpi` (1/1024 dot per inch).
    package func integer(_ name: String) -> Int32 {
        fo_object_get_int(settings, name)
    }

    /// A string property, e.g. `gtk-theme-name`; `nil` when unset.
    package func string(_ name: String) -> String? {
        guard let value = fo_object_get_string(settings, name) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The theme in use: `GTK_THEME` (which GTK lets override the setting; a variant such
    /// as `:dark` stripped), else `gtk-theme-name`.
    package var themeName: String? {
        if let forced = g_getenv("GTK_THEME"), forced.pointee != 0 {
            return String(String(cString: forced).prefix(while: { $0 != ":" }))
        }
        return string("gtk-theme-name")
    }

    /// Whether a high-contrast theme is in use (GTK's built-in `HighContrast` and
    /// `HighContrastInverse`, which GNOME's "High Contrast" switch selects).
    package var isHighContrast: Bool {
        themeName?.hasPrefix("HighContrast") == true
    }

    /// Sets a boolean property.
    package func set(_ name: String, _ value: Bool) {
        fo_object_set_boolean(settings, name, value ? 1 : 0)
    }

    /// Sets an integer property.
    package func set(_ name: String, _ value: Int32) {
        fo_object_set_int(settings, name, value)
    }

    /// Sets a string property, e.g. `gtk-theme-name`.
    package func set(_ name: String, _ value: String) {
        fo_object_set_string(settings, name, value)
    }
}
