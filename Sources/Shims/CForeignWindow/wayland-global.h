/* Whether the Wayland compositor behind a GDK display offers a global interface: the
 * one probe of xdg-foreign, shared by the window helper (foreign-window.c asks for
 * zxdg_importer_v1 before it makes a window transient for another app's exported one)
 * and the GTK module (native/gtk-module asks for zxdg_exporter_v1 before it exports the
 * app's window: without it GDK logs a warning in the app).
 *
 * One round trip on a private event queue: none of GDK's or the app's events are
 * dispatched here. A header of static functions, so each of the two C programs that
 * include it (one a SwiftPM target, one a Meson module with no Swift) compiles its own. */
#ifndef FIRST_OPEN_WAYLAND_GLOBAL_H
#define FIRST_OPEN_WAYLAND_GLOBAL_H

#include <string.h>
#include <gdk/gdkwayland.h>
#include <wayland-client.h>

typedef struct
{
  const char *interface;
  gboolean found;
} FoWaylandGlobalProbe;

static void
fo_wayland_global_seen (void *data, struct wl_registry *registry, uint32_t name,
                        const char *interface, uint32_t version)
{
  FoWaylandGlobalProbe *probe = data;
  (void) registry;
  (void) name;
  (void) version;
  if (strcmp (interface, probe->interface) == 0)
    probe->found = TRUE;
}

static void
fo_wayland_global_removed (void *data, struct wl_registry *registry, uint32_t name)
{
  (void) data;
  (void) registry;
  (void) name;
}

static gboolean
fo_wayland_has_global (GdkDisplay *display, const char *interface)
{
  static const struct wl_registry_listener listener = { fo_wayland_global_seen, fo_wayland_global_removed };
  struct wl_display *wl_display = gdk_wayland_display_get_wl_display (display);
  struct wl_event_queue *queue = wl_display_create_queue (wl_display);
  struct wl_display *wrapper = wl_proxy_create_wrapper (wl_display);
  struct wl_registry *registry;
  FoWaylandGlobalProbe probe = { interface, FALSE };

  wl_proxy_set_queue ((struct wl_proxy *) wrapper, queue);
  registry = wl_display_get_registry (wrapper);
  wl_registry_add_listener (registry, &listener, &probe);
  wl_display_roundtrip_queue (wl_display, queue);
  wl_registry_destroy (registry);
  wl_proxy_wrapper_destroy (wrapper);
  wl_event_queue_destroy (queue);
  return probe.found;
}

#endif
