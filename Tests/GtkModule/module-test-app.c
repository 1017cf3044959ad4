/* An ordinary GTK 3 app that knows nothing of first-open, for the GTK module's tests.
 *
 *   module-test-app [--app-id ID] [--dialog-only]
 *
 * With --app-id it is a GtkApplication with that id; without, a plain gtk_init app
 * (its id is then looked up from the program name). Its main window, "Module test
 * app", has a text entry: every key typed into it is echoed on stdout as "typed: TEXT",
 * so a test can check that the app still works after What's New. --dialog-only shows
 * a message dialog without any parent instead, as zenity does. */
#include <gtk/gtk.h>

static gboolean dialog_only;

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
on_activate (GtkApplication *application, gpointer user_data)
{
  gtk_widget_show_all (make_window (application));
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
    }
  if (app_id != NULL)
    {
      g_autoptr(GtkApplication) application = gtk_application_new (app_id, G_APPLICATION_NON_UNIQUE);
      g_signal_connect (application, "activate", G_CALLBACK (on_activate), NULL);
      return g_application_run (G_APPLICATION (application), 1, argv);
    }
  gtk_init (&argc, &argv);
  GtkWidget *window = make_window (NULL);
  g_signal_connect (window, "destroy", G_CALLBACK (gtk_main_quit), NULL);
  gtk_widget_show_all (window);
  gtk_main ();
  return 0;
}
