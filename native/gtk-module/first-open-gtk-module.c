/* first-open-gtk-module: What's New for unmodified GTK 3 apps.
 *
 * Loaded by GTK into every GTK 3 process that lists it (GTK_MODULES, the gtk-modules
 * setting, XSettings Gtk/Modules). It costs the app almost nothing and never changes
 * its state:
 *
 * - In a process that is not an app (the compositor, a session daemon, a portal, an
 *   input method, first-open's own window helper, a dialog tool: fo_not_an_app, by its
 *   program name, mutter's types being loaded, or its file in libexec) gtk_module_init
 *   installs nothing and says so in one line. Elsewhere it only adds an emission hook on
 *   GtkWidget::map (after g_type_class_ref (GTK_TYPE_WINDOW), without which the signal
 *   does not exist yet).
 * - The hook waits for the app's main window (a normal toplevel without a transient
 *   parent), once the app has stopped mapping toplevels and the window manager has put
 *   the last one on the screen (an app that maps many windows gets What's New over the
 *   one on top, focused). A dialog first (a session-restore prompt) keeps it waiting for
 *   a main window for a while; a process of dialogs only (zenity, a polkit agent) is
 *   left alone. The hook then removes itself.
 * - From an idle-priority timeout, cheap checks fo_find_metainfo_and_start whether to ask at all: not a
 *   program excluded by its name (it may have renamed itself since), not an app that
 *   uses libfirst-open itself (it shows its
 *   own window: never two), and an installed AppStream metainfo file under a name the
 *   app goes by (its GApplication id, its program name), found through first-open's
 *   metainfo index (read with one open; when a metainfo folder changed, first-open
 *   itself is asked, `first-open index --find NAMES`, in its own process and answered
 *   asynchronously: it rebuilds the index and answers even where it cannot write it).
 * - Then it starts `first-open appstream:NAME --parent x11:XID|wayland:HANDLE` (a
 *   Wayland window is exported through xdg-foreign for as long as first-open runs: by
 *   GDK through v1 where the compositor offers it (mutter), else by the module through
 *   v2 (KWin 5.27 offers only v2, GDK 3 exports through v1 only); a compositor without
 *   either gets an unparented window). first-open makes the decision
 *   every front end makes (record, settings, [App ID] ShowWhatsNew=false, admin config,
 *   quiet sessions, lock) in its own process, and shows What's New modal and transient
 *   for the app's window in the window helper's process: no Swift runtime, GTK
 *   setting, icon theme, locale, environment or main-loop change ever reaches the app.
 *   A window first-open was started over that goes away before first-open has ended (a
 *   splash-like main window, one the app re-creates, one of many windows the app closes
 *   again) makes the module wait for the next main window (at most 3 starts in all).
 * - Each decision is a debug message (G_MESSAGES_DEBUG=first-open-gtk-module) and a line
 *   of $XDG_STATE_HOME/first-open/gtk-module.log when that file exists.
 *
 * FIRST_OPEN_GTK_MODULE_COMMAND overrides the first-open binary (tests run the build
 * tree's); the installed path is compiled in. See docs/gtk-module.md.
 *
 * This file holds the module's entry points; each job is a file of its own, and
 * first-open-gtk-module.h declares what they share: not-an-app.c (which processes are
 * left alone), main-window.c (which window, and when), metainfo-lookup.c and
 * metainfo-index.c (which metainfo), xdg.c (the XDG folders, walked as first-open walks
 * them), spawn.c (starting and watching first-open), wayland-export.c (the app's window
 * exported for it), decision-log.c (what was decided, for people).
 */
#include <unistd.h>

#include <gmodule.h>

#include "first-open-gtk-module.h"

G_MODULE_EXPORT const char *g_module_check_init (GModule *module);
G_MODULE_EXPORT void gtk_module_init (gint *argc, gchar ***argv);

G_MODULE_EXPORT const char *
g_module_check_init (GModule *module)
{
  /* The emission hook points into this module: it must never be unloaded (GTK unloads
   * modules when the gtk-modules setting changes). */
  g_module_make_resident (module);
  return NULL;
}

G_MODULE_EXPORT void
gtk_module_init (gint *argc, gchar ***argv)
{
  static gboolean initialised;
  g_autofree char *not_an_app = NULL;

  /* Never in a setuid or setgid process: its environment is not the user's to trust. */
  if (getuid () != geteuid () || getgid () != getegid ())
    return;
  if (initialised)
    return;
  initialised = TRUE;
  /* Not an app (the compositor, a session daemon, first-open itself, a dialog tool):
   * nothing is installed in it, and one line says why. */
  not_an_app = fo_not_an_app (g_get_prgname ());
  if (not_an_app != NULL)
    {
      fo_decision_line (not_an_app, NULL);
      return;
    }
  fo_watch_main_windows ();
}
