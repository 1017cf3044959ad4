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
 * - From an idle-priority timeout, cheap checks decide whether to ask at all: not a
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
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib-unix.h>
#include <gmodule.h>
#include <gtk/gtk.h>

#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#include <wayland-client.h>
#include "wayland-global.h"
/* Generated from wayland-protocols' XML by wayland-scanner at build time (meson.build). */
#include "xdg-foreign-unstable-v2-client-protocol.h"
#endif

#ifndef FIRST_OPEN_COMMAND
#define FIRST_OPEN_COMMAND "/usr/bin/first-open"
#endif

#define LOG_DOMAIN "first-open-gtk-module"

/* Processes that load the module but are not apps, or whose first window is not an app's
 * main window (docs/gtk-module.md, "Processes that are not apps", says how the list was
 * made). With GTK_MODULES set for a whole session (environment.d on GNOME), the module
 * loads into every GTK 3 process of it: the compositor (mutter 43 starts GTK 3 inside
 * GNOME Shell), the settings daemons, portals, input methods, first-open's own window
 * helper. There it installs nothing at all (no hook, no timer, no child), so that no
 * defect of the module can reach the compositor or a daemon, and says so in one line.
 * A NAME ending in '*' matches every program name it begins. Most of these live in
 * libexec on Debian (which fo_is_in_libexec catches whatever their name); the names are
 * for distributions that install them elsewhere (Arch: /usr/lib) and for those in
 * /usr/bin. */
typedef struct
{
  const char *name;
  const char *why;
} FoExcludedProgram;

#define FO_DIALOG_ONLY "a dialog-only program"

static const FoExcludedProgram fo_excluded_programs[] = {
  /* first-open's own: the window helper calls itself "first-open" (g_set_prgname), its
   * file is first-open-window. */
  { "first-open", "first-open's own process" },
  { "first-open-window", "first-open's own process" },
  { "first-open-demo", "first-open's own process" },
  /* Compositors and window managers with GTK 3 in their own process (those built on
   * libmutter or libmuffin are also caught by fo_is_mutter_compositor). */
  { "gnome-shell*", "the compositor or a part of GNOME Shell" },
  { "mutter", "the compositor" },
  { "metacity", "the window manager" },
  { "marco", "the window manager" },
  { "xfwm4", "the window manager" },
  { "gnome-flashback", "a part of the desktop shell" },
  /* Session managers, settings daemons, portals, input methods, reminders. */
  { "gnome-session*", "the session manager" },
  { "xfce4-session", "the session manager" },
  { "gsd-*", "a settings daemon" },
  { "csd-*", "a settings daemon" },
  { "xfsettingsd", "a settings daemon" },
  { "mate-settings-daemon", "a settings daemon" },
  { "xdg-desktop-portal*", "a portal" },
  { "xdg-document-portal", "a portal" },
  { "xdg-permission-store", "a portal" },
  { "ibus-*", "a part of the input method" },
  { "evolution-alarm-notify", "a session daemon" },
  { "evolution-user-prompter", "a session daemon" },
  /* Programs that only show dialogs: their first window is not an app's main window,
   * whatever it looks like. */
  { "zenity", FO_DIALOG_ONLY },
  { "yad", FO_DIALOG_ONLY },
  { "gxmessage", FO_DIALOG_ONLY },
  { "gtkdialog", FO_DIALOG_ONLY },
  { "polkit-gnome-authentication-agent-1", FO_DIALOG_ONLY },
  { "polkit-mate-authentication-agent-1", FO_DIALOG_ONLY },
  { "lxpolkit", FO_DIALOG_ONLY },
  { "gcr-prompter", FO_DIALOG_ONLY },
  { "pinentry-gnome3", FO_DIALOG_ONLY },
  { "pinentry-gtk-2", FO_DIALOG_ONLY },
  { "ssh-askpass", FO_DIALOG_ONLY },
  { "gnome-ssh-askpass", FO_DIALOG_ONLY },
  { "ssh-askpass-gnome", FO_DIALOG_ONLY },
  { "xfce4-notifyd", FO_DIALOG_ONLY },
  { "notification-daemon", FO_DIALOG_ONLY },
  { "mate-notification-daemon", FO_DIALOG_ONLY },
};

static gulong map_hook_id;
static guint map_signal_id;

/* The decision log: `$XDG_STATE_HOME/first-open/gtk-module.log`, written only when the
 * user created it (`touch` turns it on, `rm` off). Hosts may swallow GLib's messages
 * (Meld, as Python apps do, installs its own log handler), so the module's decision is
 * appended there for any host, one line each. Never created, never followed as a
 * symbolic link, never written past 1 MiB, nor when it is another user's file. */
#define DECISION_LOG_LIMIT (1024 * 1024)

/* The decision log open for appending, or -1 (see above). */
static int
open_decision_log (void)
{
  const char *state = g_getenv ("XDG_STATE_HOME");
  g_autofree char *path = NULL;
  struct stat info;
  int fd;

  /* Relative values are invalid (XDG Base Directory specification), as first-open reads them. */
  if (state != NULL && g_path_is_absolute (state))
    path = g_build_filename (state, "first-open", "gtk-module.log", NULL);
  else
    path = g_build_filename (g_get_home_dir (), ".local", "state", "first-open", "gtk-module.log", NULL);
  fd = open (path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode) || info.st_uid != geteuid ()
      || info.st_size >= DECISION_LOG_LIMIT)
    {
      close (fd);
      return -1;
    }
  return fd;
}

static void
append_to_decision_log (const char *line)
{
  g_autofree char *text = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = now != NULL ? g_date_time_format (now, "%Y-%m-%dT%H:%M:%S%:z") : g_strdup ("-");
  int fd = open_decision_log ();

  if (fd < 0)
    return;
  text = g_strdup_printf ("%s %s[%d] %s\n", stamp, g_get_prgname () != NULL ? g_get_prgname () : "?",
                          (int) getpid (), line);
  if (write (fd, text, strlen (text)) < 0)
    { /* A full disk: the log is only for people. */ }
  close (fd);
}

/* The index is never larger than this (first-open writes ~100 KB for a few hundred apps;
 * the Swift reader, MetainfoIndex, refuses the same size). */
#define INDEX_SIZE_LIMIT (8 * 1024 * 1024)

/* PATH's contents (NUL-terminated, LENGTH without the NUL) when it is a regular file of at
 * most LIMIT bytes, else NULL. This runs on the main thread of every GTK 3 app at start-up:
 * g_file_get_contents would block the app for good on a FIFO put where the file belongs and
 * read a file of any size, so the file is opened non-blocking, not through a final symbolic
 * link, and checked before it is read (as first-open's CheckedFile reads what it opens). */
static char *
read_regular_file (const char *path, gsize limit, gsize *length)
{
  struct stat info;
  char *contents;
  gsize done = 0;
  int fd = open (path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);

  if (fd < 0)
    return NULL;
  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode) || info.st_size < 0 || (guint64) info.st_size > limit)
    {
      close (fd);
      return NULL;
    }
  contents = g_malloc ((gsize) info.st_size + 1);
  while (done < (gsize) info.st_size)
    {
      ssize_t count = read (fd, contents + done, (gsize) info.st_size - done);
      if (count < 0 && errno == EINTR)
        continue;
      if (count <= 0)
        break;  /* an error, or the file shrank meanwhile: what was read is checked as any */
      done += (gsize) count;
    }
  close (fd);
  contents[done] = '\0';
  *length = done;
  return contents;
}

/* What the module decided, for G_MESSAGES_DEBUG=first-open-gtk-module and the log. */
static void
decision_line (const char *message, const char *detail)
{
  g_autofree char *line = g_strdup_printf ("%s%s%s", message, detail != NULL ? ": " : "",
                                           detail != NULL ? detail : "");

  g_log_structured (LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "MESSAGE", "%s", line);
  append_to_decision_log (line);
}

/* The entry of fo_excluded_programs that PROGRAM matches, or NULL. */
static const FoExcludedProgram *
fo_excluded_program (const char *program)
{
  for (gsize i = 0; i < G_N_ELEMENTS (fo_excluded_programs); i++)
    {
      const char *name = fo_excluded_programs[i].name;
      gsize length = strlen (name);

      if (name[length - 1] == '*' ? strncmp (program, name, length - 1) == 0 : strcmp (program, name) == 0)
        return &fo_excluded_programs[i];
    }
  return NULL;
}

/* Whether PATH lies in a libexec folder (/usr/libexec, /usr/local/libexec, ...): the
 * FHS's place for programs "not intended to be executed directly by users or shell
 * scripts". On Debian 12 the GTK 3 daemons of a GNOME session are there (gsd-*,
 * xdg-desktop-portal-gtk, ibus-ui-gtk3, gcr-prompter, gnome-session-failed,
 * evolution-alarm-notify, first-open's window helper); the apps users start are in
 * /usr/bin (or /usr/lib/APP, which does not count). */
static gboolean
fo_is_in_libexec (const char *path)
{
  return path != NULL && path[0] == '/' && strstr (path, "/libexec/") != NULL;
}

/* The compositor itself: GNOME Shell, mutter and budgie-wm (libmutter-11 in Debian 12),
 * Cinnamon (libmuffin, mutter's fork, exports the same name) and the other compositors
 * built on libmutter (gala, gnome-kiosk) run GTK 3 in their own process, and mutter's
 * types are linked in whatever the library's version. One symbol lookup in the
 * libraries already loaded; none is opened. */
static gboolean
fo_is_mutter_compositor (void)
{
  return dlsym (RTLD_DEFAULT, "meta_display_get_type") != NULL;
}

/* The script PROGRAM runs from, when an interpreter runs it (a Python or GJS program:
 * /proc/self/exe is then the interpreter, EXE, and the program name the script's): the
 * first element of /proc/self/cmdline after the interpreter whose file name is PROGRAM,
 * when it is an absolute path; else NULL. Read only when PROGRAM is not EXE's own name. */
static char *
fo_script_path (const char *program, const char *exe)
{
  g_autofree char *exe_name = g_path_get_basename (exe);
  char cmdline[4096];
  ssize_t length;
  int fd;

  if (strcmp (exe_name, program) == 0)
    return NULL;
  /* The interpreter, its options and the script come first: one read is enough. */
  fd = open ("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  length = read (fd, cmdline, sizeof cmdline - 1);
  close (fd);
  if (length <= 0)
    return NULL;
  cmdline[length] = '\0';
  for (const char *arg = cmdline + strlen (cmdline) + 1; arg < cmdline + length; arg += strlen (arg) + 1)
    {
      const char *slash = strrchr (arg, '/');
      if (arg[0] == '/' && strcmp (slash + 1, program) == 0)
        return g_strdup (arg);
    }
  return NULL;
}

/* Why this process is not an app the module serves (a line for the decision log), or
 * NULL. Run in gtk_module_init of every GTK 3 process of the session: one symbol lookup,
 * a table of names, one readlink (about 6 microseconds together, measured here), and for
 * a script one read of /proc/self/cmdline. */
static char *
fo_not_an_app (const char *program)
{
  const FoExcludedProgram *excluded;
  g_autofree char *script = NULL;
  char exe[4096];
  ssize_t length;

  if (program == NULL)
    return g_strdup ("a program without a name");
  if (fo_is_mutter_compositor ())
    return g_strdup_printf ("not an app, nothing installed: %s (a compositor: mutter's meta_display_get_type is loaded)",
                            program);
  excluded = fo_excluded_program (program);
  if (excluded != NULL && strcmp (excluded->why, FO_DIALOG_ONLY) == 0)
    return g_strdup_printf (FO_DIALOG_ONLY ": %s", program);
  if (excluded != NULL)
    return g_strdup_printf ("not an app, nothing installed: %s (%s, by its program name)", program, excluded->why);
  length = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  if (length <= 0)
    return NULL;
  exe[length] = '\0';
  if (fo_is_in_libexec (exe))
    return g_strdup_printf ("not an app, nothing installed: %s (a helper program in libexec: %s)", program, exe);
  script = fo_script_path (program, exe);
  if (fo_is_in_libexec (script))
    return g_strdup_printf ("not an app, nothing installed: %s (a helper script in libexec: %s)", program, script);
  return NULL;
}

/* The app uses libfirst-open (C, Python, GJS, Vala): it shows its own window. */
static gboolean
app_embeds_libfirst_open (void)
{
  void *handle = dlopen ("libfirst-open.so.0", RTLD_LAZY | RTLD_NOLOAD);

  if (handle == NULL)
    return FALSE;
  dlclose (handle);
  return TRUE;
}

/* Whether DIR/RELATIVE exists for one of the data directories (user's first). Relative
 * entries of $XDG_DATA_HOME and $XDG_DATA_DIRS are ignored, as the XDG Base Directory
 * specification says and first-open's appstream: lookup does (XDGDirectory): they
 * would name folders under whatever directory the app was started in. */
static gboolean
data_file_exists (const char *relative)
{
  const char *const *dirs = g_get_system_data_dirs ();
  const char *home = g_get_user_data_dir ();

  if (g_path_is_absolute (home))
    {
      g_autofree char *user = g_build_filename (home, relative, NULL);
      if (g_file_test (user, G_FILE_TEST_IS_REGULAR))
        return TRUE;
    }
  for (; *dirs != NULL; dirs++)
    {
      if (!g_path_is_absolute (*dirs))
        continue;
      g_autofree char *path = g_build_filename (*dirs, relative, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return TRUE;
    }
  return FALSE;
}

/* An installed metainfo file for APP_ID, where first-open's appstream: looks
 * (AppStreamLookup.metainfoPath): metainfo/ then appdata/, APPID.metainfo.xml or
 * APPID.appdata.xml, also with ".desktop" after the id as older files have. */
static gboolean
has_metainfo (const char *app_id)
{
  const char *const folders[] = { "metainfo", "appdata" };
  const char *const suffixes[] = { ".metainfo.xml", ".appdata.xml", ".desktop.metainfo.xml", ".desktop.appdata.xml" };

  for (gsize i = 0; i < G_N_ELEMENTS (folders); i++)
    for (gsize j = 0; j < G_N_ELEMENTS (suffixes); j++)
      {
        g_autofree char *relative = g_strconcat (folders[i], "/", app_id, suffixes[j], NULL);
        if (data_file_exists (relative))
          return TRUE;
      }
  return FALSE;
}

/* $XDG_DATA_HOME then $XDG_DATA_DIRS as first-open's XDGDirectory reads them (absolute
 * entries only; ~/.local/share, and /usr/local/share:/usr/share when none is absolute),
 * so that the index stamp below reads the same as the one first-open wrote. */
static GPtrArray *
data_dirs (void)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  const char *home = g_get_user_data_dir ();
  const char *const *system = g_get_system_data_dirs ();
  guint before;

  if (g_path_is_absolute (home) && g_utf8_validate (home, -1, NULL))
    g_ptr_array_add (dirs, g_strdup (home));
  else
    g_ptr_array_add (dirs, g_strconcat (g_get_home_dir (), "/.local/share", NULL));
  before = dirs->len;
  for (; *system != NULL; system++)
    if (g_path_is_absolute (*system) && g_utf8_validate (*system, -1, NULL))
      g_ptr_array_add (dirs, g_strdup (*system));
  if (dirs->len == before)
    {
      g_ptr_array_add (dirs, g_strdup ("/usr/local/share"));
      g_ptr_array_add (dirs, g_strdup ("/usr/share"));
    }
  return dirs;
}

/* The metainfo index first-open keeps (MetainfoIndex.swift): every name an installed app
 * goes by (file name, <id>, desktop-id launchable; lower case, no ".desktop") and its
 * metainfo file, behind a stamp of the metainfo folders' modification times, in one file
 * per list of folders (metainfo-index-HASH: the first 16 hex digits of the SHA-256 of the
 * folders, each followed by a newline), so apps started with different XDG_DATA_DIRS
 * never replace each other's. Read with one open; NULL when missing or not current (a
 * package added or removed a file). */
static char *
read_index (void)
{
  const char *cache = g_get_user_cache_dir ();
  g_autofree char *path = NULL;
  g_autofree char *hash = NULL;
  g_autoptr(GPtrArray) dirs = data_dirs ();
  g_autoptr(GString) header = g_string_new ("first-open metainfo index 1\n");
  g_autoptr(GString) list = g_string_new (NULL);
  const char *const folders[] = { "metainfo", "appdata" };
  char *contents = NULL;
  gsize length = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (folders); i++)
    for (guint j = 0; j < dirs->len; j++)
      {
        g_autofree char *folder = g_strconcat (dirs->pdata[j], "/", folders[i], NULL);
        struct stat info;
        g_string_append_printf (list, "%s\n", folder);
        if (stat (folder, &info) == 0 && S_ISDIR (info.st_mode))
          g_string_append_printf (header, "folder %lld.%09ld %s\n", (long long) info.st_mtim.tv_sec,
                                  (long) info.st_mtim.tv_nsec, folder);
        else
          g_string_append_printf (header, "folder - %s\n", folder);
      }
  g_string_append_c (header, '\n');
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, list->str, list->len);
  hash[16] = '\0';
  if (g_path_is_absolute (cache) && g_utf8_validate (cache, -1, NULL))
    path = g_strconcat (cache, "/first-open/metainfo-index-", hash, NULL);
  else
    path = g_strconcat (g_get_home_dir (), "/.cache/first-open/metainfo-index-", hash, NULL);
  contents = read_regular_file (path, INDEX_SIZE_LIMIT, &length);
  if (contents == NULL)
    return NULL;
  if (length < header->len || memcmp (contents, header->str, header->len) != 0)
    {
      g_free (contents);
      return NULL;
    }
  return contents;
}

/* Whether INDEX has NAME (compared as the index stores names); with AMBIGUOUS, whether
 * it lists NAME as claimed alike by two files (a "!" line), which is never taken. */
static gboolean
index_has (const char *index, const char *name, gboolean ambiguous)
{
  g_autofree char *key = g_ascii_strdown (name, -1);
  g_autofree char *line = NULL;

  if (g_str_has_suffix (key, ".desktop"))
    key[strlen (key) - strlen (".desktop")] = '\0';
  line = g_strconcat (ambiguous ? "\n!" : "\n", key, "\t", NULL);
  return *key != '\0' && strstr (index, line) != NULL;
}

/* A name first-open can take after appstream: (AppID.isValid). */
static gboolean
is_usable_name (const char *name)
{
  if (name == NULL || *name == '\0' || *name == '.' || strlen (name) > 200)
    return FALSE;
  for (const char *c = name; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && *c != '.' && *c != '_' && *c != '-')
      return FALSE;
  return TRUE;
}

/* The names the app goes by: the default GApplication's id and its program name (apps
 * without GApplication, e.g. "gimp"; apps whose GApplication id matches no file, e.g.
 * simple-scan's org.gnome.SimpleScan); the index maps either to the file (eog's
 * org.gnome.eog to eog.appdata.xml through its <id>, org.xfce.Thunar to
 * org.xfce.thunar.appdata.xml whatever the case). */
static void
app_names (const char *names[2])
{
  GApplication *application = g_application_get_default ();

  names[0] = application != NULL ? g_application_get_application_id (application) : NULL;
  names[1] = g_get_prgname ();
}

/* The name first-open finds the app's metainfo by (appstream:NAME) in a current INDEX,
 * or NULL (TRIED: the names, for the log). */
static char *
find_metainfo_name (const char *index, char **tried)
{
  const char *names[2];

  app_names (names);
  *tried = g_strjoin (", ", names[0] != NULL ? names[0] : "-", names[1] != NULL ? names[1] : "-", NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (!is_usable_name (names[i]))
        continue;
      if (index_has (index, names[i], FALSE))
        return g_strdup (names[i]);
      if (index_has (index, names[i], TRUE))
        decision_line ("two metainfo files claim the name alike; neither is taken", names[i]);
    }
  return NULL;
}

/* The app's window, exported for first-open for as long as it runs: through GDK
 * (xdg-foreign v1) or through the module's own zxdg_exporter_v2 (KWin 5.27 offers only
 * v2, and GDK 3 exports through v1 only). */
typedef struct
{
  GdkWindow *window;
#ifdef GDK_WINDOWING_WAYLAND
  struct zxdg_exported_v2 *exported_v2;
#endif
} Export;

static void
export_free (Export *export)
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

static void first_open_ended (void);

/* first-open is done with the app's window: its export ends, so the app can export it
 * again itself (GTK 3 allows one export per window, e.g. for a portal dialog). */
static void
on_first_open_exited (GPid pid, gint status, gpointer data)
{
  if (pid != 0)
    g_spawn_close_pid (pid);
  export_free (data);
  if (pid != 0)
    first_open_ended ();
}

static gboolean
on_first_open_pidfd (gint fd, GIOCondition condition, gpointer data)
{
  close (fd);
  first_open_ended ();
  return G_SOURCE_REMOVE;
}

static gboolean
first_open_ended_idle (gpointer data)
{
  first_open_ended ();
  return G_SOURCE_REMOVE;
}

/* Calls first_open_ended once first-open (PID: the window helper, once first-open has
 * exec'd it) has ended, though it is no child of the app (double-forked): its pidfd
 * (Linux 5.3) turns readable then. No SIGCHLD handler, no zombie in the app. */
static void
watch_double_forked (GPid pid)
{
#ifdef SYS_pidfd_open
  /* Close-on-exec is set on a pidfd by the kernel. */
  int fd = pid > 0 ? (int) syscall (SYS_pidfd_open, (pid_t) pid, 0) : -1;

  if (fd >= 0)
    {
      g_unix_fd_add_full (G_PRIORITY_LOW, fd, G_IO_IN | G_IO_HUP | G_IO_ERR, on_first_open_pidfd, NULL, NULL);
      return;
    }
  if (pid > 0 && errno == ESRCH)
    {
      /* Ended already (nothing was due). */
      g_idle_add_full (G_PRIORITY_LOW, first_open_ended_idle, NULL, NULL);
      return;
    }
#endif
  decision_line ("cannot watch first-open (no pidfd); What's New will not follow the app's next window", NULL);
}

/* Starts first-open for APP_ID over PARENT (NULL: unparented). With EXPORT (a Wayland
 * window exported for it; taken), first-open is watched as a child and the export ends
 * when first-open does; otherwise it is started double-forked (g_spawn_async without
 * G_SPAWN_DO_NOT_REAP_CHILD: no child watch and no zombie in the app) and watched
 * through a pidfd. Either way first_open_ended runs when it is done. */
static void
start_first_open (const char *app_id, const char *parent, Export *export)
{
  const char *command = g_getenv ("FIRST_OPEN_GTK_MODULE_COMMAND");
  g_autofree char *source = g_strconcat ("appstream:", app_id, NULL);
  g_autoptr(GError) error = NULL;
  const char *argv[] = { NULL, source, parent != NULL ? "--parent" : NULL, parent, NULL };
  GPid pid = 0;
  gboolean spawned;
  int log_fd;

  argv[0] = command != NULL && *command != '\0' ? command : FIRST_OPEN_COMMAND;
  decision_line ("starting first-open for", source);
  /* first-open's verdict ("nothing: …", "whats-new: …") is for the decision log when the
   * user keeps one (a file, not a pipe: first-open never writes into a closed pipe when
   * the app is gone), never for the app's own output. */
  log_fd = open_decision_log ();
  spawned = g_spawn_async_with_fds (NULL, (char **) argv, NULL,
                                    (log_fd < 0 ? G_SPAWN_STDOUT_TO_DEV_NULL : 0)
                                      | (export != NULL ? G_SPAWN_DO_NOT_REAP_CHILD : 0),
                                    NULL, NULL, &pid, -1, log_fd, -1, &error);
  if (log_fd >= 0)
    close (log_fd);
  if (!spawned)
    {
      g_log_structured (LOG_DOMAIN, G_LOG_LEVEL_MESSAGE, "MESSAGE", "cannot start %s: %s",
                        argv[0], error->message);
      if (export != NULL)
        on_first_open_exited (0, 0, export);
      return;
    }
  if (export != NULL)
    g_child_watch_add (pid, on_first_open_exited, export);
  else
    {
      watch_double_forked (pid);
      g_spawn_close_pid (pid);
    }
}

#ifdef GDK_WINDOWING_WAYLAND
static void
on_exported (GdkWindow *window, const char *handle, gpointer user_data)
{
  g_autofree char *parent = g_strconcat ("wayland:", handle, NULL);
  Export *export = g_new0 (Export, 1);

  export->window = g_object_ref (window);
  start_first_open (user_data, parent, export);
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
 * starts first-open over it. One round trip on a private event queue, so that none of
 * GDK's or the app's events are dispatched here; the compositor answers the export with
 * the handle at once. FALSE when it gave none. */
static gboolean
export_v2_and_start (GdkWindow *window, uint32_t exporter_name, const char *app_id)
{
  static const struct zxdg_exported_v2_listener listener = { exported_v2_handle };
  struct wl_display *display = gdk_wayland_display_get_wl_display (gdk_window_get_display (window));
  struct wl_event_queue *queue = wl_display_create_queue (display);
  struct wl_display *wrapper = wl_proxy_create_wrapper (display);
  struct wl_registry *registry;
  struct zxdg_exporter_v2 *exporter;
  struct zxdg_exported_v2 *exported;
  g_autofree char *handle = NULL;
  g_autofree char *parent = NULL;
  Export *export;

  wl_proxy_set_queue ((struct wl_proxy *) wrapper, queue);
  registry = wl_display_get_registry (wrapper);
  exporter = wl_registry_bind (registry, exporter_name, &zxdg_exporter_v2_interface, 1);
  exported = zxdg_exporter_v2_export_toplevel (exporter, gdk_wayland_window_get_wl_surface (window));
  zxdg_exported_v2_add_listener (exported, &listener, &handle);
  wl_display_roundtrip_queue (display, queue);
  /* The exporter is done with; the export lasts until `exported` is destroyed. No other
     event comes for it: it moves to the default queue, and the private one goes. */
  zxdg_exporter_v2_destroy (exporter);
  wl_proxy_set_queue ((struct wl_proxy *) exported, NULL);
  zxdg_exported_v2_set_user_data (exported, NULL);
  wl_registry_destroy (registry);
  wl_proxy_wrapper_destroy (wrapper);
  wl_event_queue_destroy (queue);
  if (handle == NULL)
    {
      zxdg_exported_v2_destroy (exported);
      return FALSE;
    }
  export = g_new0 (Export, 1);
  export->window = g_object_ref (window);
  export->exported_v2 = exported;
  parent = g_strconcat ("wayland:", handle, NULL);
  start_first_open (app_id, parent, export);
  return TRUE;
}

/* Exports the app's WINDOW for first-open and starts it over the handle: through GDK
 * (xdg-foreign v1: mutter) where the compositor offers v1, else through the module's
 * own v2 export (KWin). The exporters are looked up first (wayland-global.h): without
 * either, gdk_wayland_window_export_handle would log a warning in the app. FALSE when
 * the window cannot be exported. */
static gboolean
export_and_start (GdkWindow *window, const char *app_id)
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

/* The main window is chosen once the app has stopped mapping toplevels for this long:
 * an app that maps many windows at start (or re-creates its first one) gets What's New
 * over the one on top, not buried under the ones mapped after it. */
#define SETTLE_MS 250
/* ... but no longer than this after the first main window mapped. */
#define SETTLE_LIMIT_US (10 * G_USEC_PER_SEC)
/* A dialog first (a session-restore prompt): how long to wait for a main window before
 * deciding this is a dialog-only process. */
#define DIALOG_WAIT_S 120
/* How many times first-open is started in one process: again over the next main window
 * each time the window it was started over went away before it ended (below). */
#define MAX_STARTS 3

static GtkWindow *candidate;          /* the last main window mapped (weak pointer) */
static guint settle_source;
static guint dialog_source;
static gint64 first_main_map;         /* monotonic time of the first main window's map */
static gint64 started_at;             /* when first-open was started, 0 before */
static int starts;                    /* how many times first-open was started */
static GtkWindow *started_over;       /* the window it runs over (weak pointer), while it runs */
static gboolean candidate_on_screen;  /* the X server reported it mapped (map-event) */

static gboolean
on_candidate_map_event (GtkWidget *widget, GdkEvent *event, gpointer data)
{
  if (widget == GTK_WIDGET (candidate))
    candidate_on_screen = TRUE;
  return FALSE;
}

static void
forget_candidate (void)
{
  if (candidate == NULL)
    return;
  g_signal_handlers_disconnect_by_func (candidate, on_candidate_map_event, NULL);
  g_object_remove_weak_pointer (G_OBJECT (candidate), (gpointer *) &candidate);
  candidate = NULL;
}

static gboolean on_map (GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data);
static gboolean present (gpointer data);
static void decide (GtkWindow *window);

static void
stop_watching (void)
{
  if (map_hook_id != 0)
    g_signal_remove_emission_hook (map_signal_id, map_hook_id);
  map_hook_id = 0;
  g_clear_handle_id (&settle_source, g_source_remove);
  g_clear_handle_id (&dialog_source, g_source_remove);
  forget_candidate ();
}

static void
watch (void)
{
  if (map_hook_id == 0)
    map_hook_id = g_signal_add_emission_hook (map_signal_id, 0, on_map, NULL, NULL);
}

/* A toplevel the app shows as a main window: mapped, no transient parent, normal. */
static gboolean
is_main_window (GtkWindow *window)
{
  return GTK_IS_WINDOW (window) && !GTK_IS_OFFSCREEN_WINDOW (window)
         && gtk_window_get_window_type (window) == GTK_WINDOW_TOPLEVEL
         && gtk_window_get_transient_for (window) == NULL
         && gtk_window_get_type_hint (window) == GDK_WINDOW_TYPE_HINT_NORMAL
         && gtk_widget_get_mapped (GTK_WIDGET (window))
         && gtk_widget_get_window (GTK_WIDGET (window)) != NULL;
}

/* The window to show What's New over: the last main window mapped (the one on top: the
 * window manager stacks a new window over the others), else the active one, else any
 * main window still mapped. */
static GtkWindow *
choose_parent (void)
{
  g_autoptr(GList) toplevels = NULL;
  GtkWindow *any = NULL;

  if (candidate != NULL && is_main_window (candidate))
    return candidate;
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (is_main_window (l->data))
      {
        if (gtk_window_is_active (l->data))
          return l->data;
        any = l->data;
      }
  return any;
}

/* Back to waiting for a main window (the chosen one went away). */
static void
wait_for_next_main_window (void)
{
  first_main_map = 0;
  watch ();
  /* Its replacement may be mapped already (before the old one went). */
  if (settle_source == 0 && choose_parent () != NULL)
    {
      first_main_map = g_get_monotonic_time ();
      settle_source = g_timeout_add_full (G_PRIORITY_LOW, SETTLE_MS, present, NULL, NULL);
    }
}

/* first-open has ended. When the window it was started over is still there, the user
 * dismissed What's New, or nothing was due: done. When that window went away first,
 * first-open showed nothing or closed What's New with it, recorded nothing and exited 2:
 * a splash-like main window, one the app re-creates, or one of many windows the app
 * closes again (an app that shows 500 at start and closes 499 of them: What's New was
 * over the last one mapped, the one on top). What's New then goes over the app's next
 * main window, at most MAX_STARTS times in all. Judged when first-open has ended, never
 * when the window goes: the first-open still running holds the app's lock, and a second
 * one started then would find it taken and show nothing. */
static void
first_open_ended (void)
{
  gboolean gone = started_over == NULL || !is_main_window (started_over);

  if (started_over != NULL)
    g_object_remove_weak_pointer (G_OBJECT (started_over), (gpointer *) &started_over);
  started_over = NULL;
  if (!gone)
    return;
  if (starts >= MAX_STARTS)
    {
      decision_line ("the window first-open was started over went away; started often enough", NULL);
      return;
    }
  decision_line ("the window first-open was started over went away; waiting for the next main window", NULL);
  wait_for_next_main_window ();
}

static gboolean
present (gpointer data)
{
  GtkWindow *window;

  settle_source = 0;
  window = choose_parent ();
  if (window == NULL)
    {
      /* Its main window went away before start-up was over: wait for the next. */
      decision_line ("no main window is mapped any more; waiting for the next one", NULL);
      first_main_map = 0;
      return G_SOURCE_REMOVE;
    }
  /* Mapped by GTK but not yet by the window manager (busy with the app's other windows):
   * What's New mapped now would be refused the focus (openbox marked it "demands
   * attention" and left the focus to the app). Wait for the window's MapNotify. */
  if (window == candidate && !candidate_on_screen
      && g_get_monotonic_time () - first_main_map < SETTLE_LIMIT_US)
    {
      settle_source = g_timeout_add_full (G_PRIORITY_LOW, SETTLE_MS, present, NULL, NULL);
      return G_SOURCE_REMOVE;
    }
  stop_watching ();
  /* Named after gtk_module_init (an app may call g_set_prgname late): by name only. */
  if (g_get_prgname () == NULL || fo_excluded_program (g_get_prgname ()) != NULL)
    {
      g_autofree char *why = fo_not_an_app (g_get_prgname ());
      decision_line (why, NULL);
      return G_SOURCE_REMOVE;
    }
  if (app_embeds_libfirst_open ())
    {
      decision_line ("the app uses libfirst-open itself", NULL);
      return G_SOURCE_REMOVE;
    }
  decide (window);
  return G_SOURCE_REMOVE;
}

static void decide_for (GtkWindow *window, const char *app_id);

/* The window first-open index --find answers for, and that answer's names. */
typedef struct
{
  GtkWindow *window;
  char *tried;
} FindRequest;

static void
find_request_free (FindRequest *request)
{
  g_object_unref (request->window);
  g_free (request->tried);
  g_free (request);
}

/* first-open index --find answered: its stdout is the name found (or nothing), its
 * stderr warnings (an index it could not write, a name two files claim) go to the log. */
static void
on_find_answered (GObject *source, GAsyncResult *result, gpointer data)
{
  FindRequest *request = data;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &out, &err, &error))
    decision_line ("first-open index --find failed", error->message);
  if (err != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (g_strchomp (err), "\n", 8);
      for (char **line = lines; *line != NULL; line++)
        if (**line != '\0')
          decision_line ("first-open index:", *line);
    }
  if (out != NULL)
    g_strchomp (out);
  if (out == NULL || !is_usable_name (out))
    decision_line ("no metainfo for any name of the app", request->tried);
  else if (is_main_window (request->window))
    decide_for (request->window, out);
  else
    wait_for_next_main_window ();
  find_request_free (request);
}

/* Which metainfo, then first-open over WINDOW. With a current index that is one lookup
 * in the app; otherwise (a package added, removed or updated a metainfo file: every
 * update) first-open itself is asked (`first-open index --find NAMES`, in its own
 * process, answered asynchronously): it rebuilds the index and answers from the files,
 * also where the index cannot be written (a read-only or full cache). */
static void
decide (GtkWindow *window)
{
  g_autofree char *index = read_index ();
  g_autofree char *app_id = NULL;
  g_autofree char *tried = NULL;
  const char *command = g_getenv ("FIRST_OPEN_GTK_MODULE_COMMAND");
  const char *names[2];
  const char *argv[6] = { NULL };
  gsize argc = 0;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  FindRequest *request;

  if (index != NULL)
    {
      app_id = find_metainfo_name (index, &tried);
      if (app_id == NULL)
        decision_line ("no metainfo for any name of the app", tried);
      else
        decide_for (window, app_id);
      return;
    }
  app_names (names);
  tried = g_strjoin (", ", names[0] != NULL ? names[0] : "-", names[1] != NULL ? names[1] : "-", NULL);
  argv[argc++] = command != NULL && *command != '\0' ? command : FIRST_OPEN_COMMAND;
  argv[argc++] = "index";
  argv[argc++] = "--find";
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (is_usable_name (names[i]))
      argv[argc++] = names[i];
  decision_line ("the metainfo index is not current; asking first-open index --find", tried);
  process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  if (process == NULL)
    {
      /* No first-open to ask: only files named after the app are found. */
      decision_line ("cannot start first-open index", error->message);
      for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
        if (is_usable_name (names[i]) && has_metainfo (names[i]))
          {
            decide_for (window, names[i]);
            return;
          }
      decision_line ("no metainfo for any name of the app", tried);
      return;
    }
  request = g_new0 (FindRequest, 1);
  request->window = g_object_ref (window);
  request->tried = g_steal_pointer (&tried);
  g_subprocess_communicate_utf8_async (process, NULL, NULL, on_find_answered, request);
}

/* first-open for APP_ID over WINDOW. */
static void
decide_for (GtkWindow *window, const char *app_id)
{
  GdkWindow *gdk_window = gtk_widget_get_window (GTK_WIDGET (window));

  started_at = g_get_monotonic_time ();
  starts++;
  if (started_over != NULL)
    g_object_remove_weak_pointer (G_OBJECT (started_over), (gpointer *) &started_over);
  started_over = window;
  g_object_add_weak_pointer (G_OBJECT (started_over), (gpointer *) &started_over);
#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_WINDOW (gdk_window))
    {
      g_autofree char *parent = g_strdup_printf ("x11:%lx", (unsigned long) gdk_x11_window_get_xid (gdk_window));
      start_first_open (app_id, parent, NULL);
      return;
    }
#endif
#ifdef GDK_WINDOWING_WAYLAND
  if (GDK_IS_WAYLAND_WINDOW (gdk_window))
    {
      /* Exported, first-open is started with the handle; without xdg-foreign the window
       * is shown unparented, centred on the screen. */
      if (!export_and_start (gdk_window, app_id))
        {
          decision_line ("the compositor cannot export the window (xdg-foreign); unparented", app_id);
          start_first_open (app_id, NULL, NULL);
        }
      return;
    }
#endif
  decision_line ("a display first-open cannot parent to", app_id);
  return;
}

static gboolean
give_up_waiting (gpointer data)
{
  dialog_source = 0;
  decision_line ("no main window after the dialog: a dialog-only program", g_get_prgname ());
  stop_watching ();
  return G_SOURCE_REMOVE;
}

static gboolean
on_map (GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data)
{
  GObject *object = g_value_get_object (&values[0]);
  GtkWindow *window;
  gint64 now;

  if (!GTK_IS_WINDOW (object) || GTK_IS_OFFSCREEN_WINDOW (object))
    return TRUE;
  window = GTK_WINDOW (object);
  if (gtk_window_get_window_type (window) != GTK_WINDOW_TOPLEVEL || gtk_window_get_transient_for (window) != NULL)
    return TRUE;
  switch (gtk_window_get_type_hint (window))
    {
    case GDK_WINDOW_TYPE_HINT_NORMAL:
      /* A main window: present once the app has stopped mapping toplevels (start-up
       * is over, and the window on top is known), from an idle-priority timeout. */
      now = g_get_monotonic_time ();
      if (first_main_map == 0)
        first_main_map = now;
      g_clear_handle_id (&dialog_source, g_source_remove);
      forget_candidate ();
      candidate = window;
      candidate_on_screen = FALSE;
      g_object_add_weak_pointer (G_OBJECT (candidate), (gpointer *) &candidate);
      g_signal_connect (candidate, "map-event", G_CALLBACK (on_candidate_map_event), NULL);
      if (settle_source != 0 && now - first_main_map < SETTLE_LIMIT_US)
        g_clear_handle_id (&settle_source, g_source_remove);
      if (settle_source == 0)
        settle_source = g_timeout_add_full (G_PRIORITY_LOW, SETTLE_MS, present, NULL, NULL);
      return TRUE;
    case GDK_WINDOW_TYPE_HINT_DIALOG:
      /* A dialog with no window under it: a dialog-only process (zenity, a polkit
       * agent), or a dialog before the main window (Mousepad's session-restore prompt).
       * Keep waiting for a main window for a while. */
      if (first_main_map == 0 && dialog_source == 0 && started_at == 0)
        {
          decision_line ("the first window is a dialog; waiting for a main window", g_get_prgname ());
          dialog_source = g_timeout_add_seconds_full (G_PRIORITY_LOW, DIALOG_WAIT_S, give_up_waiting, NULL, NULL);
        }
      return TRUE;
    default:
      /* A splash screen, a utility palette: wait for the main window. */
      return TRUE;
    }
}

G_MODULE_EXPORT const char *g_module_check_init (GModule *module);
G_MODULE_EXPORT void gtk_module_init (gint *argc, gchar ***argv);

G_MODULE_EXPORT const char *
g_module_check_init (GModule *module)
{
  /* The emission hook points into this file: it must never be unloaded (GTK unloads
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
      decision_line (not_an_app, NULL);
      return;
    }
  /* GtkWidget::map exists once the class is initialised; nothing else is created. */
  g_type_class_ref (GTK_TYPE_WINDOW);
  map_signal_id = g_signal_lookup ("map", GTK_TYPE_WIDGET);
  watch ();
}
