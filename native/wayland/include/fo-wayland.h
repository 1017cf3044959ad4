/* The Wayland round trip on a private event queue, and the probe of the compositor's
 * globals built on it: written once for the two C programs that talk xdg-foreign
 * themselves. The window helper's CForeignWindow (a SwiftPM target: foreign-import.c
 * imports another app's exported window through zxdg_importer_v2, else v1) and the GTK
 * module (native/gtk-module, built by Meson with no Swift: wayland-export.c exports the
 * app's window through GDK's v1 or its own zxdg_exporter_v2) each compile fo-wayland.c:
 * SwiftPM as the target CWayland, Meson as a source of the module.
 *
 * Why a private queue: a round trip on the display's default queue would dispatch GDK's
 * and the app's pending events from inside whatever called it. On a queue of its own,
 * only the events of the proxies made through it are dispatched. */
#ifndef FO_WAYLAND_H
#define FO_WAYLAND_H

#include <stddef.h>
#include <stdint.h>
#include <gdk/gdkwayland.h>
#include <wayland-client.h>

/* A private event queue on a GDK display's Wayland connection, with a registry whose
 * events (and those of every object bound through it) come to that queue. */
typedef struct
{
  struct wl_display *display;
  struct wl_event_queue *queue;
  struct wl_display *wrapper;   /* the display, as a proxy whose new objects use `queue` */
  struct wl_registry *registry;
} FoWaylandQueue;

/* Opens QUEUE on DISPLAY's connection (a Wayland GdkDisplay). */
void fo_wayland_queue_open (FoWaylandQueue *queue, GdkDisplay *display);

/* Sends what was asked through QUEUE's objects and dispatches their answers: one
 * wl_display.sync on the private queue, none of GDK's events. */
void fo_wayland_queue_roundtrip (FoWaylandQueue *queue);

/* Dispatches what is still on QUEUE (an event read between the round trip and moving a
 * proxy to the default queue stays here: libwayland does not move it with the proxy, and
 * would free it unheard with the queue), then destroys the registry, the wrapper and the
 * queue. Proxies that outlive it must have been moved off it first
 * (wl_proxy_set_queue (proxy, NULL): later events then come through GDK's dispatch). */
void fo_wayland_queue_close (FoWaylandQueue *queue);

typedef struct
{
  const char *interface;
  uint32_t name;  /* the global's name in the registry (what wl_registry.bind takes); 0: not offered */
} FoWaylandGlobal;

/* Fills in the registry name of each of COUNT globals (0 for those not offered), in one
 * round trip on a private queue. A global's name is the compositor's, for the whole
 * connection: it can be bound through another wl_registry of the same display later. */
void fo_wayland_find_globals (GdkDisplay *display, FoWaylandGlobal *globals, size_t count);

#endif /* FO_WAYLAND_H */
