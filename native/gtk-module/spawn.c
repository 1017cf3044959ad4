/* Starting first-open over the app's window and hearing when it has ended: see
 * fo_start_over in first-open-gtk-module.h. */
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <glib-unix.h>

#include "first-open-gtk-module.h"
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif

const char *
fo_first_open_command (void)
{
  const char *command = g_getenv ("FIRST_OPEN_GTK_MODULE_COMMAND");

  return command != NULL && *command != '\0' ? command : FIRST_OPEN_COMMAND;
}

/* first-open for APP_ID over WINDOW. */
void
fo_start_over (GtkWindow *window, const char *app_id)
{
  GdkWindow *gdk_window = gtk_widget_get_window (GTK_WIDGET (window));

  fo_started_over (window);
#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_WINDOW (gdk_window))
    {
      g_autofree char *parent = g_strdup_printf ("x11:%lx", (unsigned long) gdk_x11_window_get_xid (gdk_window));
      fo_start_first_open (app_id, parent, NULL);
      return;
    }
#endif
#ifdef GDK_WINDOWING_WAYLAND
  if (GDK_IS_WAYLAND_WINDOW (gdk_window))
    {
      /* Exported, first-open is started with the handle; without xdg-foreign the window
       * is shown unparented, centred on the screen. */
      if (!fo_export_and_start (gdk_window, app_id))
        {
          fo_decision_line ("the compositor cannot export the window (xdg-foreign); unparented", app_id);
          fo_start_first_open (app_id, NULL, NULL);
        }
      return;
    }
#endif
  fo_decision_line ("a display first-open cannot parent to", app_id);
  return;
}

/* first-open is done with the app's window: its export ends, so the app can export it
 * again itself (GTK 3 allows one export per window, e.g. for a portal dialog). */
static void
on_first_open_exited (GPid pid, gint status, gpointer data)
{
  if (pid != 0)
    g_spawn_close_pid (pid);
  fo_export_free (data);
  if (pid != 0)
    fo_first_open_ended ();
}

static gboolean
on_first_open_pidfd (gint fd, GIOCondition condition, gpointer data)
{
  close (fd);
  fo_first_open_ended ();
  return G_SOURCE_REMOVE;
}

static gboolean
ended_idle (gpointer data)
{
  fo_first_open_ended ();
  return G_SOURCE_REMOVE;
}

/* Calls fo_first_open_ended once first-open (PID: the window helper, once first-open has
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
      g_idle_add_full (G_PRIORITY_LOW, ended_idle, NULL, NULL);
      return;
    }
#endif
  fo_decision_line ("cannot watch first-open (no pidfd); What's New will not follow the app's next window", NULL);
}

/* Starts first-open for APP_ID over PARENT (NULL: unparented). With EXPORT (a Wayland
 * window exported for it; taken), first-open is watched as a child and the export ends
 * when first-open does; otherwise it is started double-forked (g_spawn_async without
 * G_SPAWN_DO_NOT_REAP_CHILD: no child watch and no zombie in the app) and watched
 * through a pidfd. Either way fo_first_open_ended runs when it is done. */
void
fo_start_first_open (const char *app_id, const char *parent, FoExport *export)
{
  g_autofree char *source = g_strconcat ("appstream:", app_id, NULL);
  g_autoptr(GError) error = NULL;
  const char *argv[] = { NULL, source, parent != NULL ? "--parent" : NULL, parent, NULL };
  GPid pid = 0;
  gboolean spawned;
  int log_fd;

  argv[0] = fo_first_open_command ();
  fo_decision_line ("starting first-open for", source);
  /* first-open's verdict ("nothing: …", "whats-new: …") is for the decision log when the
   * user keeps one (a file, not a pipe: first-open never writes into a closed pipe when
   * the app is gone), never for the app's own output. */
  log_fd = fo_open_decision_log ();
  spawned = g_spawn_async_with_fds (NULL, (char **) argv, NULL,
                                    (log_fd < 0 ? G_SPAWN_STDOUT_TO_DEV_NULL : 0)
                                      | (export != NULL ? G_SPAWN_DO_NOT_REAP_CHILD : 0),
                                    NULL, NULL, &pid, -1, log_fd, -1, &error);
  if (log_fd >= 0)
    close (log_fd);
  if (!spawned)
    {
      g_log_structured (FO_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE, "MESSAGE", "cannot start %s: %s",
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
