/* Which global interfaces the Wayland compositor behind a GDK display offers: the one
 * probe of xdg-foreign, shared by the window helper (foreign-import.c looks for
 * zxdg_importer_v2, then v1, before it imports another app's exported window) and the
 * GTK module (native/gtk-module looks for zxdg_exporter_v1, which GDK exports through,
 * then v2, which it exports through itself: without either GDK logs a warning in the app).
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
  uint32_t name;  /* the global's name in the registry (what wl_registry.bind takes); 0: not offered */
} FoWaylandGlobal;

typedef struct
{
  FoWaylandGlobal *globals;
  size_t count;
} FoWaylandGlobalProbe;

static void
fo_wayland_global_seen (void *data, struct wl_registry *registry, uint32_t name,
                        const char *interface, uint32_t version)
{
  FoWaylandGlobalProbe *probe = data;
  (void) registry;
  (void) version;
  for (size_t i = 0; i < probe->count; i++)
    if (strcmp (interface, probe->globals[i].interface) == 0)
      probe->globals[i].name = name;
}

static void
fo_wayland_global_removed (void *data, struct wl_registry *registry, uint32_t name)
{
  (void) data;
  (void) registry;
  (void) name;
}

/* Fills in the registry name of each of `count` globals (0 for those not offered). A
 * global's name is the compositor's, for the whole connection: it can be bound through
 * another wl_registry of the same display later (foreign-import.c, native/gtk-module). */
static inline void
fo_wayland_find_globals (GdkDisplay *display, FoWaylandGlobal *globals, size_t count)
{
  static const struct wl_registry_listener listener = { fo_wayland_global_seen, fo_wayland_global_removed };
  struct wl_display *wl_display = gdk_wayland_display_get_wl_display (display);
  struct wl_event_queue *queue = wl_display_create_queue (wl_display);
  struct wl_display *wrapper = wl_proxy_create_wrapper (wl_display);
  struct wl_registry *registry;
  FoWaylandGlobalProbe probe = { globals, count };

  for (size_t i = 0; i < count; i++)
    globals[i].name = 0;
  wl_proxy_set_queue ((struct wl_proxy *) wrapper, queue);
  registry = wl_display_get_registry (wrapper);
  wl_registry_add_listener (registry, &listener, &probe);
  wl_display_roundtrip_queue (wl_display, queue);
  wl_registry_destroy (registry);
  wl_proxy_wrapper_destroy (wrapper);
  wl_event_queue_destroy (queue);
}

static inline gboolean
fo_wayland_has_global (GdkDisplay *display, const char *interface)
{
  FoWaylandGlobal global = { interface, 0 };

  fo_wayland_find_globals (display, &global, 1);
  return global.name != 0;
}

#endif
