// GTK 4 for the example app, with the casts and the signal connection Swift cannot
// write (GTK_WINDOW() and g_signal_connect() are macros).
#ifndef CAR_APP_GTK4_SHIM_H
#define CAR_APP_GTK4_SHIM_H

#include <gtk/gtk.h>

static inline GtkWindow *car_gtk_window(GtkWidget *widget) {
    return GTK_WINDOW(widget);
}

/// "close-request": return TRUE to keep the window.
static inline gulong car_on_close_request(GtkWindow *window, gboolean (*callback)(GtkWindow *, gpointer),
                                          gpointer data) {
    return g_signal_connect(window, "close-request", G_CALLBACK(callback), data);
}

#endif
