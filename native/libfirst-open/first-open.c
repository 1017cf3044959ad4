/* libfirst-open: the GObject half. GLib conventions live here (types, argument
 * checks as criticals, GError, signals); the decision, the record and the window are
 * the package's Swift modules, reached through first-open-private.h.
 *
 * SPDX-License-Identifier: MIT
 */
/* gettid () */
#define _GNU_SOURCE

#include <unistd.h>

#include "first-open.h"
#include "first-open-private.h"

/* The library's overview (what first_open_present_if_needed () decides, what it never
 * does to the app, the thread rule) is native/libfirst-open/overview.md, in the API reference. */

/**
 * first_open_error_quark:
 *
 * The error domain of libfirst-open's runtime failures.
 *
 * Returns: the #GQuark of the #FIRST_OPEN_ERROR domain
 *
 * Since: 0.1
 */
G_DEFINE_QUARK (first-open-error-quark, first_open_error)

/* GTK's main thread, as libfirst-open documents it: the program's first thread (where
 * the Swift half's main actor runs; anywhere else its runtime traps), and the default
 * main context is not run by another thread. */
static gboolean
on_gtk_main_thread (void)
{
  GMainContext *context = g_main_context_default ();

  if (gettid () != getpid ())
    return FALSE;
  if (g_main_context_is_owner (context))
    return TRUE;
  /* Before gtk_main () nobody owns it; while another thread runs it, this fails. */
  if (!g_main_context_acquire (context))
    return FALSE;
  g_main_context_release (context);
  return TRUE;
}

#define WRONG_THREAD_MESSAGE \
  "called from a thread other than GTK's main thread (the program's first thread, running GTK's main loop); libfirst-open, like GTK, must be called there"

/* A GLib critical, as for any other programmer error, and `val` returned. */
#define return_val_if_wrong_thread(val)                           \
  G_STMT_START {                                                  \
    if (G_UNLIKELY (!on_gtk_main_thread ()))                      \
      {                                                           \
        g_critical ("%s: " WRONG_THREAD_MESSAGE, G_STRFUNC);      \
        return (val);                                             \
      }                                                           \
  } G_STMT_END

#define return_if_wrong_thread()                                  \
  G_STMT_START {                                                  \
    if (G_UNLIKELY (!on_gtk_main_thread ()))                      \
      {                                                           \
        g_critical ("%s: " WRONG_THREAD_MESSAGE, G_STRFUNC);      \
        return;                                                   \
      }                                                           \
  } G_STMT_END

/**
 * FirstOpenPresenter:
 *
 * One app's Welcome and What's New window, from one spec.
 *
 * The spec comes from exactly one of [property@FirstOpen.Presenter:path] (a spec file),
 * [property@FirstOpen.Presenter:bytes] (a spec in memory) or [property@FirstOpen.Presenter:resource-path]
 * (a spec in the app's #GResource), set when the presenter is constructed: with
 * first_open_presenter_new(), first_open_presenter_new_from_bytes(),
 * first_open_presenter_new_from_resource(), or g_object_new() / a binding's
 * constructor with the property (`FirstOpen.Presenter(path=spec)` in Python,
 * `new FirstOpen.Presenter({path: spec})` in JavaScript). The presenter is a
 * #GInitable: g_initable_init() reads and checks the spec and reports a broken one as
 * a #GError. The `new` functions call it; when a binding constructs the object without
 * calling it, the first method that needs the spec does, and returns the same error.
 * A presenter with no spec, or with two, reports %FIRST_OPEN_ERROR_BAD_SPEC.
 *
 * Then:
 *
 * - first_open_presenter_present_if_needed() decides and shows the window when it is
 *   due, recording the version on dismissal (what first_open_present_if_needed() does);
 * - first_open_presenter_present_async() does the same and reports, once the window
 *   went away or at once when none is shown, what came of it ([enum@FirstOpen.Outcome]);
 * - first_open_presenter_present() shows a kind regardless, leaving the record alone
 *   (for a "What's New" menu item, or to try a spec);
 * - [signal@FirstOpen.Presenter::dismissed] says when and how the window went away;
 * - first_open_presenter_render_png() draws a window to a PNG without showing it.
 *
 * While a window is shown the presenter keeps itself alive: the app may drop its
 * reference right after presenting.
 *
 * Every method must be called on GTK's main thread; constructing the object and
 * dropping the last reference may happen anywhere.
 *
 * Since: 0.1
 */
struct _FirstOpenPresenter
{
  GObject parent_instance;

  /* Construct-only: where the spec comes from (one of these four is set). */
  char *path;
  GBytes *bytes;
  char *resource_path;
  char *appdata_resource_path;
  char *base_path;

  /* Set by initable_init (), once. */
  gboolean initialized;
  void *spec;          /* the Swift handle: the parsed spec and the window shown */
  GError *init_error;  /* why there is no spec */
  char *app_id;

  gboolean showing;
  /* The first_open_presenter_present_async () call the window on screen answers (NULL
   * when it was shown otherwise), and the source that watches its cancellable. */
  GTask *task;
  GSource *cancel_source;
};

enum {
  PROP_0,
  PROP_PATH,
  PROP_BYTES,
  PROP_RESOURCE_PATH,
  PROP_APPDATA_RESOURCE_PATH,
  PROP_BASE_PATH,
  PROP_APP_ID,
  PROP_SHOWING,
  N_PROPS
};

enum {
  SIGNAL_DISMISSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void first_open_presenter_initable_iface_init (GInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (FirstOpenPresenter, first_open_presenter, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE, first_open_presenter_initable_iface_init))

static void *
load_spec (FirstOpenPresenter  *self,
           GError             **error)
{
  const char *base_path = self->base_path != NULL ? self->base_path : ".";
  int sources = (self->path != NULL) + (self->bytes != NULL) + (self->resource_path != NULL)
                + (self->appdata_resource_path != NULL);
  const void *data;
  gsize length;

  if (sources != 1)
    {
      g_set_error_literal (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_BAD_SPEC,
                           sources == 0
                           ? "FirstOpenPresenter has no spec: construct it with one of the properties path, bytes, resource-path or appdata-resource-path"
                           : "FirstOpenPresenter has more than one spec: set only one of the properties path, bytes, resource-path and appdata-resource-path");
      return NULL;
    }
  if (self->path != NULL)
    return fo_spec_load_file (self->path, error);
  if (self->bytes != NULL)
    {
      data = g_bytes_get_data (self->bytes, &length);
      return fo_spec_load_data (data, length, "(spec data)", base_path, error);
    }

  const char *resource = self->resource_path != NULL ? self->resource_path : self->appdata_resource_path;
  g_autoptr(GError) lookup_error = NULL;
  g_autoptr(GBytes) bytes = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, &lookup_error);
  if (bytes == NULL)
    {
      g_set_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_BAD_SPEC,
                   "%s: %s", resource, lookup_error->message);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &length);
  if (self->appdata_resource_path != NULL)
    return fo_spec_load_appdata (data, length, resource, error);
  return fo_spec_load_data (data, length, resource, base_path, error);
}

static gboolean
first_open_presenter_initable_init (GInitable     *initable,
                                    GCancellable  *cancellable G_GNUC_UNUSED,
                                    GError       **error)
{
  FirstOpenPresenter *self = FIRST_OPEN_PRESENTER (initable);

  if (G_UNLIKELY (!on_gtk_main_thread ()))
    {
      g_critical ("%s: " WRONG_THREAD_MESSAGE, G_STRFUNC);
      g_set_error_literal (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_FAILED,
                           "FirstOpenPresenter " WRONG_THREAD_MESSAGE);
      return FALSE;
    }

  if (!self->initialized)
    {
      self->initialized = TRUE;
      self->spec = load_spec (self, &self->init_error);
      if (self->spec != NULL)
        {
          self->app_id = fo_spec_copy_app_id (self->spec);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_APP_ID]);
        }
    }
  if (self->spec == NULL)
    {
      if (error != NULL)
        *error = g_error_copy (self->init_error);
      return FALSE;
    }
  return TRUE;
}

static void
first_open_presenter_initable_iface_init (GInitableIface *iface)
{
  iface->init = first_open_presenter_initable_init;
}

/* The spec, read on first use when a binding constructed the presenter without
 * g_initable_init (). FALSE with `error` set when there is none. */
static gboolean
ensure_spec (FirstOpenPresenter  *self,
             GError             **error)
{
  if (self->spec != NULL)
    return TRUE;
  return first_open_presenter_initable_init (G_INITABLE (self), NULL, error);
}

static void
first_open_presenter_finalize (GObject *object)
{
  FirstOpenPresenter *self = FIRST_OPEN_PRESENTER (object);

  /* Safe on any thread: nothing is shown (a showing presenter holds a reference). */
  if (self->spec != NULL)
    fo_spec_free (self->spec);
  g_clear_error (&self->init_error);
  g_free (self->app_id);
  g_free (self->path);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_free (self->resource_path);
  g_free (self->appdata_resource_path);
  g_free (self->base_path);

  G_OBJECT_CLASS (first_open_presenter_parent_class)->finalize (object);
}

static void
first_open_presenter_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  FirstOpenPresenter *self = FIRST_OPEN_PRESENTER (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_BYTES:
      g_value_set_boxed (value, self->bytes);
      break;
    case PROP_RESOURCE_PATH:
      g_value_set_string (value, self->resource_path);
      break;
    case PROP_APPDATA_RESOURCE_PATH:
      g_value_set_string (value, self->appdata_resource_path);
      break;
    case PROP_BASE_PATH:
      g_value_set_string (value, self->base_path);
      break;
    case PROP_APP_ID:
      /* No spec read yet (and none can be read on this thread): NULL. */
      if (!self->initialized && on_gtk_main_thread ())
        ensure_spec (self, NULL);
      g_value_set_string (value, self->app_id);
      break;
    case PROP_SHOWING:
      g_value_set_boolean (value, self->showing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
first_open_presenter_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  FirstOpenPresenter *self = FIRST_OPEN_PRESENTER (object);

  /* All construct-only: set once, before any method runs. */
  switch (prop_id)
    {
    case PROP_PATH:
      self->path = g_value_dup_string (value);
      break;
    case PROP_BYTES:
      self->bytes = g_value_dup_boxed (value);
      break;
    case PROP_RESOURCE_PATH:
      self->resource_path = g_value_dup_string (value);
      break;
    case PROP_APPDATA_RESOURCE_PATH:
      self->appdata_resource_path = g_value_dup_string (value);
      break;
    case PROP_BASE_PATH:
      self->base_path = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
first_open_presenter_class_init (FirstOpenPresenterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = first_open_presenter_finalize;
  object_class->get_property = first_open_presenter_get_property;
  object_class->set_property = first_open_presenter_set_property;

  /**
   * FirstOpenPresenter:path: (type filename)
   *
   * A spec file to read. Relative paths in it (icons, release notes) resolve against
   * its directory. One of this, [property@FirstOpen.Presenter:bytes] and
   * [property@FirstOpen.Presenter:resource-path] must be set.
   *
   * Since: 0.1
   */
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * FirstOpenPresenter:bytes:
   *
   * The text of a spec file (UTF-8), for apps that build it themselves. Relative
   * paths in it resolve against [property@FirstOpen.Presenter:base-path].
   *
   * Since: 0.1
   */
  properties[PROP_BYTES] =
    g_param_spec_boxed ("bytes", NULL, NULL, G_TYPE_BYTES,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * FirstOpenPresenter:resource-path:
   *
   * The path of a spec in the app's registered resources, e.g.
   * `/org/example/Car/first-open.spec` (g_resources_lookup_data()). Relative paths in
   * it resolve against [property@FirstOpen.Presenter:base-path].
   *
   * Since: 0.1
   */
  properties[PROP_RESOURCE_PATH] =
    g_param_spec_string ("resource-path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * FirstOpenPresenter:appdata-resource-path:
   *
   * The path of the app's AppStream metainfo file in its registered resources, e.g.
   * `/org/example/Car/org.example.Car.metainfo.xml`, as the whole source: no spec.
   * The app id, name, icon, current version (the newest stable release) and release
   * notes come from it; it has no Welcome rows, so a first run records silently.
   * See first_open_presenter_new_from_appdata().
   *
   * Since: 0.1
   */
  properties[PROP_APPDATA_RESOURCE_PATH] =
    g_param_spec_string ("appdata-resource-path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * FirstOpenPresenter:base-path: (type filename)
   *
   * The directory relative paths in a spec from [property@FirstOpen.Presenter:bytes] or
   * [property@FirstOpen.Presenter:resource-path] resolve against; %NULL: the working directory.
   *
   * Since: 0.1
   */
  properties[PROP_BASE_PATH] =
    g_param_spec_string ("base-path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * FirstOpenPresenter:app-id:
   *
   * The spec's `AppId=`: the name of the user's record; %NULL while the presenter
   * has no valid spec.
   *
   * Since: 0.1
   */
  properties[PROP_APP_ID] =
    g_param_spec_string ("app-id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * FirstOpenPresenter:showing:
   *
   * Whether a window of this presenter is on screen, or due and waiting for its
   * parent to be mapped.
   *
   * Since: 0.1
   */
  properties[PROP_SHOWING] =
    g_param_spec_boolean ("showing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * FirstOpenPresenter::dismissed:
   * @self: the presenter
   * @kind: the window that went away
   * @reason: how it went away
   *
   * Emitted once for every window shown, when it goes away. For a window shown by
   * first_open_presenter_present_if_needed(), a user dismissal (every @reason but
   * %FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC) has recorded the version by then.
   *
   * Since: 0.1
   */
  signals[SIGNAL_DISMISSED] =
    g_signal_new ("dismissed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  FIRST_OPEN_TYPE_KIND,
                  FIRST_OPEN_TYPE_DISMISSAL_REASON);
}

static void
first_open_presenter_init (FirstOpenPresenter *self G_GNUC_UNUSED)
{
}

/**
 * first_open_presenter_new:
 * @spec_path: (type filename): a spec file
 * @error: return location for a #GError, or %NULL
 *
 * Reads and checks the spec file at @spec_path ([property@FirstOpen.Presenter:path]). Relative
 * paths in it (icons, release notes) resolve against its directory.
 *
 * Returns: (transfer full): a new presenter, or %NULL with @error set
 *   (%FIRST_OPEN_ERROR_BAD_SPEC)
 *
 * Since: 0.1
 */
FirstOpenPresenter *
first_open_presenter_new (const char  *spec_path,
                          GError     **error)
{
  g_return_val_if_fail (spec_path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  return_val_if_wrong_thread (NULL);

  return g_initable_new (FIRST_OPEN_TYPE_PRESENTER, NULL, error, "path", spec_path, NULL);
}

/**
 * first_open_presenter_new_from_bytes:
 * @spec: the text of a spec file (UTF-8)
 * @base_path: (type filename) (nullable): the directory relative paths in the spec
 *   (icons, release notes) resolve against; %NULL: the working directory
 * @error: return location for a #GError, or %NULL
 *
 * Reads and checks a spec held in memory ([property@FirstOpen.Presenter:bytes]), for apps that
 * build it themselves.
 *
 * Returns: (transfer full): a new presenter, or %NULL with @error set
 *   (%FIRST_OPEN_ERROR_BAD_SPEC)
 *
 * Since: 0.1
 */
FirstOpenPresenter *
first_open_presenter_new_from_bytes (GBytes      *spec,
                                     const char  *base_path,
                                     GError     **error)
{
  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  return_val_if_wrong_thread (NULL);

  return g_initable_new (FIRST_OPEN_TYPE_PRESENTER, NULL, error,
                         "bytes", spec, "base-path", base_path, NULL);
}

/**
 * first_open_presenter_new_from_resource:
 * @resource_path: the path of a spec in the app's registered resources, e.g.
 *   `/org/example/Car/first-open.spec`
 * @base_path: (type filename) (nullable): the directory relative paths in the spec
 *   resolve against; %NULL: the working directory
 * @error: return location for a #GError, or %NULL
 *
 * Reads and checks a spec from the app's #GResource bundle
 * ([property@FirstOpen.Presenter:resource-path], g_resources_lookup_data()).
 *
 * Returns: (transfer full): a new presenter, or %NULL with @error set
 *   (%FIRST_OPEN_ERROR_BAD_SPEC, also when there is no such resource)
 *
 * Since: 0.1
 */
FirstOpenPresenter *
first_open_presenter_new_from_resource (const char  *resource_path,
                                        const char  *base_path,
                                        GError     **error)
{
  g_return_val_if_fail (resource_path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  return_val_if_wrong_thread (NULL);

  return g_initable_new (FIRST_OPEN_TYPE_PRESENTER, NULL, error,
                         "resource-path", resource_path, "base-path", base_path, NULL);
}

/**
 * first_open_presenter_new_from_appdata:
 * @resource_path: (nullable): the path of the app's AppStream metainfo file in its
 *   registered resources, e.g. `/org/example/Car/org.example.Car.metainfo.xml`; %NULL:
 *   the installed metainfo file of the default #GApplication's id
 *   (`metainfo/ID.metainfo.xml` or `appdata/ID.appdata.xml` in `$XDG_DATA_HOME` or
 *   `$XDG_DATA_DIRS`)
 * @error: return location for a #GError, or %NULL
 *
 * Reads an app's AppStream metainfo file as the whole source of its window, as
 * libadwaita's adw_about_dialog_new_from_appdata() reads it
 * ([property@FirstOpen.Presenter:appdata-resource-path], or [property@FirstOpen.Presenter:path]
 * `appstream:ID` for %NULL): no spec is needed.
 *
 * Returns: (transfer full): a new presenter, or %NULL with @error set
 *   (%FIRST_OPEN_ERROR_BAD_SPEC: no such resource, no default application or no
 *   metainfo file for it, or a file without an id or a stable release)
 *
 * Since: 0.1
 */
FirstOpenPresenter *
first_open_presenter_new_from_appdata (const char  *resource_path,
                                       GError     **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  return_val_if_wrong_thread (NULL);

  if (resource_path != NULL)
    return g_initable_new (FIRST_OPEN_TYPE_PRESENTER, NULL, error,
                           "appdata-resource-path", resource_path, NULL);

  GApplication *application = g_application_get_default ();
  const char *id = application != NULL ? g_application_get_application_id (application) : NULL;
  if (id == NULL)
    {
      g_set_error_literal (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_BAD_SPEC,
                           "no resource path given and no default GApplication with an id");
      return NULL;
    }
  g_autofree char *path = g_strconcat ("appstream:", id, NULL);
  return g_initable_new (FIRST_OPEN_TYPE_PRESENTER, NULL, error, "path", path, NULL);
}

/**
 * first_open_presenter_get_app_id:
 * @self: a [class@FirstOpen.Presenter]
 *
 * The spec's `AppId=` ([property@FirstOpen.Presenter:app-id]). Reads the spec first when the
 * presenter was constructed without g_initable_init().
 *
 * Returns: (nullable): the spec's `AppId=`, which names the user's record; %NULL when
 *   the presenter has no valid spec
 *
 * Since: 0.1
 */
const char *
first_open_presenter_get_app_id (FirstOpenPresenter *self)
{
  g_return_val_if_fail (FIRST_OPEN_IS_PRESENTER (self), NULL);
  return_val_if_wrong_thread (NULL);

  ensure_spec (self, NULL);
  return self->app_id;
}

/**
 * first_open_presenter_get_showing:
 * @self: a [class@FirstOpen.Presenter]
 *
 * Whether a window is on screen, or due and waiting for its parent to be mapped
 * ([property@FirstOpen.Presenter:showing]).
 *
 * Returns: whether a window of this presenter is on screen
 *
 * Since: 0.1
 */
gboolean
first_open_presenter_get_showing (FirstOpenPresenter *self)
{
  g_return_val_if_fail (FIRST_OPEN_IS_PRESENTER (self), FALSE);
  return self->showing;
}

static gboolean
has_display (GError **error)
{
  if (gdk_display_get_default () != NULL)
    return TRUE;
  g_set_error_literal (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_NO_DISPLAY,
                       "GTK has no display (call gtk_init() first; DISPLAY or WAYLAND_DISPLAY must be usable)");
  return FALSE;
}

/* TRUE when a window was presented; FALSE with @error set on failure, or else with
 * @outcome set to why nothing was shown. */
static gboolean
present (FirstOpenPresenter  *self,
         GtkWindow           *parent,
         int                  kind,
         FirstOpenOutcome    *outcome,
         GError             **error)
{
  int decided = FIRST_OPEN_OUTCOME_NOTHING_DUE;

  *outcome = FIRST_OPEN_OUTCOME_NOTHING_DUE;
  if (!ensure_spec (self, error))
    return FALSE;
  if (self->showing)
    {
      *outcome = FIRST_OPEN_OUTCOME_ALREADY_SHOWING;
      return FALSE;
    }
  if (!has_display (error))
    return FALSE;
  if (!fo_spec_present (self->spec, self, parent, kind, &decided, error))
    {
      *outcome = (FirstOpenOutcome) decided;
      return FALSE;
    }
  /* Held until fo_presenter_dismissed (). */
  g_object_ref (self);
  self->showing = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWING]);
  return TRUE;
}

/**
 * first_open_presenter_present_if_needed:
 * @self: a [class@FirstOpen.Presenter]
 * @parent: (nullable): the app's main window; the window is modal and transient for it
 * @error: return location for a #GError, or %NULL
 *
 * Decides as `first-open SPEC` does and, when a window is due, shows it over @parent
 * and returns at once; the version is recorded when the user dismisses the window
 * ([signal@FirstOpen.Presenter::dismissed] follows). Nothing is shown when the recorded
 * version is the current one or newer, when the update does not count under the spec's
 * `Policy=`, in a quiet session, or while a window of this app is on screen already
 * (this presenter's, another presenter's, or another process's: a login autostart
 * entry, a second start). When a window is due but the spec has nothing to show for
 * it, the version is recorded silently. first_open_presenter_present_async() does the
 * same and tells these cases apart ([enum@FirstOpen.Outcome]).
 *
 * It may be called before @parent is shown (in a #GtkApplication's `activate` handler
 * before gtk_widget_show_all(), say): the decision is made now, and the window appears
 * once @parent is mapped and placed, centred on it and stacked above it. If @parent is
 * destroyed first, the dismissal is %FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC and
 * nothing is recorded. A @parent that is never shown keeps the window waiting (and
 * this app's window lock taken) until it is destroyed or first_open_presenter_dismiss()
 * is called.
 *
 * Returns: %TRUE when a window was presented (or waits for @parent to be mapped);
 *   %FALSE when nothing was shown: with @error unset when nothing was due or a window
 *   of this app is already showing (first_open_presenter_get_showing() tells this
 *   presenter's own; first_open_presenter_present_async() tells every case apart),
 *   with @error set on failure
 *   (%FIRST_OPEN_ERROR_BAD_SPEC, %FIRST_OPEN_ERROR_STATE, %FIRST_OPEN_ERROR_NO_DISPLAY)
 *
 * Since: 0.1
 */
gboolean
first_open_presenter_present_if_needed (FirstOpenPresenter  *self,
                                        GtkWindow           *parent,
                                        GError             **error)
{
  FirstOpenOutcome outcome;

  g_return_val_if_fail (FIRST_OPEN_IS_PRESENTER (self), FALSE);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  return_val_if_wrong_thread (FALSE);

  return present (self, parent, -1, &outcome, error);
}

/**
 * first_open_presenter_present:
 * @self: a [class@FirstOpen.Presenter]
 * @parent: (nullable): the app's main window; the window is modal and transient for it
 * @kind: which window
 * @error: return location for a #GError, or %NULL
 *
 * Shows the window of @kind regardless of the record, which is left untouched (as
 * `first-open show --force`). What's New shows the notes of the current version.
 *
 * Returns: %TRUE when the window was presented; %FALSE while this presenter already
 *   shows one, or with @error set (%FIRST_OPEN_ERROR_NO_CONTENT,
 *   %FIRST_OPEN_ERROR_BAD_SPEC, %FIRST_OPEN_ERROR_NO_DISPLAY)
 *
 * Since: 0.1
 */
gboolean
first_open_presenter_present (FirstOpenPresenter  *self,
                              GtkWindow           *parent,
                              FirstOpenKind        kind,
                              GError             **error)
{
  FirstOpenOutcome outcome;

  g_return_val_if_fail (FIRST_OPEN_IS_PRESENTER (self), FALSE);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), FALSE);
  g_return_val_if_fail (kind == FIRST_OPEN_KIND_WELCOME || kind == FIRST_OPEN_KIND_WHATS_NEW, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  return_val_if_wrong_thread (FALSE);

  return present (self, parent, kind, &outcome, error);
}

/* The cancellable of the task on screen was cancelled (GCancellableSource: in the
 * task's main context, whichever thread cancelled it): the window closes unrecorded,
 * and the dismissal completes the task with G_IO_ERROR_CANCELLED. */
static gboolean
on_present_cancelled (GCancellable *cancellable G_GNUC_UNUSED,
                      gpointer      user_data)
{
  GTask *task = user_data;
  FirstOpenPresenter *self = g_task_get_source_object (task);

  if (self->task == task && self->showing)
    fo_spec_dismiss (self->spec);
  return G_SOURCE_REMOVE;
}

/**
 * first_open_presenter_present_async:
 * @self: a [class@FirstOpen.Presenter]
 * @parent: (nullable): the app's main window; the window is modal and transient for it
 * @cancellable: (nullable): a #GCancellable: cancelling it closes the window, recording
 *   nothing
 * @callback: (scope async): called when the window went away, or at once (from the main
 *   loop) when none is shown
 * @user_data: data for @callback
 *
 * Decides and shows the window as first_open_presenter_present_if_needed() does, and
 * reports what came of it: call first_open_presenter_present_finish() in @callback to
 * get the [enum@FirstOpen.Outcome] (shown and dismissed, closed by the app, nothing
 * due, recorded without showing, quiet session, already showing) or the error.
 *
 * The decision is made, and the window presented, before this returns. @callback
 * runs in the thread-default main context of the caller (GTK's main loop), never
 * before this returns: when the user dismisses the window (after
 * [signal@FirstOpen.Presenter::dismissed], with the version recorded), or in the next
 * main loop iteration when no window is shown. A window already on screen for this app
 * (this presenter's, another presenter's, or another process's) gives
 * %FIRST_OPEN_OUTCOME_ALREADY_SHOWING, where first_open_presenter_present_if_needed()
 * returns %FALSE.
 *
 * When @parent is not mapped yet (called before gtk_widget_show()), the window is
 * presented once @parent is mapped; if @parent is destroyed first, the outcome is
 * %FIRST_OPEN_OUTCOME_CLOSED_BY_APP and nothing is recorded.
 *
 * Since: 0.1
 */
void
first_open_presenter_present_async (FirstOpenPresenter  *self,
                                    GtkWindow           *parent,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  FirstOpenOutcome outcome;

  g_return_if_fail (FIRST_OPEN_IS_PRESENTER (self));
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));
  return_if_wrong_thread ();

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, first_open_presenter_present_async);
  if (g_task_return_error_if_cancelled (task))
    return;

  if (!present (self, parent, -1, &outcome, &error))
    {
      if (error != NULL)
        g_task_return_error (task, g_steal_pointer (&error));
      else
        g_task_return_int (task, outcome);
      return;
    }

  /* Answered by fo_presenter_dismissed (). */
  self->task = g_steal_pointer (&task);
  if (cancellable != NULL)
    {
      self->cancel_source = g_cancellable_source_new (cancellable);
      g_task_attach_source (self->task, self->cancel_source, (GSourceFunc) on_present_cancelled);
    }
}

/**
 * first_open_presenter_present_finish:
 * @self: a [class@FirstOpen.Presenter]
 * @result: the #GAsyncResult passed to the callback of
 *   first_open_presenter_present_async()
 * @outcome: (out) (optional): what came of the call
 * @error: return location for a #GError, or %NULL
 *
 * Finishes first_open_presenter_present_async().
 *
 * Returns: (skip): %TRUE with @outcome set; %FALSE with @error set: a
 *   #FIRST_OPEN_ERROR (%FIRST_OPEN_ERROR_BAD_SPEC, %FIRST_OPEN_ERROR_STATE,
 *   %FIRST_OPEN_ERROR_NO_DISPLAY, as first_open_presenter_present_if_needed()), or
 *   %G_IO_ERROR_CANCELLED when the cancellable was cancelled (the window was closed
 *   unrecorded)
 *
 * Since: 0.1
 */
gboolean
first_open_presenter_present_finish (FirstOpenPresenter  *self,
                                     GAsyncResult        *result,
                                     FirstOpenOutcome    *outcome,
                                     GError             **error)
{
  gssize value;

  g_return_val_if_fail (FIRST_OPEN_IS_PRESENTER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == first_open_presenter_present_async, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  value = g_task_propagate_int (G_TASK (result), error);
  if (value < 0)
    return FALSE;
  if (outcome != NULL)
    *outcome = (FirstOpenOutcome) value;
  return TRUE;
}

/**
 * first_open_presenter_dismiss:
 * @self: a [class@FirstOpen.Presenter]
 *
 * Closes the window this presenter shows, if any, as
 * %FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC: nothing is recorded.
 *
 * Since: 0.1
 */
void
first_open_presenter_dismiss (FirstOpenPresenter *self)
{
  g_return_if_fail (FIRST_OPEN_IS_PRESENTER (self));
  return_if_wrong_thread ();

  if (self->showing)
    fo_spec_dismiss (self->spec);
}

/**
 * first_open_presenter_render_png:
 * @self: a [class@FirstOpen.Presenter]
 * @kind: which window
 * @scale: device pixels per logical pixel, 1 to 4
 * @width: the content width in logical pixels (120 to 4000), or 0 for its natural width
 * @path: (type filename): where to write the PNG
 * @error: return location for a #GError, or %NULL
 *
 * Draws the window of @kind offscreen into a PNG, without showing it or touching the
 * record, for apps that make their own store screenshots or golden images.
 *
 * It renders with the app's display, theme, fonts and language (the library never
 * starts a display server or changes the app's settings; `first-open screenshot` pins
 * all of them on a private Xvfb for deterministic images). Animations are turned off
 * while it draws, and it handles pending GTK events before it returns.
 *
 * Returns: %TRUE when the image was written; %FALSE with @error set
 *   (%FIRST_OPEN_ERROR_NO_CONTENT, %FIRST_OPEN_ERROR_CANNOT_WRITE,
 *   %FIRST_OPEN_ERROR_NO_DISPLAY, %FIRST_OPEN_ERROR_BAD_SPEC)
 *
 * Since: 0.1
 */
gboolean
first_open_presenter_render_png (FirstOpenPresenter  *self,
                                 FirstOpenKind        kind,
                                 int                  scale,
                                 int                  width,
                                 const char          *path,
                                 GError             **error)
{
  g_return_val_if_fail (FIRST_OPEN_IS_PRESENTER (self), FALSE);
  g_return_val_if_fail (kind == FIRST_OPEN_KIND_WELCOME || kind == FIRST_OPEN_KIND_WHATS_NEW, FALSE);
  g_return_val_if_fail (scale >= 1 && scale <= 4, FALSE);
  g_return_val_if_fail (width == 0 || (width >= 120 && width <= 4000), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  return_val_if_wrong_thread (FALSE);

  if (!ensure_spec (self, error))
    return FALSE;
  if (!has_display (error))
    return FALSE;
  return fo_spec_render_png (self->spec, kind, scale, width, path, error) != 0;
}

/**
 * first_open_present_if_needed:
 * @parent: (nullable): the app's main window; the window is modal and transient for it
 * @spec_path: (type filename): the app's spec file
 * @error: return location for a #GError, or %NULL
 *
 * The one call most apps need, after gtk_init(), with their main window (shown or
 * about to be: the window appears once @parent is mapped, centred on it):
 * the same decision as `first-open SPEC` (same record, settings, quiet-session rules
 * and lock); when a window is due it is shown modal over @parent in the app's own main
 * loop, and the version is recorded when the user dismisses it.
 * See first_open_presenter_present_if_needed() for the details, and a
 * [class@FirstOpen.Presenter] to learn when the window is dismissed.
 *
 * Returns: %TRUE when a window was presented; %FALSE with no error when nothing was
 *   shown (nothing due, or a window of this app already showing); %FALSE with @error
 *   set on failure
 *
 * Since: 0.1
 */
gboolean
first_open_present_if_needed (GtkWindow   *parent,
                              const char  *spec_path,
                              GError     **error)
{
  g_autoptr(FirstOpenPresenter) presenter = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), FALSE);
  g_return_val_if_fail (spec_path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  return_val_if_wrong_thread (FALSE);

  presenter = first_open_presenter_new (spec_path, error);
  if (presenter == NULL)
    return FALSE;
  return first_open_presenter_present_if_needed (presenter, parent, error);
}

/**
 * first_open_present_if_needed_from_bytes:
 * @parent: (nullable): the app's main window; the window is modal and transient for it
 * @spec: the text of the app's spec (e.g. from its #GResource)
 * @base_path: (type filename) (nullable): the directory relative paths in the spec
 *   resolve against; %NULL: the working directory
 * @error: return location for a #GError, or %NULL
 *
 * first_open_present_if_needed() for a spec held in memory.
 *
 * Returns: %TRUE when a window was presented; %FALSE with no error when nothing was
 *   shown (nothing due, or a window of this app already showing); %FALSE with @error
 *   set on failure
 *
 * Since: 0.1
 */
gboolean
first_open_present_if_needed_from_bytes (GtkWindow   *parent,
                                         GBytes      *spec,
                                         const char  *base_path,
                                         GError     **error)
{
  g_autoptr(FirstOpenPresenter) presenter = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  return_val_if_wrong_thread (FALSE);

  presenter = first_open_presenter_new_from_bytes (spec, base_path, error);
  if (presenter == NULL)
    return FALSE;
  return first_open_presenter_present_if_needed (presenter, parent, error);
}

/* The bridge's C side. */

void
fo_presenter_dismissed (void *presenter,
                        int   kind,
                        int   reason)
{
  FirstOpenPresenter *self = presenter;
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  if (self->cancel_source != NULL)
    {
      g_source_destroy (self->cancel_source);
      g_clear_pointer (&self->cancel_source, g_source_unref);
    }
  self->showing = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWING]);
  g_signal_emit (self, signals[SIGNAL_DISMISSED], 0, (FirstOpenKind) kind, (FirstOpenDismissalReason) reason);
  /* After the signal, as documented; G_IO_ERROR_CANCELLED if the cancellable closed it. */
  if (task != NULL && !g_task_return_error_if_cancelled (task))
    g_task_return_int (task, reason == FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC
                             ? FIRST_OPEN_OUTCOME_CLOSED_BY_APP
                             : FIRST_OPEN_OUTCOME_SHOWN_AND_DISMISSED);
  g_object_unref (self);
}

void
fo_set_error (void           *error,
              FirstOpenError  code,
              const char     *message)
{
  g_set_error_literal ((GError **) error, FIRST_OPEN_ERROR, code, message);
}
