#include "car-parent-handle.h"

#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#endif

typedef struct {
    CarParentHandleCallback callback;
    void *user_data;
} Request;

#ifdef GDK_WINDOWING_WAYLAND
static void exported(GdkToplevel *toplevel, const char *handle, gpointer data) {
    Request *request = data;
    char *parent = g_strconcat("wayland:", handle, NULL);
    request->callback(parent, request->user_data);
    g_free(parent);
    request->callback = NULL;  // answered: the destroy notify below says nothing more
}

static void export_done(gpointer data) {
    Request *request = data;
    if (request->callback) request->callback(NULL, request->user_data);
    g_free(request);
}
#endif

static void answer(GtkWidget *widget, Request *request) {
    GdkSurface *surface = gtk_native_get_surface(gtk_widget_get_native(widget));
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_SURFACE(surface)) {
        char *parent = g_strdup_printf("x11:%lx", (unsigned long) gdk_x11_surface_get_xid(surface));
        request->callback(parent, request->user_data);
        g_free(parent);
        g_free(request);
        return;
    }
#endif
#ifdef GDK_WINDOWING_WAYLAND
    // xdg-foreign: GTK 4.8 (Debian 12) exports through v1 only, so KWin (v2 only)
    // gives no handle; the window is then shown without a parent.
    if (GDK_IS_WAYLAND_TOPLEVEL(surface)
        && gdk_wayland_toplevel_export_handle(GDK_TOPLEVEL(surface), exported, request, export_done)) {
        return;
    }
#endif
    request->callback(NULL, request->user_data);
    g_free(request);
}

static void mapped(GtkWidget *widget, gpointer data) {
    g_signal_handlers_disconnect_by_func(widget, mapped, data);
    answer(widget, data);
}

void car_parent_handle_get(void *gtk_widget, CarParentHandleCallback callback, void *user_data) {
    GtkWidget *widget = GTK_WIDGET(gtk_widget);
    Request *request = g_new0(Request, 1);
    request->callback = callback;
    request->user_data = user_data;
    if (gtk_widget_get_mapped(widget)) {
        answer(widget, request);
    } else {
        g_signal_connect(widget, "map", G_CALLBACK(mapped), request);
    }
}
