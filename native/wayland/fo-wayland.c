/* See fo-wayland.h: the private-queue round trip and the globals probe. */
#include "fo-wayland.h"

#include <string.h>

void
fo_wayland_queue_open (FoWaylandQueue *queue, GdkDisplay *display)
{
  queue->display = gdk_wayland_display_get_wl_display (display);
  queue->queue = wl_display_create_queue (queue->display);
  queue->wrapper = wl_proxy_create_wrapper (queue->display);
  wl_proxy_set_queue ((struct wl_proxy *) queue->wrapper, queue->queue);
  queue->registry = wl_display_get_registry (queue->wrapper);
}

void
fo_wayland_queue_roundtrip (FoWaylandQueue *queue)
{
  wl_display_roundtrip_queue (queue->display, queue->queue);
}

void
fo_wayland_queue_close (FoWaylandQueue *queue)
{
  wl_display_dispatch_queue_pending (queue->display, queue->queue);
  wl_registry_destroy (queue->registry);
  wl_proxy_wrapper_destroy (queue->wrapper);
  wl_event_queue_destroy (queue->queue);
  *queue = (FoWaylandQueue) { NULL, NULL, NULL, NULL };
}

typedef struct
{
  FoWaylandGlobal *globals;
  size_t count;
} FoWaylandGlobalProbe;

static void
global_seen (void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
  FoWaylandGlobalProbe *probe = data;
  (void) registry;
  (void) version;
  for (size_t i = 0; i < probe->count; i++)
    if (strcmp (interface, probe->globals[i].interface) == 0)
      probe->globals[i].name = name;
}

static void
global_removed (void *data, struct wl_registry *registry, uint32_t name)
{
  (void) data;
  (void) registry;
  (void) name;
}

void
fo_wayland_find_globals (GdkDisplay *display, FoWaylandGlobal *globals, size_t count)
{
  static const struct wl_registry_listener listener = { global_seen, global_removed };
  FoWaylandGlobalProbe probe = { globals, count };
  FoWaylandQueue queue;

  for (size_t i = 0; i < count; i++)
    globals[i].name = 0;
  fo_wayland_queue_open (&queue, display);
  wl_registry_add_listener (queue.registry, &listener, &probe);
  fo_wayland_queue_roundtrip (&queue);
  fo_wayland_queue_close (&queue);
}
