#include "foreign-window.h"

#include <string.h>
#include <gdk/gdkx.h>
#include <gdk/gdkwayland.h>
#include <wayland-client.h>
#include <X11/Xatom.h>

gboolean
fo_display_is_x11 (GdkDisplay *display)
{
  return GDK_IS_X11_DISPLAY (display);
}

gboolean
fo_display_is_wayland (GdkDisplay *display)
{
  return GDK_IS_WAYLAND_DISPLAY (display);
}

static gboolean
has_wm_state (Display *xdisplay, Window window, Atom wm_state)
{
  Atom type = None;
  int format = 0;
  unsigned long count = 0, after = 0;
  unsigned char *data = NULL;

  if (XGetWindowProperty (xdisplay, window, wm_state, 0, 0, False, AnyPropertyType,
                          &type, &format, &count, &after, &data) != Success)
    return FALSE;
  if (data != NULL)
    XFree (data);
  return type != None;
}

/* The first window below `window` (breadth first, as XmuClientWindow) with WM_STATE. */
static Window
client_below (Display *xdisplay, Window window, Atom wm_state, int depth)
{
  Window root = None, parent = None, *children = NULL, found = None;
  unsigned int count = 0;

  if (depth > 8 || !XQueryTree (xdisplay, window, &root, &parent, &children, &count))
    return None;
  for (unsigned int i = 0; i < count && found == None; i++)
    if (has_wm_state (xdisplay, children[i], wm_state))
      found = children[i];
  for (unsigned int i = 0; i < count && found == None; i++)
    found = client_below (xdisplay, children[i], wm_state, depth + 1);
  if (children != NULL)
    XFree (children);
  return found;
}

/* The client toplevel for `xid`, or None when there is no such window. */
static Window
client_toplevel (Display *xdisplay, Window xid)
{
  Atom wm_state = XInternAtom (xdisplay, "WM_STATE", False);
  Window window = xid, top = xid, client = None;

  /* Up to the child of the root, noting the highest window that carries WM_STATE. */
  for (int steps = 0; steps < 64; steps++)
    {
      Window root = None, parent = None, *children = NULL;
      unsigned int count = 0;

      if (!XQueryTree (xdisplay, window, &root, &parent, &children, &count))
        return None;
      if (children != NULL)
        XFree (children);
      if (has_wm_state (xdisplay, window, wm_state))
        client = window;
      top = window;
      if (parent == None || parent == root)
        break;
      window = parent;
    }
  if (client != None)
    return client;
  client = client_below (xdisplay, top, wm_state, 0);
  return client != None ? client : top;
}

GdkWindow *
fo_foreign_x11_toplevel (GdkDisplay *display, unsigned long xid)
{
  Display *xdisplay = GDK_DISPLAY_XDISPLAY (display);
  Window client;

  /* A window that vanishes half-way raises BadWindow: trapped, it means "no such window". */
  gdk_x11_display_error_trap_push (display);
  client = client_toplevel (xdisplay, (Window) xid);
  if (gdk_x11_display_error_trap_pop (display) != 0 || client == None)
    return NULL;
  return gdk_x11_window_foreign_new_for_display (display, client);
}

static void
registry_global (void *data, struct wl_registry *registry, uint32_t name,
                 const char *interface, uint32_t version)
{
  if (strcmp (interface, "zxdg_importer_v1") == 0)
    *(gboolean *) data = TRUE;
}

static void
registry_global_remove (void *data, struct wl_registry *registry, uint32_t name)
{
}

gboolean
fo_wayland_has_xdg_importer (GdkDisplay *display)
{
  static const struct wl_registry_listener listener = { registry_global, registry_global_remove };
  struct wl_display *wl_display = gdk_wayland_display_get_wl_display (display);
  struct wl_event_queue *queue = wl_display_create_queue (wl_display);
  struct wl_display *wrapper = wl_proxy_create_wrapper (wl_display);
  struct wl_registry *registry;
  gboolean found = FALSE;

  wl_proxy_set_queue ((struct wl_proxy *) wrapper, queue);
  registry = wl_display_get_registry (wrapper);
  wl_registry_add_listener (registry, &listener, &found);
  wl_display_roundtrip_queue (wl_display, queue);
  wl_registry_destroy (registry);
  wl_proxy_wrapper_destroy (wrapper);
  wl_event_queue_destroy (queue);
  return found;
}

gboolean
fo_wayland_set_transient_for_exported (GdkWindow *window, const char *handle)
{
  return gdk_wayland_window_set_transient_for_exported (window, (char *) handle);
}

gboolean
fo_xevent_is_destroy_notify (GdkXEvent *xevent)
{
  return ((XEvent *) xevent)->type == DestroyNotify;
}
