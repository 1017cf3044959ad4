/* An ordinary GTK 3 app that knows nothing of first-open, for the GTK module's tests.
 *
 *   module-test-app [--app-id ID] [--dialog-only | --dialog-first | --replace-window MS | --many-windows N
 *                    | --more-windows N [--keep-more MS]]
 *
 * With --app-id it is a GtkApplication with that id; without, a plain gtk_init app
 * (its id is then looked up from the program name). Its main window, "Module test
 * app", has a text entry: every key typed into it is echoed on stdout as "typed: TEXT",
 * so a test can check that the app still works after What's New. --dialog-only shows
 * a message dialog without any parent instead, as zenity does; --dialog-first shows one
 * ("Module test question") and the main window once it is answered, as Mousepad's
 * session-restore prompt does; --replace-window MS shows "Module test first" and replaces
 * it with the main window MS ms after it mapped (apps that re-create their window);
 * --many-windows N maps N windows ("Module test window K"), one every 2 ms, then the main
 * window; --more-windows N [--keep-more MS] shows the main window and right after it N
 * more ("Module test window K", all in one go), and closes those N MS ms later, or when
 * SIGUSR2 comes (without --keep-more, only then: a test that needs them up until it has
 * looked at them, however slow the machine). SIGUSR1 quits the app the way its Quit menu
 * item would (windows destroyed, main loop left, exit 0). */
#include <glib-unix.h>
#include <gtk/gtk.h>
#include <stdlib.h>

static gboolean dialog_only;
static gboolean dialog_first;
static int replace_after_ms;
static int many_windows;
static int more_windows;
static int more_windows_kept_ms;
/* The N more windows while they are up. */
static GList *more_windows_shown;
static GtkApplication *the_application;
static GtkWidget *make_window (GtkApplication *application);

static gboolean
quit_cleanly (gpointer data)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  g_print ("quitting\n");
  for (GList *l = toplevels; l != NULL; l = l->next)
    gtk_widget_destroy (l->data);
  if (the_application != NULL)
    g_application_quit (G_APPLICATION (the_application));
  else
    gtk_main_quit ();
  return G_SOURCE_REMOVE;
}

static void
show_main_window (void)
{
  GtkWidget *window = make_window (the_application);

  if (the_application == NULL)
    g_signal_connect (window, "destroy", G_CALLBACK (gtk_main_quit), NULL);
  gtk_widget_show_all (window);
}

static gboolean
replace_first_window (gpointer data)
{
  g_print ("replacing the first window\n");
  show_main_window ();
  gtk_widget_destroy (data);
  return G_SOURCE_REMOVE;
}

static void
on_first_window_mapped (GtkWidget *window, gpointer data)
{
  g_timeout_add (replace_after_ms, replace_first_window, window);
}

static gboolean
map_one_more_window (gpointer data)
{
  static int mapped;
  GtkWidget *window;
  g_autofree char *title = NULL;

  if (mapped == many_windows)
    {
      show_main_window ();
      return G_SOURCE_REMOVE;
    }
  window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  title = g_strdup_printf ("Module test window %d", ++mapped);
  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 200);
  if (the_application != NULL)
    gtk_window_set_application (GTK_WINDOW (window), the_application);
  gtk_widget_show (window);
  return G_SOURCE_CONTINUE;
}

static gboolean
destroy_more_windows (gpointer data)
{
  if (more_windows_shown == NULL)
    return G_SOURCE_REMOVE;
  g_print ("closing the %d more windows\n", more_windows);
  g_list_free_full (g_steal_pointer (&more_windows_shown), (GDestroyNotify) gtk_widget_destroy);
  return G_SOURCE_REMOVE;
}

/* --more-windows: the main window, then N more at once (in one main loop iteration). */
static void
show_more_windows (void)
{
  GList *windows = NULL;

  show_main_window ();
  for (int i = 1; i <= more_windows; i++)
    {
      GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
      g_autofree char *title = g_strdup_printf ("Module test window %d", i);

      gtk_window_set_title (GTK_WINDOW (window), title);
      gtk_window_set_default_size (GTK_WINDOW (window), 300, 200);
      if (the_application != NULL)
        gtk_window_set_application (GTK_WINDOW (window), the_application);
      gtk_widget_show (window);
      windows = g_list_prepend (windows, window);
    }
  more_windows_shown = windows;
  g_print ("shown %d more windows\n", more_windows);
  if (more_windows_kept_ms > 0)
    g_timeout_add (more_windows_kept_ms, destroy_more_windows, NULL);
}

static void
on_question_answered (GtkDialog *dialog, int response, gpointer data)
{
  gtk_widget_destroy (GTK_WIDGET (dialog));
  show_main_window ();
}

static void
on_changed (GtkEditable *entry, gpointer user_data)
{
  g_print ("typed: %s\n", gtk_entry_get_text (GTK_ENTRY (entry)));
}

static GtkWidget *
make_window (GtkApplication *application)
{
  GtkWidget *window, *entry;

  if (dialog_only)
    {
      window = gtk_message_dialog_new (NULL, 0, GTK_MESSAGE_INFO, GTK_BUTTONS_OK, "A dialog");
      gtk_window_set_title (GTK_WINDOW (window), "Module test dialog");
      g_signal_connect (window, "response", G_CALLBACK (gtk_widget_destroy), NULL);
      if (application != NULL)
        gtk_window_set_application (GTK_WINDOW (window), application);
      return window;
    }
  window = application != NULL ? gtk_application_window_new (application) : gtk_window_new (GTK_WINDOW_TOPLEVEL);
  gtk_window_set_title (GTK_WINDOW (window), "Module test app");
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 480);
  entry = gtk_entry_new ();
  g_signal_connect (entry, "changed", G_CALLBACK (on_changed), NULL);
  gtk_container_add (GTK_CONTAINER (window), entry);
  return window;
}

static void
start (void)
{
  if (dialog_first)
    {
      GtkWidget *question = gtk_message_dialog_new (NULL, 0, GTK_MESSAGE_QUESTION, GTK_BUTTONS_OK,
                                                    "Restore the last session?");
      gtk_window_set_title (GTK_WINDOW (question), "Module test question");
      if (the_application != NULL)
        gtk_window_set_application (GTK_WINDOW (question), the_application);
      g_signal_connect (question, "response", G_CALLBACK (on_question_answered), NULL);
      gtk_widget_show_all (question);
    }
  else if (replace_after_ms > 0)
    {
      GtkWidget *first = gtk_window_new (GTK_WINDOW_TOPLEVEL);
      gtk_window_set_title (GTK_WINDOW (first), "Module test first");
      if (the_application != NULL)
        gtk_window_set_application (GTK_WINDOW (first), the_application);
      g_signal_connect (first, "map", G_CALLBACK (on_first_window_mapped), NULL);
      gtk_widget_show_all (first);
    }
  else if (more_windows > 0)
    show_more_windows ();
  else if (many_windows > 0)
    {
      /* One now: a GtkApplication without a window after activate quits. */
      map_one_more_window (NULL);
      g_timeout_add (2, map_one_more_window, NULL);
    }
  else
    show_main_window ();
}

static void
on_activate (GtkApplication *application, gpointer user_data)
{
  if (dialog_only)
    gtk_widget_show_all (make_window (application));
  else
    start ();
}

int
main (int argc, char **argv)
{
  const char *app_id = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--app-id") && i + 1 < argc)
        app_id = argv[++i];
      else if (g_str_equal (argv[i], "--dialog-only"))
        dialog_only = TRUE;
      else if (g_str_equal (argv[i], "--dialog-first"))
        dialog_first = TRUE;
      else if (g_str_equal (argv[i], "--replace-window") && i + 1 < argc)
        replace_after_ms = atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--many-windows") && i + 1 < argc)
        many_windows = atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--more-windows") && i + 1 < argc)
        more_windows = atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--keep-more") && i + 1 < argc)
        more_windows_kept_ms = atoi (argv[++i]);
    }
  g_unix_signal_add (SIGUSR1, quit_cleanly, NULL);
  g_unix_signal_add (SIGUSR2, destroy_more_windows, NULL);
  if (app_id != NULL)
    {
      g_autoptr(GtkApplication) application = gtk_application_new (app_id, G_APPLICATION_NON_UNIQUE);
      the_application = application;
      g_signal_connect (application, "activate", G_CALLBACK (on_activate), NULL);
      return g_application_run (G_APPLICATION (application), 1, argv);
    }
  gtk_init (&argc, &argv);
  if (dialog_only)
    {
      GtkWidget *window = make_window (NULL);
      g_signal_connect (window, "destroy", G_CALLBACK (gtk_main_quit), NULL);
      gtk_widget_show_all (window);
    }
  else
    start ();
  gtk_main ();
  return 0;
}
