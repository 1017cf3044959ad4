/* Which window What's New goes over, and when: see fo_watch_main_windows in
 * first-open-gtk-module.h. */
#include "first-open-gtk-module.h"

static gulong map_hook_id;
static guint map_signal_id;

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
gboolean
fo_is_main_window (GtkWindow *window)
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

  if (candidate != NULL && fo_is_main_window (candidate))
    return candidate;
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (fo_is_main_window (l->data))
      {
        if (gtk_window_is_active (l->data))
          return l->data;
        any = l->data;
      }
  return any;
}

/* Back to waiting for a main window (the chosen one went away). */
void
fo_wait_for_next_main_window (void)
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

void
fo_started_over (GtkWindow *window)
{
  started_at = g_get_monotonic_time ();
  starts++;
  if (started_over != NULL)
    g_object_remove_weak_pointer (G_OBJECT (started_over), (gpointer *) &started_over);
  started_over = window;
  g_object_add_weak_pointer (G_OBJECT (started_over), (gpointer *) &started_over);
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
void
fo_first_open_ended (void)
{
  gboolean gone = started_over == NULL || !fo_is_main_window (started_over);

  if (started_over != NULL)
    g_object_remove_weak_pointer (G_OBJECT (started_over), (gpointer *) &started_over);
  started_over = NULL;
  if (!gone)
    return;
  if (starts >= MAX_STARTS)
    {
      fo_decision_line ("the window first-open was started over went away; started often enough", NULL);
      return;
    }
  fo_decision_line ("the window first-open was started over went away; waiting for the next main window", NULL);
  fo_wait_for_next_main_window ();
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
      fo_decision_line ("no main window is mapped any more; waiting for the next one", NULL);
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
  if (g_get_prgname () == NULL || fo_is_excluded_program (g_get_prgname ()))
    {
      g_autofree char *why = fo_not_an_app (g_get_prgname ());
      fo_decision_line (why, NULL);
      return G_SOURCE_REMOVE;
    }
  if (fo_app_embeds_libfirst_open ())
    {
      fo_decision_line ("the app uses libfirst-open itself", NULL);
      return G_SOURCE_REMOVE;
    }
  fo_find_metainfo_and_start (window);
  return G_SOURCE_REMOVE;
}

static gboolean
give_up_waiting (gpointer data)
{
  dialog_source = 0;
  fo_decision_line ("no main window after the dialog: a dialog-only program", g_get_prgname ());
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
          fo_decision_line ("the first window is a dialog; waiting for a main window", g_get_prgname ());
          dialog_source = g_timeout_add_seconds_full (G_PRIORITY_LOW, DIALOG_WAIT_S, give_up_waiting, NULL, NULL);
        }
      return TRUE;
    default:
      /* A splash screen, a utility palette: wait for the main window. */
      return TRUE;
    }
}

void
fo_watch_main_windows (void)
{
  /* GtkWidget::map exists once the class is initialised; nothing else is created. */
  g_type_class_ref (GTK_TYPE_WINDOW);
  map_signal_id = g_signal_lookup ("map", GTK_TYPE_WIDGET);
  watch ();
}
