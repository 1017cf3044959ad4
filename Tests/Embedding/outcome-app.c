/* A GTK 3 app that uses libfirst-open in the orders and ways tests need to see: what
 * first_open_presenter_present_async () reports, a second call while the window shows,
 * a call before the app's window is shown. Run by outcome.py, which reads the lines it
 * prints on stderr (Tests/Embedding/outcome-app.py prints the same through GI).
 *
 *   outcome-app MODE SPEC
 *
 * MODE:
 *   async         present_async over the shown window; prints "presenting", then
 *                 "dismissed: REASON" (the signal) and "outcome: NICK" (the callback),
 *                 or "outcome: error: MESSAGE"; keeps running.
 *   second-call   present_if_needed, then present_async again on the same presenter
 *                 and on a second presenter of the same spec while the window shows:
 *                 "second call: NICK", "other presenter: NICK"; then closes the window
 *                 (dismiss) and exits.
 *   before-show   present_if_needed before gtk_widget_show_all () of the app's window;
 *                 when the window maps: "mapped: parent-mapped=yes|no transient=yes|no
 *                 modal=yes|no dx=N dy=N" (its centre minus the parent's); keeps running.
 *   destroy-before-map
 *                 present_async before the app's window is shown, then destroys that
 *                 window before the main loop runs: "dismissed: ..." and "outcome: ...";
 *                 exits.
 *   cancel        present_async with a cancellable, cancelled once the window is mapped:
 *                 "outcome: cancelled" when present_finish says G_IO_ERROR_CANCELLED; exits.
 */
#include <first-open.h>

static const char *mode;
static const char *spec_path;
static GtkWidget *app_window;
static GCancellable *cancellable;
static int pending;

static const char *
nick (GType type, int value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  GEnumValue *found = g_enum_get_value (klass, value);

  return found != NULL ? found->value_nick : "(unknown)";
}

static void
on_dismissed (FirstOpenPresenter       *presenter G_GNUC_UNUSED,
              FirstOpenKind             kind G_GNUC_UNUSED,
              FirstOpenDismissalReason  reason,
              gpointer                  user_data G_GNUC_UNUSED)
{
  g_printerr ("dismissed: %s\n", nick (FIRST_OPEN_TYPE_DISMISSAL_REASON, reason));
}

static void
done (void)
{
  if (--pending == 0 && g_strcmp0 (mode, "async") != 0)
    gtk_main_quit ();
}

/* Prints "LABEL: NICK", "LABEL: cancelled" or "LABEL: error: MESSAGE". */
static void
on_presented (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  const char *label = user_data;
  g_autoptr(GError) error = NULL;
  FirstOpenOutcome outcome;

  if (first_open_presenter_present_finish (FIRST_OPEN_PRESENTER (source), result, &outcome, &error))
    g_printerr ("%s: %s\n", label, nick (FIRST_OPEN_TYPE_OUTCOME, outcome));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_printerr ("%s: cancelled\n", label);
  else
    g_printerr ("%s: error: %s\n", label, error->message);
  done ();
}

/* The library's window, once it exists. */
static GtkWindow *
find_dialog (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != app_window && g_str_has_prefix (gtk_window_get_title (l->data) ?: "", "Welcome to"))
      return l->data;
  return NULL;
}

static void
centre (GtkWidget *widget, int *x, int *y)
{
  GdkWindow *window = gtk_widget_get_window (widget);

  gdk_window_get_origin (window, x, y);
  *x += gdk_window_get_width (window) / 2;
  *y += gdk_window_get_height (window) / 2;
}

static gboolean
on_dialog_mapped (GtkWidget   *dialog,
                  GdkEvent    *event G_GNUC_UNUSED,
                  gpointer     user_data G_GNUC_UNUSED)
{
  int x, y, parent_x, parent_y;

  if (g_strcmp0 (mode, "cancel") == 0)
    {
      g_cancellable_cancel (cancellable);
      return FALSE;
    }
  centre (dialog, &x, &y);
  centre (app_window, &parent_x, &parent_y);
  g_printerr ("mapped: parent-mapped=%s transient=%s modal=%s dx=%d dy=%d\n",
              gtk_widget_get_mapped (app_window) ? "yes" : "no",
              gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (app_window) ? "yes" : "no",
              gtk_window_get_modal (GTK_WINDOW (dialog)) ? "yes" : "no",
              x - parent_x, y - parent_y);
  return FALSE;
}

static void
watch_dialog (void)
{
  GtkWindow *dialog = find_dialog ();

  if (dialog == NULL)
    g_printerr ("error: no window titled \"Welcome to ...\" after presenting\n");
  else
    g_signal_connect (dialog, "map-event", G_CALLBACK (on_dialog_mapped), NULL);
}

static FirstOpenPresenter *
new_presenter (void)
{
  g_autoptr(GError) error = NULL;
  FirstOpenPresenter *presenter = first_open_presenter_new (spec_path, &error);

  if (presenter == NULL)
    {
      g_printerr ("error: %s\n", error->message);
      exit (1);
    }
  g_signal_connect (presenter, "dismissed", G_CALLBACK (on_dismissed), NULL);
  return presenter;
}

int
main (int argc, char **argv)
{
  g_autoptr(FirstOpenPresenter) presenter = NULL;
  g_autoptr(FirstOpenPresenter) other = NULL;
  g_autoptr(GError) error = NULL;

  gtk_init (&argc, &argv);
  if (argc != 3)
    {
      g_printerr ("usage: outcome-app MODE SPEC\n");
      return 2;
    }
  mode = argv[1];
  spec_path = argv[2];

  app_window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  gtk_window_set_title (GTK_WINDOW (app_window), "Car");
  /* Large and away from the corner, so that "centred on it" and "at 0,0" differ. */
  gtk_window_set_default_size (GTK_WINDOW (app_window), 1000, 900);
  gtk_window_move (GTK_WINDOW (app_window), 140, 60);
  gtk_container_add (GTK_CONTAINER (app_window), gtk_label_new ("Car: the app's main window"));
  g_signal_connect (app_window, "destroy", G_CALLBACK (gtk_main_quit), NULL);
  presenter = new_presenter ();

  if (g_strcmp0 (mode, "async") == 0)
    {
      gtk_widget_show_all (app_window);
      pending = 1;
      first_open_presenter_present_async (presenter, GTK_WINDOW (app_window), NULL, on_presented, "outcome");
      g_printerr ("presenting\n");
    }
  else if (g_strcmp0 (mode, "second-call") == 0)
    {
      gtk_widget_show_all (app_window);
      if (!first_open_presenter_present_if_needed (presenter, GTK_WINDOW (app_window), &error))
        {
          g_printerr ("error: the first call showed nothing%s%s\n", error ? ": " : "", error ? error->message : "");
          return 1;
        }
      g_printerr ("presented\n");
      pending = 2;
      first_open_presenter_present_async (presenter, GTK_WINDOW (app_window), NULL, on_presented, "second call");
      other = new_presenter ();
      first_open_presenter_present_async (other, GTK_WINDOW (app_window), NULL, on_presented, "other presenter");
      /* Both answer from the main loop; then the window goes, unrecorded. */
      gtk_main ();
      first_open_presenter_dismiss (presenter);
      return 0;
    }
  else if (g_strcmp0 (mode, "before-show") == 0)
    {
      /* The order of many do_activate handlers: present, then show_all. */
      if (!first_open_presenter_present_if_needed (presenter, GTK_WINDOW (app_window), &error))
        {
          g_printerr ("error: nothing presented%s%s\n", error ? ": " : "", error ? error->message : "");
          return 1;
        }
      g_printerr ("presented\n");
      watch_dialog ();
      gtk_widget_show_all (app_window);
    }
  else if (g_strcmp0 (mode, "destroy-before-map") == 0)
    {
      pending = 1;
      first_open_presenter_present_async (presenter, GTK_WINDOW (app_window), NULL, on_presented, "outcome");
      g_signal_handlers_disconnect_by_func (app_window, gtk_main_quit, NULL);
      gtk_widget_destroy (app_window);
      app_window = NULL;
    }
  else if (g_strcmp0 (mode, "cancel") == 0)
    {
      gtk_widget_show_all (app_window);
      cancellable = g_cancellable_new ();
      pending = 1;
      first_open_presenter_present_async (presenter, GTK_WINDOW (app_window), cancellable, on_presented, "outcome");
      watch_dialog ();
    }
  else
    {
      g_printerr ("usage: unknown mode %s\n", mode);
      return 2;
    }

  gtk_main ();
  g_clear_object (&cancellable);
  return 0;
}
