// GTK 3 for Swift: what Swift cannot call directly, as small `static inline` functions
// with typed parameters. Swift imports C functions and types, but not function-like
// macros (the type-checked casts), C variadic functions (g_log, g_object_get/set,
// gdk_pixbuf_save) or a declaration whose header clashes with our own types (Xlib).
// Each shim says why it exists; a shim that grows beyond a few lines gets a C target of
// its own with its body in a .c (Sources/Shims/CHeadingLabel, CForeignWindow).
//
// Rules learned the hard way:
// - no `static` global variables here (they fail at link time);
// - Swift does not rebuild dependent files when this header changes: touch
//   the Swift sources or clean the build.
#ifndef FIRST_OPEN_CGTK_SHIM_H
#define FIRST_OPEN_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <gdk/gdk.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <cairo.h>
#include <atk/atk.h>
#include <sys/prctl.h>

// MARK: - Translations

// gi18n-lib.h refuses to compile without a gettext domain; ours is "first-open" (a
// build that passes -DGETTEXT_PACKAGE keeps its own).
#ifndef GETTEXT_PACKAGE
#define GETTEXT_PACKAGE "first-open"
#endif
#include <glib/gi18n-lib.h>

// MARK: - Logging (variadic g_log)

/// `g_debug` for a log domain: `g_log` is variadic, which Swift cannot call.
static inline void fo_log_debug(const gchar *domain, const gchar *message) {
    g_log(domain, G_LOG_LEVEL_DEBUG, "%s", message);
}

// MARK: - Signals (the g_signal_connect macro)

/// `g_signal_connect_data` with a destroy notify, so a boxed Swift closure
/// passed as `data` is released exactly once when the handler goes away.
/// (`g_signal_connect` is a macro, which Swift cannot call.)
static inline gulong fo_signal_connect(gpointer instance, const gchar *signal,
                                       GCallback handler, gpointer data,
                                       GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, 0);
}

// MARK: - Type-checked casts (the GTK_*() macros)

// The GTK_*() casts are macros that check the instance's type (a warning, not a crash,
// on a wrong one): Swift cannot call them, and an unchecked pointer cast would hide
// the mistake.
static inline GtkWidget *fo_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *fo_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkContainer *fo_container(gpointer p) { return GTK_CONTAINER(p); }
static inline GtkBox *fo_box(gpointer p) { return GTK_BOX(p); }
static inline GtkLabel *fo_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkImage *fo_image(gpointer p) { return GTK_IMAGE(p); }
static inline GtkButton *fo_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkToggleButton *fo_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkScrolledWindow *fo_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkHeaderBar *fo_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GtkInfoBar *fo_info_bar(gpointer p) { return GTK_INFO_BAR(p); }
static inline GtkStyleProvider *fo_css_style_provider(GtkCssProvider *p) { return GTK_STYLE_PROVIDER(p); }
static inline gboolean fo_is_container(gpointer p) { return GTK_IS_CONTAINER(p); }

// MARK: - Object properties (variadic g_object_get/g_object_set)

// g_object_get and g_object_set take NULL-terminated name/value lists, which Swift
// cannot pass: one property of one type each.

/// `g_object_get(object, name, &<boolean>, NULL)`.
static inline gboolean fo_object_get_boolean(gpointer object, const gchar *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}

/// `g_object_get(object, name, &<int>, NULL)`.
static inline gint fo_object_get_int(gpointer object, const gchar *name) {
    gint value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}

/// `g_object_get(object, name, &<string>, NULL)`; free the result with `g_free`.
static inline gchar *fo_object_get_string(gpointer object, const gchar *name) {
    gchar *value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}

/// `g_object_set(object, name, <boolean>, NULL)`.
static inline void fo_object_set_boolean(gpointer object, const gchar *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

/// `g_object_set(object, name, <int or enum>, NULL)`.
static inline void fo_object_set_int(gpointer object, const gchar *name, gint value) {
    g_object_set(object, name, value, NULL);
}

/// `g_object_set(object, name, <string>, NULL)`.
static inline void fo_object_set_string(gpointer object, const gchar *name, const gchar *value) {
    g_object_set(object, name, value, NULL);
}

// MARK: - Images (variadic gdk_pixbuf_save)

/// `gdk_pixbuf_save(pixbuf, path, "png", error, NULL)`: the option list is variadic.
static inline gboolean fo_pixbuf_save_png(GdkPixbuf *pixbuf, const char *path, GError **error) {
    return gdk_pixbuf_save(pixbuf, path, "png", error, NULL);
}

// MARK: - Text direction (a deprecated Pango call)

/// `pango_find_base_dir`: the direction of a text's first strong character. Pango 1.44
/// deprecated it without a replacement (GTK 3's own entries still call it), and Swift
/// printed the deprecation at every file that imports this module: called here, the
/// warning stays out of the build.
static inline PangoDirection fo_find_base_dir(const gchar *text, gint length) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    return pango_find_base_dir(text, length);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

// MARK: - Processes (variadic prctl)

/// `prctl(PR_SET_PDEATHSIG, signal)`: the calling process gets `signal` when the
/// thread that forked it exits (a private X server must not outlive its client).
/// `prctl` is variadic; Swift's Glibc module does not import it.
/// Async-signal-safe: meant for a `GSpawnChildSetupFunc`.
static inline int fo_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

// MARK: - Xlib (a declaration without <X11/Xlib.h>)

/// Xlib's `XSetIOErrorHandler`, declared here rather than through <gdk/gdkx.h>: that
/// header brings X11's `Window`, `Display` and `Screen` into Swift, where they would
/// clash with the project's own `Window`. GDK installs a handler that calls `_exit(1)`
/// without a word when the X server goes away; the window helper replaces it (see
/// `DisplayLoss.swift`). The module map links libX11, which GDK loads anyway.
typedef struct _XDisplay FoXDisplay;
typedef int (*FoXIOErrorHandler)(FoXDisplay *display);
extern FoXIOErrorHandler XSetIOErrorHandler(FoXIOErrorHandler handler);

#endif
