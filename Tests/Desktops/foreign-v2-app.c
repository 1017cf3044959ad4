/* A GTK 3 app that exports its window through xdg-foreign v2, as a KDE app (Qt) does on
 * KWin, and starts `first-open ... --parent wayland:HANDLE` over it. GTK 3 and GTK 4.8
 * export through v1 only, which KWin 5.27 does not offer: this is the test client for
 * the window helper's v2 import there (check-desktop.py builds it, with wayland-scanner's
 * code for xdg-foreign-unstable-v2 generated at that time).
 *
 *     foreign-v2-app FIRST-OPEN ARGUMENT...    # runs FIRST-OPEN ARGUMENT... --parent wayland:HANDLE
 *
 * Prints "parent wayland:HANDLE" and "first-open exited N", and quits when first-open
 * has ended. The window is titled "GTK 3 app"; SIGUSR1 destroys it (the app closing its
 * window while first-open's is open over it), and the app still waits for first-open. */
#include <stdio.h>
#include <sys/wait.h>
#include <string.h>
#include <glib-unix.h>
#include <gtk/gtk.h>
#include <gdk/gdkwayland.h>
#include <wayland-client.h>
#include "xdg-foreign-unstable-v2-client-protocol.h"

static char **command;
static char *handle;
static gboolean first_open_running;

static void
global_seen (void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
  struct zxdg_exporter_v2 **exporter = data;
  if (strcmp (interface, zxdg_exporter_v2_interface.name) == 0)
    *exporter = wl_registry_bind (registry, name, &zxdg_exporter_v2_interface, 1);
}

static void
global_removed (void *data, struct wl_registry *registry, uint32_t name)
{
}

static void
exported_handle (void *data, struct zxdg_exported_v2 *exported, const char *text)
{
  handle = g_strdup (text);
}

static void
first_open_exited (GPid pid, gint status, gpointer data)
{
  printf ("first-open exited %d\n", WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status));
  fflush (stdout);
  g_spawn_close_pid (pid);
  first_open_running = FALSE;
  gtk_main_quit ();
}

static void
destroyed (GtkWidget *window, gpointer data)
{
  if (!first_open_running)
    gtk_main_quit ();
}

static gboolean
close_window (gpointer data)
{
  GtkWidget **window = data;
  if (*window != NULL)
    gtk_widget_destroy (*window);
  *window = NULL;
  return G_SOURCE_CONTINUE;
}

static gboolean
export_and_start (gpointer data)
{
  static const struct wl_registry_listener registry_listener = { global_seen, global_removed };
  static const struct zxdg_exported_v2_listener exported_listener = { exported_handle };
  GtkWidget *window = data;
  GdkWindow *gdk_window = gtk_widget_get_window (window);
  struct wl_display *display = gdk_wayland_display_get_wl_display (gdk_window_get_display (gdk_window));
  struct wl_event_queue *queue = wl_display_create_queue (display);
  struct wl_display *wrapper = wl_proxy_create_wrapper (display);
  struct zxdg_exporter_v2 *exporter = NULL;
  struct wl_registry *registry;
  struct zxdg_exported_v2 *exported;
  GPtrArray *argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  GPid pid;

  wl_proxy_set_queue ((struct wl_proxy *) wrapper, queue);
  registry = wl_display_get_registry (wrapper);
  wl_registry_add_listener (registry, &registry_listener, &exporter);
  wl_display_roundtrip_queue (display, queue);
  if (exporter == NULL)
    {
      fprintf (stderr, "foreign-v2-app: the compositor offers no zxdg_exporter_v2\n");
      gtk_main_quit ();
      return G_SOURCE_REMOVE;
    }
  exported = zxdg_exporter_v2_export_toplevel (exporter, gdk_wayland_window_get_wl_surface (gdk_window));
  zxdg_exported_v2_add_listener (exported, &exported_listener, NULL);
  wl_display_roundtrip_queue (display, queue);
  if (handle == NULL)
    {
      fprintf (stderr, "foreign-v2-app: no handle\n");
      gtk_main_quit ();
      return G_SOURCE_REMOVE;
    }
  printf ("parent wayland:%s\n", handle);
  fflush (stdout);
  for (char **arg = command; *arg != NULL; arg++)
    g_ptr_array_add (argv, *arg);
  g_ptr_array_add (argv, "--parent");
  g_ptr_array_add (argv, g_strconcat ("wayland:", handle, NULL));
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_async (NULL, (char **) argv->pdata, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error))
    {
      fprintf (stderr, "foreign-v2-app: %s\n", error->message);
      gtk_main_quit ();
      return G_SOURCE_REMOVE;
    }
  first_open_running = TRUE;
  g_child_watch_add (pid, first_open_exited, NULL);
  return G_SOURCE_REMOVE;
}

static gboolean
mapped (GtkWidget *window, GdkEvent *event, gpointer data)
{
  g_idle_add (export_and_start, window);
  return FALSE;
}

int
main (int argc, char **argv)
{
  static GtkWidget *window;

  gdk_set_allowed_backends ("wayland");
  gtk_init (&argc, &argv);
  if (argc < 2)
    {
      fprintf (stderr, "usage: foreign-v2-app FIRST-OPEN ARGUMENT...\n");
      return 64;
    }
  command = argv + 1;
  window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  gtk_window_set_title (GTK_WINDOW (window), "GTK 3 app");
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 480);
  gtk_container_add (GTK_CONTAINER (window), gtk_label_new ("A GTK 3 window, exported through xdg-foreign v2"));
  g_signal_connect (window, "map-event", G_CALLBACK (mapped), NULL);
  g_signal_connect (window, "destroy", G_CALLBACK (destroyed), NULL);
  g_unix_signal_add (SIGUSR1, close_window, &window);
  gtk_widget_show_all (window);
  gtk_main ();
  return 0;
}
