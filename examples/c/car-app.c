/* A GTK 3 app in C that shows its Welcome / What's New window through libfirst-open.
 *
 *   cc car-app.c -o car-app $(pkg-config --cflags --libs first-open gtk+-3.0)
 *   ./car-app /usr/share/first-open/org.example.Car.spec
 *
 * It reports on stderr what the library did ("presented", "nothing due",
 * "dismissed: continued", "error: ..."); the project's tests read these lines.
 */
#include <first-open.h>

static void
on_dismissed (FirstOpenPresenter       *presenter,
              FirstOpenKind             kind,
              FirstOpenDismissalReason  reason,
              gpointer                  user_data)
{
  g_autoptr(GEnumClass) reasons = g_type_class_ref (FIRST_OPEN_TYPE_DISMISSAL_REASON);

  /* Every reason but "programmatic" was the user's: the version is recorded now. */
  g_printerr ("dismissed: %s\n", g_enum_get_value (reasons, reason)->value_nick);
}

int
main (int argc, char **argv)
{
  const char *spec_path = argc > 1 ? argv[1] : "data/examples/org.example.Car.spec";
  g_autoptr(FirstOpenPresenter) presenter = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *window;

  gtk_init (&argc, &argv);

  window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  gtk_window_set_title (GTK_WINDOW (window), "Car");
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 480);
  gtk_container_add (GTK_CONTAINER (window), gtk_label_new ("Car: the app's main window"));
  g_signal_connect (window, "destroy", G_CALLBACK (gtk_main_quit), NULL);
  gtk_widget_show_all (window);

  /* The one-line version, without the dismissal signal:
   *   first_open_present_if_needed (GTK_WINDOW (window), spec_path, &error); */
  presenter = first_open_presenter_new (spec_path, &error);
  if (presenter != NULL)
    {
      g_signal_connect (presenter, "dismissed", G_CALLBACK (on_dismissed), NULL);
      if (first_open_presenter_present_if_needed (presenter, GTK_WINDOW (window), &error))
        g_printerr ("presented\n");
      else if (error == NULL)
        g_printerr ("nothing due\n");
    }
  /* A failure never stops the app: it runs on without the window. */
  if (error != NULL)
    g_printerr ("error: %s\n", error->message);

  gtk_main ();
  return 0;
}
