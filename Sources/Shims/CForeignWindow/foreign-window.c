#include "foreign-window.h"

#include <string.h>
#include <gdk/gdkx.h>
#include <gdk/gdkwayland.h>
#include <wayland-client.h>
#include <X11/Xatom.h>
#include <X11/extensions/XInput2.h>
#include <X11/Xlibint.h>

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
  /* An app that quit leaves a stale id, and the X server hands the quitting client's id
     range (resource base) to the next client: the id may now name a window of this very
     process (measured: a closed Tk app's 0x200003 was an override-redirect window of
     ours). An id in our own range is no other app's window. */
  /* Xlib's own connection fields (Xlibint.h): the id range the server gave us. */
  XID mask = xdisplay->resource_mask;
  XID ours = xdisplay->resource_base;

  if ((xid & ~mask) == (ours & ~mask))
    return NULL;
  gdk_x11_display_error_trap_push (display);
  client = client_toplevel (xdisplay, (Window) xid);
  if (gdk_x11_display_error_trap_pop (display) != 0 || client == None || (client & ~mask) == (ours & ~mask))
    return NULL;
  return gdk_x11_window_foreign_new_for_display (display, client);
}

gboolean
fo_wayland_set_transient_for_exported (GdkWindow *window, const char *handle)
{
  return gdk_wayland_window_set_transient_for_exported (window, (char *) handle);
}

gboolean
fo_x11_is_override_redirect (GdkWindow *foreign)
{
  GdkDisplay *display = gdk_window_get_display (foreign);
  XWindowAttributes attributes;
  Status status;

  gdk_x11_display_error_trap_push (display);
  status = XGetWindowAttributes (GDK_DISPLAY_XDISPLAY (display), GDK_WINDOW_XID (foreign), &attributes);
  gdk_x11_display_error_trap_pop_ignored (display);
  return status != 0 && attributes.override_redirect;
}

gboolean
fo_x11_watch_destroy (GdkWindow *foreign)
{
  GdkDisplay *display = gdk_window_get_display (foreign);
  Display *xdisplay = GDK_DISPLAY_XDISPLAY (display);
  XWindowAttributes attributes;
  Status status;

  gdk_window_set_events (foreign, gdk_window_get_events (foreign) | GDK_STRUCTURE_MASK);
  /* Asked after the selection, in the same request stream: a window still there now
     sends DestroyNotify when it goes; one already gone never will. */
  gdk_x11_display_error_trap_push (display);
  status = XGetWindowAttributes (xdisplay, GDK_WINDOW_XID (foreign), &attributes);
  if (gdk_x11_display_error_trap_pop (display) != 0)
    status = 0;
  return status != 0;
}

/* A window's _GTK_FRAME_EXTENTS (left, right, top, bottom): the shadow a client-side
   decorated window draws around itself, inside its own X window. */
static void
gtk_frame_extents (Display *xdisplay, Window window, long extents[4])
{
  Atom type = None;
  int format = 0;
  unsigned long count = 0, after = 0;
  unsigned char *data = NULL;

  extents[0] = extents[1] = extents[2] = extents[3] = 0;
  if (XGetWindowProperty (xdisplay, window, XInternAtom (xdisplay, "_GTK_FRAME_EXTENTS", False), 0, 4, False,
                          XA_CARDINAL, &type, &format, &count, &after, &data) == Success
      && type == XA_CARDINAL && format == 32 && count == 4)
    for (int i = 0; i < 4; i++)
      extents[i] = ((long *) data)[i];
  if (data != NULL)
    XFree (data);
}

gboolean
fo_x11_visible_frame (GdkWindow *window, GdkRectangle *frame)
{
  GdkDisplay *display = gdk_window_get_display (window);
  long shadow[4];

  gdk_x11_display_error_trap_push (display);
  gdk_window_get_frame_extents (window, frame);
  gtk_frame_extents (GDK_DISPLAY_XDISPLAY (display), GDK_WINDOW_XID (window), shadow);
  if (gdk_x11_display_error_trap_pop (display) != 0 || frame->width <= 1 || frame->height <= 1)
    return FALSE;
  frame->x += shadow[0];
  frame->y += shadow[2];
  frame->width -= shadow[0] + shadow[1];
  frame->height -= shadow[2] + shadow[3];
  return frame->width > 0 && frame->height > 0;
}

guint32
fo_x11_server_time (GdkWindow *window)
{
  return GDK_IS_X11_WINDOW (window) ? gdk_x11_get_server_time (window) : 0;
}

gboolean
fo_x11_is_active_window (GdkWindow *window)
{
  GdkDisplay *display;
  Display *xdisplay;
  Atom type = None;
  int format = 0;
  unsigned long count = 0, after = 0;
  unsigned char *data = NULL;
  gboolean active = FALSE;

  if (!GDK_IS_X11_WINDOW (window))
    return FALSE;
  display = gdk_window_get_display (window);
  xdisplay = GDK_DISPLAY_XDISPLAY (display);
  gdk_x11_display_error_trap_push (display);
  if (XGetWindowProperty (xdisplay, DefaultRootWindow (xdisplay),
                          gdk_x11_get_xatom_by_name_for_display (display, "_NET_ACTIVE_WINDOW"),
                          0, 1, False, XA_WINDOW, &type, &format, &count, &after, &data) == Success
      && type == XA_WINDOW && format == 32 && count == 1 && data != NULL)
    active = ((Window *) data)[0] == GDK_WINDOW_XID (window);
  if (data != NULL)
    XFree (data);
  gdk_x11_display_error_trap_pop_ignored (display);
  return active;
}

guint32
fo_x11_focus_in_time (GdkXEvent *xevent)
{
  /* XInput's major opcode, asked once (-1: not yet, 0: no XInput); event filters run on
     the main thread only. */
  static int opcode = -1;
  XEvent *event = (XEvent *) xevent;
  XIEvent *xi;

  if (event->type != GenericEvent)
    return 0;
  if (opcode == -1)
    {
      int first_event, first_error;
      if (!XQueryExtension (event->xcookie.display, "XInputExtension", &opcode, &first_event, &first_error))
        opcode = 0;
    }
  /* GDK fetched the cookie's data before the filters run. */
  if (opcode == 0 || event->xcookie.extension != opcode || event->xcookie.data == NULL)
    return 0;
  xi = event->xcookie.data;
  return xi->evtype == XI_FocusIn ? (guint32) ((XIFocusInEvent *) xi)->time : 0;
}

gboolean
fo_xevent_is_destroy_notify (GdkXEvent *xevent)
{
  return ((XEvent *) xevent)->type == DestroyNotify;
}

/* GNOME Shell's overview (org.gnome.Shell.OverviewActive), for fo_when_shell_overview_hidden. */
typedef struct
{
  GDBusProxy *proxy;
  gulong handler;
  void (*ready) (void *data);
  void *data;
} OverviewWait;

static gboolean
overview_active (GDBusProxy *proxy)
{
  g_autoptr (GVariant) value = g_dbus_proxy_get_cached_property (proxy, "OverviewActive");
  return value != NULL && g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean (value);
}

static void
overview_changed (GDBusProxy *proxy, GVariant *changed, GStrv invalidated, gpointer user_data)
{
  OverviewWait *wait = user_data;

  if (overview_active (proxy))
    return;
  g_signal_handler_disconnect (proxy, wait->handler);
  g_object_unref (proxy);
  wait->ready (wait->data);
  g_free (wait);
}

static gboolean
overview_ready_idle (gpointer user_data)
{
  OverviewWait *wait = user_data;

  wait->ready (wait->data);
  g_free (wait);
  return G_SOURCE_REMOVE;
}

static gboolean
is_gnome_session (void)
{
  const char *desktops = g_getenv ("XDG_CURRENT_DESKTOP");
  g_auto (GStrv) names = NULL;
  g_autofree char *bus = NULL;

  if (desktops == NULL)
    return FALSE;
  names = g_strsplit (desktops, ":", -1);
  if (!g_strv_contains ((const char *const *) names, "GNOME"))
    return FALSE;
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") != NULL)
    return TRUE;
  bus = g_build_filename (g_get_user_runtime_dir (), "bus", NULL);
  return g_file_test (bus, G_FILE_TEST_EXISTS);
}

void
fo_when_shell_overview_hidden (void (*ready) (void *data), void *data)
{
  OverviewWait *wait = g_new0 (OverviewWait, 1);
  GDBusProxy *proxy;

  wait->ready = ready;
  wait->data = data;
  /* Only in a GNOME session (XDG_CURRENT_DESKTOP names GNOME, e.g. "GNOME" or
     "ubuntu:GNOME") with a session bus: elsewhere nothing is asked, and GIO never
     autolaunches a bus of its own. */
  if (!is_gnome_session ())
    {
      g_idle_add (overview_ready_idle, wait);
      return;
    }
  /* No session bus, no GNOME Shell (its name has no owner: no cached properties), or
     the overview not shown: at once, from the main loop. */
  proxy = g_dbus_proxy_new_for_bus_sync (G_BUS_TYPE_SESSION,
                                         G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START | G_DBUS_PROXY_FLAGS_DO_NOT_CONNECT_SIGNALS,
                                         NULL, "org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", NULL, NULL);
  if (proxy == NULL || !overview_active (proxy))
    {
      g_clear_object (&proxy);
      g_idle_add (overview_ready_idle, wait);
      return;
    }
  wait->proxy = proxy;
  wait->handler = g_signal_connect (proxy, "g-properties-changed", G_CALLBACK (overview_changed), wait);
}
