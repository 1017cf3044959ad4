/* The app's Wayland window exported for first-open: see fo_export_and_start in
 * first-open-gtk-module.h. */
#include "first-open-gtk-module.h"

#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#include <wayland-client.h>
#include "fo-wayland.h"
/* Generated from wayland-protocols' XML by wayland-scanner at build time (meson.build). */
#include "xdg-foreign-unstable-v2-client-protocol.h"
#endif

/* The app's window, exported for first-open for as long as it runs: through GDK
 * (xdg-foreign v1) or through the module's own zxdg_exporter_v2 (KWin 5.27 offers only
 * v2, and GDK 3 exports through v1 only). */
struct _FoExport
{
  GdkWindow *window;
#ifdef GDK_WINDOWING_WAYLAND
  struct zxdg_exported_v2 *exported_v2;
#endif
};

void
fo_export_free (FoExport *export)
{
#ifdef GDK_WINDOWING_WAYLAND
  if (export->exported_v2 != NULL)
    zxdg_exported_v2_destroy (export->exported_v2);
  else if (GDK_IS_WAYLAND_WINDOW (export->window) && !gdk_window_is_destroyed (export->window))
    gdk_wayland_window_unexport_handle (export->window);
#endif
  g_object_unref (export->window);
  g_free (export);
}

#ifdef GDK_WINDOWING_WAYLAND
static void
on_exported (GdkWindow *window, const char *handle, gpointer user_data)
{
  g_autofree char *parent = g_strconcat ("wayland:", handle, NULL);
  FoExport *export = g_new0 (FoExport, 1);

  export->window = g_object_ref (window);
  fo_start_first_open (user_data, parent, export);
}

static void
exported_v2_handle (void *data, struct zxdg_exported_v2 *exported, const char *handle)
{
  char **text = data;
  (void) exported;
  if (text == NULL)  /* after the round trip (compositors send one handle) */
    return;
  g_free (*text);
  *text = g_strdup (handle);
}

/* Exports WINDOW through zxdg_exporter_v2 (the global EXPORTER_NAME of the registry) and
 * starts first-open over it. One round trip on a private event queue (fo-wayland.h), so
 * that none of GDK's or the app's events are dispatched here; the compositor answers the
 * export with the handle at once. FALSE when it gave none. */
static gboolean
export_v2_and_start (GdkWindow *window, uint32_t exporter_name, const char *app_id)
{
  static const struct zxdg_exported_v2_listener listener = { exported_v2_handle };
  FoWaylandQueue queue;
  struct zxdg_exporter_v2 *exporter;
  struct zxdg_exported_v2 *exported;
  g_autofree char *handle = NULL;
  g_autofree char *parent = NULL;
  FoExport *export;

  fo_wayland_queue_open (&queue, gdk_window_get_display (window));
  exporter = wl_registry_bind (queue.registry, exporter_name, &zxdg_exporter_v2_interface, 1);
  exported = zxdg_exporter_v2_export_toplevel (exporter, gdk_wayland_window_get_wl_surface (window));
  zxdg_exported_v2_add_listener (exported, &listener, &handle);
  fo_wayland_queue_roundtrip (&queue);
  /* The exporter is done with; the export lasts until `exported` is destroyed. No other
     event comes for it (one queued meanwhile finds no handle to set): it moves to the
     default queue, and the private one goes. */
  zxdg_exporter_v2_destroy (exporter);
  wl_proxy_set_queue ((struct wl_proxy *) exported, NULL);
  zxdg_exported_v2_set_user_data (exported, NULL);
  fo_wayland_queue_close (&queue);
  if (handle == NULL)
    {
      zxdg_exported_v2_destroy (exported);
      return FALSE;
    }
  export = g_new0 (FoExport, 1);
  export->window = g_object_ref (window);
  export->exported_v2 = exported;
  parent = g_strconcat ("wayland:", handle, NULL);
  fo_start_first_open (app_id, parent, export);
  return TRUE;
}

/* Exports the app's WINDOW for first-open and starts it over the handle: through GDK
 * (xdg-foreign v1: mutter) where the compositor offers v1, else through the module's
 * own v2 export (KWin). The exporters are looked up first (fo-wayland.h): without
 * either, gdk_wayland_window_export_handle would log a warning in the app. FALSE when
 * the window cannot be exported. */
gboolean
fo_export_and_start (GdkWindow *window, const char *app_id)
{
  FoWaylandGlobal exporters[] = { { "zxdg_exporter_v1", 0 }, { zxdg_exporter_v2_interface.name, 0 } };

  fo_wayland_find_globals (gdk_window_get_display (window), exporters, G_N_ELEMENTS (exporters));
  if (exporters[0].name != 0)
    return gdk_wayland_window_export_handle (window, on_exported, g_strdup (app_id), g_free);
  if (exporters[1].name != 0)
    return export_v2_and_start (window, exporters[1].name, app_id);
  return FALSE;
}
#endif
