/* Processes the module leaves alone: see fo_not_an_app in first-open-gtk-module.h. */
#include <dlfcn.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "first-open-gtk-module.h"

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

gboolean
fo_is_excluded_program (const char *program)
{
  return fo_excluded_program (program) != NULL;
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
char *
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
gboolean
fo_app_embeds_libfirst_open (void)
{
  void *handle = dlopen ("libfirst-open.so.0", RTLD_LAZY | RTLD_NOLOAD);

  if (handle == NULL)
    return FALSE;
  dlclose (handle);
  return TRUE;
}
