/* first-open-client-gtk4.c: a GTK 4 window's parent string, and presenting over it.
 *
 * X11: "x11:" and the surface's XID in hexadecimal (first-open resolves it to the
 * top-level window). Wayland: "wayland:" and the handle gdk_wayland_toplevel_export_handle
 * gives (xdg-foreign, through the version GDK speaks: v1 in GTK 4.8). GDK 4.8 exports a
 * toplevel once at a time, so the export is shared: every caller of
 * first_open_client_gtk4_parent_export () gets the same handle, and the toplevel is
 * unexported when the last one called first_open_client_gtk4_parent_unexport () (two
 * present calls at once on one window are one export, and one window: first-open's lock).
 *
 * A window that is not mapped yet is exported once it maps (an app may call this before
 * gtk_window_present ()).
 *
 * SPDX-License-Identifier: MIT
 */
#include "first-open-client-gtk4.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#endif

#define EXPORT_KEY "first-open-client-gtk4-export"

typedef struct {
  FirstOpenClientGtk4ParentExported callback;
  gpointer user_data;
  GDestroyNotify destroy;
} Waiter;

/* One per window, while anyone holds an export of it. */
typedef struct {
  GtkWindow *window; /* not a reference: the data belongs to the window */
  unsigned holders;
  gboolean done;      /* parent is the answer (NULL: none) */
  char *parent;
  GdkSurface *exported_surface; /* the Wayland toplevel exported, while it is */
  GSList *waiters;
  gulong map_id;
  gulong destroy_id;
} Export;

static void
export_free (gpointer data)
{
  Export *export = data;

  /* Only when the window goes while an export is held: the waiters are told "no parent". */
  for (GSList *item = export->waiters; item != NULL; item = item->next)
    {
      Waiter *waiter = item->data;
      if (waiter->destroy != NULL)
        waiter->destroy (waiter->user_data);
      g_free (waiter);
    }
  g_slist_free (export->waiters);
  g_clear_object (&export->exported_surface);
  g_free (export->parent);
  g_free (export);
}

static void
answer (Export *export, const char *parent)
{
  /* A callback may end the last export (and free EXPORT): nothing of it is used after
   * the first callback but these copies. */
  g_autoptr(GtkWindow) window = g_object_ref (export->window);
  g_autofree char *answered = g_strdup (parent);
  GSList *waiters = g_slist_reverse (export->waiters);

  export->done = TRUE;
  export->parent = g_strdup (parent);
  export->waiters = NULL;
  for (GSList *item = waiters; item != NULL; item = item->next)
    {
      Waiter *waiter = item->data;
      waiter->callback (window, answered, waiter->user_data);
      if (waiter->destroy != NULL)
        waiter->destroy (waiter->user_data);
      g_free (waiter);
    }
  g_slist_free (waiters);
}

#ifdef GDK_WINDOWING_WAYLAND
static void
on_wayland_exported (GdkToplevel *toplevel, const char *handle, gpointer user_data)
{
  GtkWindow *window = user_data;
  Export *export = g_object_get_data (G_OBJECT (window), EXPORT_KEY);

  if (export == NULL || export->done)
    return;
  g_autofree char *parent = g_strconcat ("wayland:", handle, NULL);
  answer (export, parent);
}
#endif

static void
export_now (Export *export)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (export->window));

#ifdef GDK_WINDOWING_X11
  if (surface != NULL && GDK_IS_X11_SURFACE (surface))
    {
      g_autofree char *parent = g_strdup_printf ("x11:%lx", (unsigned long) gdk_x11_surface_get_xid (surface));
      answer (export, parent);
      return;
    }
#endif
#ifdef GDK_WINDOWING_WAYLAND
  if (surface != NULL && GDK_IS_WAYLAND_TOPLEVEL (surface))
    {
      if (gdk_wayland_toplevel_export_handle (GDK_TOPLEVEL (surface), on_wayland_exported,
                                              export->window, NULL))
        {
          export->exported_surface = g_object_ref (surface);
          return;
        }
      /* No xdg-foreign (Weston): no parent. */
    }
#endif
  answer (export, NULL);
}

static void
on_mapped (GtkWidget *widget, gpointer user_data)
{
  Export *export = user_data;

  g_clear_signal_handler (&export->map_id, widget);
  g_clear_signal_handler (&export->destroy_id, widget);
  export_now (export);
}

/* Destroyed before it was mapped: no parent (first_open_client_gtk4_present_async
 * reports that as the parent gone). */
static void
on_destroyed (GtkWidget *widget, gpointer user_data)
{
  Export *export = user_data;

  g_clear_signal_handler (&export->map_id, widget);
  g_clear_signal_handler (&export->destroy_id, widget);
  answer (export, NULL);
}

/**
 * first_open_client_gtk4_parent_export:
 * @window: a GTK 4 window of the app
 * @callback: (scope notified) (closure user_data) (destroy destroy): gets the parent string
 * @user_data: data for @callback
 * @destroy: (nullable): frees @user_data after @callback ran
 *
 * Names @window as the XDG Desktop Portal names a parent window, for
 * [func@FirstOpenClient.present_async] (or any program that takes such a string):
 * `x11:XID` on X11, `wayland:HANDLE` on Wayland (exported through xdg-foreign; the
 * handle stays valid until [func@FirstOpenClientGtk4.parent_unexport]). @callback runs
 * once @window is mapped and exported: right away on X11 when it is mapped already,
 * after a round trip to the compositor on Wayland.
 *
 * Each call must be matched by one call of [func@FirstOpenClientGtk4.parent_unexport]
 * once the parent string is not needed any more, after @callback ran.
 *
 * Since: 0.1
 */
void
first_open_client_gtk4_parent_export (GtkWindow                         *window,
                                      FirstOpenClientGtk4ParentExported  callback,
                                      gpointer                           user_data,
                                      GDestroyNotify                     destroy)
{
  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (callback != NULL);

  Export *export = g_object_get_data (G_OBJECT (window), EXPORT_KEY);
  if (export == NULL)
    {
      export = g_new0 (Export, 1);
      export->window = window;
      g_object_set_data_full (G_OBJECT (window), EXPORT_KEY, export, export_free);
    }
  export->holders++;

  Waiter *waiter = g_new0 (Waiter, 1);
  waiter->callback = callback;
  waiter->user_data = user_data;
  waiter->destroy = destroy;
  export->waiters = g_slist_prepend (export->waiters, waiter);

  if (export->done)
    {
      g_autofree char *parent = g_strdup (export->parent);
      export->done = FALSE;
      g_clear_pointer (&export->parent, g_free);
      answer (export, parent);
    }
  else if (export->holders == 1)
    {
      if (gtk_widget_get_mapped (GTK_WIDGET (window)))
        export_now (export);
      else
        {
          export->map_id = g_signal_connect (window, "map", G_CALLBACK (on_mapped), export);
          export->destroy_id = g_signal_connect (window, "destroy", G_CALLBACK (on_destroyed), export);
        }
    }
  /* else: an export under way answers this waiter too. */
}

/**
 * first_open_client_gtk4_parent_unexport:
 * @window: a window given to [func@FirstOpenClientGtk4.parent_export]
 *
 * Ends one export of @window: when no other caller holds one, a Wayland handle is
 * revoked (gdk_wayland_toplevel_unexport_handle). A window destroyed meanwhile needs
 * nothing more.
 *
 * Since: 0.1
 */
void
first_open_client_gtk4_parent_unexport (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  Export *export = g_object_get_data (G_OBJECT (window), EXPORT_KEY);
  g_return_if_fail (export != NULL && export->holders > 0);
  if (--export->holders > 0)
    return;
  g_clear_signal_handler (&export->map_id, window);
  g_clear_signal_handler (&export->destroy_id, window);
#ifdef GDK_WINDOWING_WAYLAND
  if (export->exported_surface != NULL && !gdk_surface_is_destroyed (export->exported_surface)
      && gtk_native_get_surface (GTK_NATIVE (window)) == export->exported_surface)
    gdk_wayland_toplevel_unexport_handle (GDK_TOPLEVEL (export->exported_surface));
#endif
  g_object_set_data (G_OBJECT (window), EXPORT_KEY, NULL);
}

typedef struct {
  char *source;
  GtkWindow *window;
  gboolean exported;
} Present;

static void
present_free (gpointer data)
{
  Present *present = data;

  if (present->exported)
    first_open_client_gtk4_parent_unexport (present->window);
  g_object_unref (present->window);
  g_free (present->source);
  g_free (present);
}

static void
on_presented (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  FirstOpenClientOutcome outcome = first_open_client_present_finish (result, &error);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_int (task, outcome);
}

static void
on_parent_exported (GtkWindow *window, const char *parent, gpointer user_data)
{
  GTask *task = user_data;
  Present *present = g_task_get_task_data (task);

  if (parent == NULL && gtk_native_get_surface (GTK_NATIVE (window)) == NULL)
    {
      /* Destroyed before it could be shown over. */
      g_task_return_int (task, FIRST_OPEN_CLIENT_OUTCOME_PARENT_GONE);
      return;
    }
  first_open_client_present_async (present->source, parent, g_task_get_cancellable (task),
                                   on_presented, g_object_ref (task));
}

/**
 * first_open_client_gtk4_present_async:
 * @source: a spec file's path, an AppStream metainfo file's path, or `appstream:APPID`
 * @parent: the app's window the window is shown over
 * @cancellable: (nullable): cancels the call: the window closes and nothing is recorded
 * @callback: (scope async) (closure user_data): called when first-open has ended
 * @user_data: data for @callback
 *
 * [func@FirstOpenClient.present_async] over a GTK 4 window: exports @parent (once it
 * is mapped: an app may call this right after gtk_window_present ()), shows
 * "Welcome to ‹App›" or "What's New in ‹App›" over it when due, and unexports it when
 * first-open has ended. When @parent is destroyed while the window is open, the window
 * closes with it and the call finishes with
 * %FIRST_OPEN_CLIENT_OUTCOME_PARENT_GONE.
 *
 * Call [func@FirstOpenClientGtk4.present_finish] from @callback for the outcome.
 *
 * Since: 0.1
 */
void
first_open_client_gtk4_present_async (const char          *source,
                                      GtkWindow           *parent,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_return_if_fail (source != NULL);
  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, first_open_client_gtk4_present_async);
  Present *present = g_new0 (Present, 1);
  present->source = g_strdup (source);
  present->window = g_object_ref (parent);
  present->exported = TRUE;
  g_task_set_task_data (task, present, present_free);
  /* The task's reference goes with the callback's data. */
  first_open_client_gtk4_parent_export (parent, on_parent_exported, task, g_object_unref);
}

/**
 * first_open_client_gtk4_present_finish:
 * @result: the result @callback of [func@FirstOpenClientGtk4.present_async] got
 * @error: the failure: a [error@FirstOpenClient.Error], or %G_IO_ERROR_CANCELLED
 *
 * The outcome of [func@FirstOpenClientGtk4.present_async].
 *
 * Returns: what happened; on an error, %FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE
 *
 * Since: 0.1
 */
FirstOpenClientOutcome
first_open_client_gtk4_present_finish (GAsyncResult  *result,
                                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == first_open_client_gtk4_present_async,
                        FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE);

  g_autoptr(GError) failure = NULL;
  gssize outcome = g_task_propagate_int (G_TASK (result), &failure);
  if (failure != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&failure));
      return FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE;
    }
  return (FirstOpenClientOutcome) outcome;
}
