// A window of another process as the parent of ours (first-open --parent): the X11 and
// Wayland halves of GDK that Swift cannot import directly. <gdk/gdkx.h> brings X11's
// `Window`, `Display` and `Screen` into Swift (clashing with the project's `Window`), so
// only this file's .c includes it; Swift sees the plain GDK types below.
#ifndef FIRST_OPEN_FOREIGN_WINDOW_H
#define FIRST_OPEN_FOREIGN_WINDOW_H

#include <gtk/gtk.h>

/// Whether GDK opened an X11 (or a Wayland) display; Debian's GDK has both backends.
gboolean fo_display_is_x11 (GdkDisplay *display);
gboolean fo_display_is_wayland (GdkDisplay *display);

/// The top-level client window that contains X window `xid`, wrapped as a foreign
/// `GdkWindow` (full reference), or NULL when the X server has no such window.
///
/// Toolkits hand out different ids for "my window": GTK 4 and Qt the client toplevel,
/// Tk's `winfo_id` an inner window, Tk's `wm frame` the window manager's frame. The
/// window manager reads `WM_TRANSIENT_FOR` only from client toplevels, so the id is
/// resolved as xprop and `XmuClientWindow` do: the window on the way up to the root
/// that carries `WM_STATE` (set by the window manager on the clients it manages); from
/// a frame, the child below it that carries it; without a window manager (no
/// `WM_STATE` anywhere), the child of the root.
GdkWindow *fo_foreign_x11_toplevel (GdkDisplay *display, unsigned long xid);

/// Another process's window, imported through xdg-foreign by us (not by GDK).
typedef struct _FoForeignImport FoForeignImport;

/// Imports `handle` (an exported toplevel of another process) through xdg-foreign v2
/// (`zxdg_importer_v2`) where the compositor offers it, else v1 (`zxdg_importer_v1`); NULL
/// when it offers neither (Weston 10). KWin 5.27 offers only v2, which GTK 3 does not
/// speak; mutter 43 only v1. One round trip on a private event queue (none of GDK's
/// events are dispatched here): `*names_window` is FALSE when the compositor answered
/// `destroyed` at once, i.e. the handle names no window (a wrong handle, or the window is
/// gone already). GDK's own v1 import drops that event.
FoForeignImport *fo_wayland_import (GdkDisplay *display, const char *handle, gboolean *names_window);

/// The protocol version of the import: 2 or 1.
int fo_wayland_import_version (FoForeignImport *import);

/// `set_parent_of` our `window`'s `wl_surface`, each time the window is mapped (GDK
/// makes the surface an `xdg_toplevel` then; the parent is set before its first frame).
void fo_wayland_import_parent_on_map (FoForeignImport *import, GtkWidget *window);

/// Calls `destroyed (data)` once, from the main loop, when the compositor says the
/// other window is gone (`zxdg_imported.destroyed`): at once if it said so already.
void fo_wayland_import_watch (FoForeignImport *import, void (*destroyed) (void *data), void *data);

/// Ends the import (and the parent relationship it set); NULL is ignored.
void fo_wayland_import_free (FoForeignImport *import);

/// `gdk_wayland_window_set_transient_for_exported` (realized `window`).
gboolean fo_wayland_set_transient_for_exported (GdkWindow *window, const char *handle);

/// Whether X window `foreign` is override-redirect: a menu, tooltip or splash that window
/// managers do not manage; a dialog transient for it is hidden or misplaced by them.
gboolean fo_x11_is_override_redirect (GdkWindow *foreign);

/// Selects `StructureNotify` on the foreign window (adding to our own event mask on it;
/// the other client's is untouched) and then checks that it still exists. FALSE when it
/// is already gone: it was destroyed between being found and being watched (an app that
/// closes right after starting first-open), and no `DestroyNotify` will ever come.
gboolean fo_x11_watch_destroy (GdkWindow *foreign);

/// The rectangle of an X11 toplevel as the user sees it: the window manager's frame
/// (title bar included) less the shadow a client-side decorated window draws inside its
/// own X window (`_GTK_FRAME_EXTENTS`). Works for a foreign window and for our own.
/// FALSE when the window is gone.
gboolean fo_x11_visible_frame (GdkWindow *window, GdkRectangle *frame);

/// Names our realized toplevel `window` for desktops as the app `app_id` called `name`:
/// WM_CLASS (`app_id`, `name`) on X11, the xdg_toplevel app id `app_id` on Wayland
/// (mapped windows only: GDK makes the xdg_toplevel at the map). For a window over
/// another app's window: GNOME Shell names a window-backed app (one without a desktop
/// file) after its most recent window's WM_CLASS or app id. FALSE when neither applies.
gboolean fo_set_window_identity (GdkWindow *window, const char *app_id, const char *name);

/// The X server's time now (a round trip: `gdk_x11_get_server_time`), in the clock of
/// X events' timestamps; 0 for a window that is not on X11.
guint32 fo_x11_server_time (GdkWindow *window);

/* Whether the root's _NET_ACTIVE_WINDOW (the window the window manager says has the
 * focus) is WINDOW (an X11 client toplevel), or another window of WINDOW's process in
 * which the user has not pressed a key or clicked since UNUSED_SINCE (the X server's
 * time; _NET_WM_USER_TIME). FALSE off X11, without a window manager that says. */
gboolean fo_x11_is_active_window (GdkWindow *window, guint32 unused_since);

/* The X server's time of XEVENT when it is an XInput 2 FocusIn (GDK 3 takes focus changes
 * through XInput 2; GTK's focus-in-event has no time), else 0. For a GdkFilterFunc (the
 * main thread's event dispatch). */
guint32 fo_x11_focus_in_time (GdkXEvent *xevent);

/// Calls `ready (data)` once, from the main loop, when GNOME Shell's overview is not
/// shown: at once without GNOME Shell (or a session bus), else when the shell's
/// `OverviewActive` property turns false. GNOME Shell opens a session in its overview; a
/// window mapped then opened inside it, unfocused, and got the focus only when the user
/// left the overview. A shell still starting (GNOME on Xorg runs autostart before the shell
/// opens its start-up overview: it has not exported `OverviewActive` yet, or is younger than
/// 10 s) is waited for: until it shows the overview and then hides it, or until it is 10 s
/// old without having shown it. Call on the main thread (the D-Bus proxy's signals come to
/// the main context).
void fo_when_shell_overview_hidden (void (*ready) (void *data), void *data);

/// Whether a `GdkXEvent` (an `XEvent`) is `DestroyNotify`.
gboolean fo_xevent_is_destroy_notify (GdkXEvent *xevent);

#endif
