package import FirstOpenSystem
internal import CGtk

/// A style sheet (`GtkCssProvider`) applied to every widget on the default screen
/// until `remove()`.
@MainActor
package final class CSSProvider {
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    private var isInstalled = false

    /// Parses `css`; GTK's parse errors become a `GLibError`.
    package init(css: String) throws(GLibError) {
        provider = gtk_css_provider_new()
        // Once every stored property is set, a throwing init still runs deinit, which
        // releases the provider: no unref here.
        try GLibError.check { error in
            _ = gtk_css_provider_load_from_data(provider, css, -1, error)
        }
    }

    // On the main thread, checked, as `Widget`'s deinit (which says why not `isolated`).
    deinit {
        MainActor.assumeIsolated {
            remove()
            g_object_unref(provider)
        }
    }

    /// Applies the sheet at application priority (above the theme, below the user's
    /// own `gtk.css`).
    package func install() {
        guard !isInstalled, let screen = gdk_screen_get_default() else { return }
        gtk_style_context_add_provider_for_screen(
            screen, fo_css_style_provider(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        isInstalled = true
    }

    /// Stops applying the sheet.
    package func remove() {
        guard isInstalled, let screen = gdk_screen_get_default() else { return }
        gtk_style_context_remove_provider_for_screen(screen, fo_css_style_provider(provider))
        isInstalled = false
    }
}
