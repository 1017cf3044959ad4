/* A GTK 4 app in C that shows its Welcome / What's New window over its own window
 * through libfirst-open-client (GTK 4 cannot load libfirst-open, which is GTK 3).
 *
 *   cc car-app.c -o car-app $(pkg-config --cflags --libs first-open-client-gtk4)
 *   ./car-app /usr/share/first-open/org.example.Car.spec
 *
 * first-open decides and shows the window in a process of its own; the app's main loop
 * goes on, and the callback gets the outcome. It reports on stderr what happened
 * ("outcome: shown", "outcome: nothing-due", "outcome: parent-gone",
 * "outcome: already-showing", "error: ...");
 * the project's tests read these lines.
 */
#include <first-open-client-gtk4.h>

static void
on_presented (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GApplication *app = user_data;
  g_autoptr(GError) error = NULL;
  FirstOpenClientOutcome outcome = first_open_client_gtk4_present_finish (result, &error);

  if (error != NULL)
    /* A failure never stops the app: it runs on without the window. */
    g_printerr ("error: %s\n", error->message);
  else
    {
      g_autoptr(GEnumClass) outcomes = g_type_class_ref (FIRST_OPEN_CLIENT_TYPE_OUTCOME);
      /* SHOWN: the user dismissed it and the version is recorded. */
      g_printerr ("outcome: %s\n", g_enum_get_value (outcomes, outcome)->value_nick);
    }
  g_application_release (app);
}

static void
on_activate (GtkApplication *app, gpointer user_data)
{
  const char *spec_path = user_data;
  GtkWidget *window = gtk_application_window_new (app);

  gtk_window_set_title (GTK_WINDOW (window), "Car");
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 480);
  gtk_window_set_child (GTK_WINDOW (window), gtk_label_new ("Car: the app's main window"));
  gtk_window_present (GTK_WINDOW (window));

  /* Over the window once it is mapped; the app stays up until the outcome is known,
   * even when its window is closed first. */
  g_application_hold (G_APPLICATION (app));
  first_open_client_gtk4_present_async (spec_path, GTK_WINDOW (window), NULL, on_presented, app);
}

int
main (int argc, char **argv)
{
  const char *spec_path = argc > 1 ? argv[1] : "data/examples/org.example.Car.spec";
  g_autoptr(GtkApplication) app = gtk_application_new ("org.example.Car", G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (on_activate), (gpointer) spec_path);
  return g_application_run (G_APPLICATION (app), 1, argv);
}
