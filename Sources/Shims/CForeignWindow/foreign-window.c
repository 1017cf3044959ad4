#include "foreign-window.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>
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
  XID mask = xdisplay->resource_mask;
  Window window = xid, top = xid, client = None;

  /* Up to the child of the root, noting the highest window that carries WM_STATE, and
     the highest of the app's own (its client's id range): without WM_STATE, that one.
     A window manager reparents a window into its frame before it sets WM_STATE on it;
     a parent string sent at the app's map and read in between (on a loaded machine,
     under openbox: 1 of 9 runs) made the frame, a window of the window manager's, the
     parent: What's New was transient for it, not for the app's window. */
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
      if ((window & ~mask) == (xid & ~mask))
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
  GdkDisplay *display;
  long shadow[4];

  /* X11 properties only: on Wayland GDK_WINDOW_XID is no window, and the call crashed. */
  if (!GDK_IS_X11_WINDOW (window))
    return FALSE;
  display = gdk_window_get_display (window);
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

/* XID's 32-bit CARDINAL property NAME; 0 when it has none. */
static unsigned long
fo_x11_cardinal_property (Display *xdisplay, Window xid, const char *name)
{
  Atom type = None;
  int format = 0;
  unsigned long count = 0, after = 0, value = 0;
  unsigned char *data = NULL;

  if (XGetWindowProperty (xdisplay, xid, XInternAtom (xdisplay, name, False),
                          0, 1, False, XA_CARDINAL, &type, &format, &count, &after, &data) == Success
      && type == XA_CARDINAL && format == 32 && count == 1 && data != NULL)
    value = ((unsigned long *) data)[0];
  if (data != NULL)
    XFree (data);
  return value;
}

static unsigned long
fo_x11_window_pid (Display *xdisplay, Window xid)
{
  return fo_x11_cardinal_property (xdisplay, xid, "_NET_WM_PID");
}

/* The _NET_WM_USER_TIME property of XID; 0 when it has none. */
static guint32
fo_x11_user_time_property (Display *xdisplay, Window xid)
{
  return (guint32) fo_x11_cardinal_property (xdisplay, xid, "_NET_WM_USER_TIME");
}

/* The X server's time of the user's last key press or click in XID, as its toolkit says
   (_NET_WM_USER_TIME); 0 when it says nothing. The later of the window's own and that of
   the window _NET_WM_USER_TIME_WINDOW names: GDK 3 names one always but writes the time
   there only where the window manager supports it (openbox does not: the time is on the
   toplevel). */
static guint32
fo_x11_window_user_time (Display *xdisplay, Window xid)
{
  Atom type = None;
  int format = 0;
  unsigned long count = 0, after = 0;
  unsigned char *data = NULL;
  guint32 time = fo_x11_user_time_property (xdisplay, xid);

  if (XGetWindowProperty (xdisplay, xid, XInternAtom (xdisplay, "_NET_WM_USER_TIME_WINDOW", False),
                          0, 1, False, XA_WINDOW, &type, &format, &count, &after, &data) == Success
      && type == XA_WINDOW && format == 32 && count == 1 && data != NULL && ((Window *) data)[0] != None)
    {
      guint32 other = fo_x11_user_time_property (xdisplay, ((Window *) data)[0]);

      if (time == 0 || (other != 0 && (gint32) (other - time) > 0))
        time = other;
    }
  if (data != NULL)
    XFree (data);
  return time;
}

gboolean
fo_x11_is_active_window (GdkWindow *window, guint32 unused_since)
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
    {
      Window focused = ((Window *) data)[0];
      /* The parent, or another window of the parent's process that the user has not
         pressed a key or clicked in since UNUSED_SINCE: a window manager busy with an app
         that maps hundreds of windows at once may focus one of its other windows
         (openbox, 500 windows: "Module test window 493"), and What's New, modal for the
         app, then never got the focus. A window the user went to is theirs; another
         app's window never counts. The difference is signed: the clock wraps. */
      active = focused == GDK_WINDOW_XID (window)
               || (focused != None && fo_x11_window_pid (xdisplay, focused) != 0
                   && fo_x11_window_pid (xdisplay, focused) == fo_x11_window_pid (xdisplay, GDK_WINDOW_XID (window))
                   && (gint32) (fo_x11_window_user_time (xdisplay, focused) - unused_since) <= 0);
    }
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
  /* While GNOME Shell is still starting: until it is SHELL_STARTUP_S old, or has opened
     its overview. */
  guint startup_timeout;
  gboolean overview_seen;
  void (*ready) (void *data);
  void *data;
} OverviewWait;

/* GNOME Shell opens its start-up overview at the end of its start-up: GNOME Shell 43 owns
   org.gnome.Shell at once, exports OverviewActive (false) about 0.5 s later and shows the
   overview about 0.3 s after that in a private session here; on GNOME on Xorg autostart
   runs ~2.6 s before it. A shell younger than this that has not shown its overview yet is
   taken to be still starting, and is waited for until it is this old: a session that
   never shows the overview at start-up (an extension) gets the window that much later. */
#define SHELL_STARTUP_S 10

static gboolean
overview_active (GDBusProxy *proxy)
{
  g_autoptr (GVariant) value = g_dbus_proxy_get_cached_property (proxy, "OverviewActive");
  return value != NULL && g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean (value);
}

static void
overview_wait_done (OverviewWait *wait)
{
  if (wait->proxy != NULL)
    {
      g_signal_handler_disconnect (wait->proxy, wait->handler);
      g_object_unref (wait->proxy);
    }
  g_clear_handle_id (&wait->startup_timeout, g_source_remove);
  wait->ready (wait->data);
  g_free (wait);
}

static void
overview_changed (GDBusProxy *proxy, GVariant *changed, GStrv invalidated, gpointer user_data)
{
  OverviewWait *wait = user_data;

  if (overview_active (proxy))
    {
      /* Shown (the start-up overview, or the user's): wait until it is left, however long. */
      wait->overview_seen = TRUE;
      g_clear_handle_id (&wait->startup_timeout, g_source_remove);
      return;
    }
  /* Still starting and the overview not shown yet: keep waiting for it. */
  if (wait->startup_timeout != 0 && !wait->overview_seen)
    return;
  overview_wait_done (wait);
}

static gboolean
shell_started_up (gpointer user_data)
{
  OverviewWait *wait = user_data;

  /* Old enough, and no overview opened: it shows none at start-up. */
  wait->startup_timeout = 0;
  if (!overview_active (wait->proxy))
    overview_wait_done (wait);
  return G_SOURCE_REMOVE;
}

static gboolean
overview_ready_idle (gpointer user_data)
{
  OverviewWait *wait = user_data;

  wait->ready (wait->data);
  g_free (wait);
  return G_SOURCE_REMOVE;
}

/* How long ago (seconds) the process that owns the proxy's name started, from its
   /proc/PID/stat; -1 when that cannot be read (another PID namespace, no such process). */
static double
name_owner_age (GDBusProxy *proxy)
{
  g_autofree char *owner = g_dbus_proxy_get_name_owner (proxy);
  g_autoptr (GVariant) reply = NULL;
  g_autofree char *path = NULL;
  g_autofree char *stat = NULL;
  g_autofree char *uptime = NULL;
  guint32 pid = 0;
  const char *field;
  unsigned long long start_ticks = 0;
  long ticks = sysconf (_SC_CLK_TCK);

  if (owner == NULL || ticks <= 0)
    return -1;
  reply = g_dbus_connection_call_sync (g_dbus_proxy_get_connection (proxy), "org.freedesktop.DBus",
                                       "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID",
                                       g_variant_new ("(s)", owner), G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE,
                                       1000, NULL, NULL);
  if (reply == NULL)
    return -1;
  g_variant_get (reply, "(u)", &pid);
  path = g_strdup_printf ("/proc/%u/stat", pid);
  if (pid == 0 || !g_file_get_contents (path, &stat, NULL, NULL)
      || !g_file_get_contents ("/proc/uptime", &uptime, NULL, NULL))
    return -1;
  /* Field 22, starttime, counted from the field after the command name's ')'. */
  field = strrchr (stat, ')');
  for (int i = 0; field != NULL && i < 20; i++)
    field = strchr (field + 1, ' ');
  if (field == NULL || sscanf (field + 1, "%llu", &start_ticks) != 1)
    return -1;
  return g_ascii_strtod (uptime, NULL) - (double) start_ticks / (double) ticks;
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
  g_autoptr (GVariant) exported = NULL;
  g_autofree char *owner = NULL;
  double age;

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
  /* No session bus, or no GNOME Shell (its name has no owner): at once, from the main
     loop. */
  proxy = g_dbus_proxy_new_for_bus_sync (G_BUS_TYPE_SESSION,
                                         G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START | G_DBUS_PROXY_FLAGS_DO_NOT_CONNECT_SIGNALS,
                                         NULL, "org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", NULL, NULL);
  owner = proxy != NULL ? g_dbus_proxy_get_name_owner (proxy) : NULL;
  if (owner == NULL)
    {
      g_clear_object (&proxy);
      g_idle_add (overview_ready_idle, wait);
      return;
    }
  wait->proxy = proxy;
  wait->handler = g_signal_connect (proxy, "g-properties-changed", G_CALLBACK (overview_changed), wait);
  if (overview_active (proxy))
    {
      wait->overview_seen = TRUE;
      return;
    }
  /* The overview is not shown. GNOME Shell may still be starting (GNOME on Xorg starts
     autostart programs before it opens its start-up overview: a window shown now would
     open inside it): it has not exported its properties yet, or is younger than
     SHELL_STARTUP_S. Then the overview is waited for until the shell is that old. */
  exported = g_dbus_proxy_get_cached_property (proxy, "OverviewActive");
  age = name_owner_age (proxy);
  if (exported != NULL && (age < 0 || age >= SHELL_STARTUP_S))
    {
      g_signal_handler_disconnect (proxy, wait->handler);
      g_object_unref (proxy);
      g_idle_add (overview_ready_idle, wait);
      return;
    }
  wait->startup_timeout = g_timeout_add ((guint) (MAX (SHELL_STARTUP_S - MAX (age, 0), 0) * 1000), shell_started_up, wait);
}

gboolean
fo_set_window_identity (GdkWindow *window, const char *app_id, const char *name)
{
  if (GDK_IS_X11_WINDOW (window))
    {
      XClassHint hint = { (char *) app_id, (char *) name };
      XSetClassHint (GDK_WINDOW_XDISPLAY (window), GDK_WINDOW_XID (window), &hint);
      return TRUE;
    }
  if (GDK_IS_WAYLAND_WINDOW (window))
    {
      gdk_wayland_window_set_application_id (window, app_id);
      return TRUE;
    }
  return FALSE;
}
