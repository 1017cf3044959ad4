/* libfirst-open: the GObject half. GLib conventions live here (types, argument
 * checks as criticals, GError, signals); the decision, the record and the window are
 * the package's Swift modules, reached through first-open-bridge.h.
 *
 * SPDX-License-Identifier: MIT
 */
#define G_LOG_DOMAIN "FirstOpen"
/* dladdr () */
#define _GNU_SOURCE

#include <dlfcn.h>

#include "first-open.h"
#include "first-open-bridge.h"

/**
 * SECTION:first-open
 * @title: FirstOpen
 * @short_description: "Welcome" and "What's New" windows for GTK 3 apps
 *
 * libfirst-open shows a modal "Welcome to ‹App›" window the first time an app starts
 * and a "What's New in ‹App›" window after it was updated, described by a spec file
 * (the keyfile format of `first-open`, see `docs/spec-format.md`).
 *
 * first_open_present_if_needed() makes the same decision as `first-open SPEC`: the same
 * per-user record (`$XDG_STATE_HOME/first-open/APPID.state`), the same admin and user
 * settings (`first-open/first-open.conf` in `$XDG_CONFIG_DIRS` and `$XDG_CONFIG_HOME`),
 * the same quiet sessions (live, guest, greeter, system accounts) and the same lock,
 * so an app and an autostart entry for the same spec show the window once. When a
 * window is due it is shown modal and transient for the app's window, in the app's own
 * main loop (the call returns at once), and the version is recorded when the user
 * dismisses it: a crash before that shows it again next time.
 *
 * The library never changes the process: no environment variables, no locale, no
 * GDK settings, no exit(), no main loop of its own. It needs GTK initialised by the
 * app (gtk_init()) and must be called from the thread that runs GTK.
 *
 * For dismissal notifications, a forced window, specs shipped in a #GResource and
 * screenshots, use a #FirstOpenPresenter.
 */

/**
 * first_open_error_quark:
 *
 * Returns: the #GQuark of the #FIRST_OPEN_ERROR domain
 */
G_DEFINE_QUARK (first-open-error-quark, first_open_error)

/* Enum types registered by hand: SwiftPM builds this file, and it cannot run
 * glib-mkenums; three small enums do not need it. */

/**
 * first_open_error_get_type:
 *
 * Returns: the #GType of #FirstOpenError
 */
GType
first_open_error_get_type (void)
{
  static gsize type = 0;
  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { FIRST_OPEN_ERROR_BAD_SPEC, "FIRST_OPEN_ERROR_BAD_SPEC", "bad-spec" },
        { FIRST_OPEN_ERROR_STATE, "FIRST_OPEN_ERROR_STATE", "state" },
        { FIRST_OPEN_ERROR_NO_DISPLAY, "FIRST_OPEN_ERROR_NO_DISPLAY", "no-display" },
        { FIRST_OPEN_ERROR_NO_CONTENT, "FIRST_OPEN_ERROR_NO_CONTENT", "no-content" },
        { FIRST_OPEN_ERROR_CANNOT_WRITE, "FIRST_OPEN_ERROR_CANNOT_WRITE", "cannot-write" },
        { FIRST_OPEN_ERROR_FAILED, "FIRST_OPEN_ERROR_FAILED", "failed" },
        { 0, NULL, NULL }
      };
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("FirstOpenError"), values));
    }
  return type;
}

/**
 * first_open_kind_get_type:
 *
 * Returns: the #GType of #FirstOpenKind
 */
GType
first_open_kind_get_type (void)
{
  static gsize type = 0;
  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { FIRST_OPEN_KIND_WELCOME, "FIRST_OPEN_KIND_WELCOME", "welcome" },
        { FIRST_OPEN_KIND_WHATS_NEW, "FIRST_OPEN_KIND_WHATS_NEW", "whats-new" },
        { 0, NULL, NULL }
      };
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("FirstOpenKind"), values));
    }
  return type;
}

/**
 * first_open_dismissal_reason_get_type:
 *
 * Returns: the #GType of #FirstOpenDismissalReason
 */
GType
first_open_dismissal_reason_get_type (void)
{
  static gsize type = 0;
  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { FIRST_OPEN_DISMISSAL_REASON_CONTINUED, "FIRST_OPEN_DISMISSAL_REASON_CONTINUED", "continued" },
        { FIRST_OPEN_DISMISSAL_REASON_ESCAPED, "FIRST_OPEN_DISMISSAL_REASON_ESCAPED", "escaped" },
        { FIRST_OPEN_DISMISSAL_REASON_CLOSED, "FIRST_OPEN_DISMISSAL_REASON_CLOSED", "closed" },
        { FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC, "FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC", "programmatic" },
        { 0, NULL, NULL }
      };
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("FirstOpenDismissalReason"), values));
    }
  return type;
}

/**
 * FirstOpenPresenter:
 *
 * One app's Welcome and What's New window, from one spec.
 *
 * Create it from a spec file (first_open_presenter_new()), from a spec in memory
 * (first_open_presenter_new_from_bytes()) or from a #GResource
 * (first_open_presenter_new_from_resource()); the spec is read and checked then, so a
 * broken spec is an error at once. Then:
 *
 * - first_open_presenter_present_if_needed() decides and shows the window when it is
 *   due, recording the version on dismissal (what first_open_present_if_needed() does);
 * - first_open_presenter_present() shows a kind regardless, leaving the record alone
 *   (for a "What's New" menu item, or to try a spec);
 * - #FirstOpenPresenter::dismissed says when and how the window went away;
 * - first_open_presenter_render_png() draws a window to a PNG without showing it.
 *
 * While a window is shown the presenter keeps itself alive: the app may drop its
 * reference right after presenting.
 */
struct _FirstOpenPresenter
{
  GObject parent_instance;

  void *spec;      /* the Swift handle: the parsed spec and the window shown */
  char *app_id;
  gboolean showing;
};

enum {
  PROP_0,
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

G_DEFINE_FINAL_TYPE (FirstOpenPresenter, first_open_presenter, G_TYPE_OBJECT)

static void
first_open_presenter_finalize (GObject *object)
{
  FirstOpenPresenter *self = FIRST_OPEN_PRESENTER (object);

  if (self->spec != NULL)
    _first_open_spec_free (self->spec);
  g_free (self->app_id);

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
    case PROP_APP_ID:
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
first_open_presenter_class_init (FirstOpenPresenterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = first_open_presenter_finalize;
  object_class->get_property = first_open_presenter_get_property;

  /**
   * FirstOpenPresenter:app-id:
   *
   * The spec's `AppId=`: the name of the user's record.
   */
  properties[PROP_APP_ID] =
    g_param_spec_string ("app-id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * FirstOpenPresenter:showing:
   *
   * Whether a window of this presenter is on screen.
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
first_open_presenter_init (FirstOpenPresenter *self)
{
}

static FirstOpenPresenter *
presenter_adopting (void *spec)
{
  FirstOpenPresenter *self = g_object_new (FIRST_OPEN_TYPE_PRESENTER, NULL);
  self->spec = spec;
  self->app_id = _first_open_spec_copy_app_id (spec);
  return self;
}

/**
 * first_open_presenter_new:
 * @spec_path: (type filename): a spec file
 * @error: return location for a #GError, or %NULL
 *
 * Reads and checks the spec file at @spec_path. Relative paths in it (icons, release
 * notes) resolve against its directory.
 *
 * Returns: (transfer full): a new presenter, or %NULL with @error set
 *   (%FIRST_OPEN_ERROR_BAD_SPEC)
 */
FirstOpenPresenter *
first_open_presenter_new (const char  *spec_path,
                          GError     **error)
{
  void *spec;

  g_return_val_if_fail (spec_path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  spec = _first_open_spec_load_file (spec_path, error);
  return spec != NULL ? presenter_adopting (spec) : NULL;
}

/**
 * first_open_presenter_new_from_bytes:
 * @spec: the text of a spec file (UTF-8)
 * @base_path: (type filename) (nullable): the directory relative paths in the spec
 *   (icons, release notes) resolve against; %NULL: the working directory
 * @error: return location for a #GError, or %NULL
 *
 * Reads and checks a spec held in memory, for apps that ship it in a #GResource or
 * build it themselves.
 *
 * Returns: (transfer full): a new presenter, or %NULL with @error set
 *   (%FIRST_OPEN_ERROR_BAD_SPEC)
 */
FirstOpenPresenter *
first_open_presenter_new_from_bytes (GBytes      *spec,
                                     const char  *base_path,
                                     GError     **error)
{
  const void *data;
  gsize length;
  void *handle;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (spec, &length);
  handle = _first_open_spec_load_data (data, length, "(spec data)", base_path != NULL ? base_path : ".", error);
  return handle != NULL ? presenter_adopting (handle) : NULL;
}

/**
 * first_open_presenter_new_from_resource:
 * @resource_path: the path of a spec in the app's registered resources, e.g.
 *   `/org/example/Car/first-open.spec`
 * @base_path: (type filename) (nullable): the directory relative paths in the spec
 *   resolve against; %NULL: the working directory
 * @error: return location for a #GError, or %NULL
 *
 * Reads and checks a spec from the app's #GResource bundle (g_resources_lookup_data()).
 *
 * Returns: (transfer full): a new presenter, or %NULL with @error set
 *   (%FIRST_OPEN_ERROR_BAD_SPEC, also when there is no such resource)
 */
FirstOpenPresenter *
first_open_presenter_new_from_resource (const char  *resource_path,
                                        const char  *base_path,
                                        GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) lookup_error = NULL;
  const void *data;
  gsize length;
  void *handle;

  g_return_val_if_fail (resource_path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  bytes = g_resources_lookup_data (resource_path, G_RESOURCE_LOOKUP_FLAGS_NONE, &lookup_error);
  if (bytes == NULL)
    {
      g_set_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_BAD_SPEC,
                   "%s: %s", resource_path, lookup_error->message);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &length);
  handle = _first_open_spec_load_data (data, length, resource_path, base_path != NULL ? base_path : ".", error);
  return handle != NULL ? presenter_adopting (handle) : NULL;
}

/**
 * first_open_presenter_get_app_id:
 * @self: a #FirstOpenPresenter
 *
 * Returns: the spec's `AppId=`, which names the user's record
 */
const char *
first_open_presenter_get_app_id (FirstOpenPresenter *self)
{
  g_return_val_if_fail (FIRST_OPEN_IS_PRESENTER (self), NULL);
  return self->app_id;
}

/**
 * first_open_presenter_get_showing:
 * @self: a #FirstOpenPresenter
 *
 * Returns: whether a window of this presenter is on screen
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

static gboolean
present (FirstOpenPresenter  *self,
         GtkWindow           *parent,
         int                  kind,
         GError             **error)
{
  if (self->showing)
    return FALSE;
  if (!has_display (error))
    return FALSE;
  if (!_first_open_spec_present (self->spec, self, parent, kind, error))
    return FALSE;
  /* Held until _first_open_presenter_dismissed (). */
  g_object_ref (self);
  self->showing = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWING]);
  return TRUE;
}

/**
 * first_open_presenter_present_if_needed:
 * @self: a #FirstOpenPresenter
 * @parent: (nullable): the app's main window; the window is modal and transient for it
 * @error: return location for a #GError, or %NULL
 *
 * Decides as `first-open SPEC` does and, when a window is due, shows it over @parent
 * and returns at once; the version is recorded when the user dismisses the window
 * (#FirstOpenPresenter::dismissed follows). Nothing is due when the recorded version
 * is the current one or newer, when the update does not count under the spec's
 * `Policy=`, in a quiet session, when another process shows the window right now, or
 * while this presenter shows one. When a window is due but the spec has nothing to
 * show for it, the version is recorded silently.
 *
 * Returns: %TRUE when a window was presented; %FALSE when nothing was due (@error
 *   unset) or on failure (@error set: %FIRST_OPEN_ERROR_BAD_SPEC,
 *   %FIRST_OPEN_ERROR_STATE, %FIRST_OPEN_ERROR_NO_DISPLAY)
 */
gboolean
first_open_presenter_present_if_needed (FirstOpenPresenter  *self,
                                        GtkWindow           *parent,
                                        GError             **error)
{
  g_return_val_if_fail (FIRST_OPEN_IS_PRESENTER (self), FALSE);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return present (self, parent, -1, error);
}

/**
 * first_open_presenter_present:
 * @self: a #FirstOpenPresenter
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
 */
gboolean
first_open_presenter_present (FirstOpenPresenter  *self,
                              GtkWindow           *parent,
                              FirstOpenKind        kind,
                              GError             **error)
{
  g_return_val_if_fail (FIRST_OPEN_IS_PRESENTER (self), FALSE);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), FALSE);
  g_return_val_if_fail (kind == FIRST_OPEN_KIND_WELCOME || kind == FIRST_OPEN_KIND_WHATS_NEW, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return present (self, parent, kind, error);
}

/**
 * first_open_presenter_dismiss:
 * @self: a #FirstOpenPresenter
 *
 * Closes the window this presenter shows, if any, as
 * %FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC: nothing is recorded.
 */
void
first_open_presenter_dismiss (FirstOpenPresenter *self)
{
  g_return_if_fail (FIRST_OPEN_IS_PRESENTER (self));

  if (self->showing)
    _first_open_spec_dismiss (self->spec);
}

/**
 * first_open_presenter_render_png:
 * @self: a #FirstOpenPresenter
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

  if (!has_display (error))
    return FALSE;
  return _first_open_spec_render_png (self->spec, kind, scale, width, path, error) != 0;
}

/**
 * first_open_present_if_needed:
 * @parent: (nullable): the app's main window; the window is modal and transient for it
 * @spec_path: (type filename): the app's spec file
 * @error: return location for a #GError, or %NULL
 *
 * The one call most apps need, after gtk_init() and once their main window is shown
 * (so that the window can be centred on it):
 * the same decision as `first-open SPEC` (same record, settings, quiet-session rules
 * and lock); when a window is due it is shown modal over @parent in the app's own main
 * loop, and the version is recorded when the user dismisses it.
 * See first_open_presenter_present_if_needed() for the details, and a
 * #FirstOpenPresenter to learn when the window is dismissed.
 *
 * Returns: %TRUE when a window was presented; %FALSE with no error when nothing was
 *   due; %FALSE with @error set on failure
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
 *   due; %FALSE with @error set on failure
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

  presenter = first_open_presenter_new_from_bytes (spec, base_path, error);
  if (presenter == NULL)
    return FALSE;
  return first_open_presenter_present_if_needed (presenter, parent, error);
}

/* The bridge's C side. */

void
_first_open_presenter_dismissed (void *presenter,
                                 int   kind,
                                 int   reason)
{
  FirstOpenPresenter *self = presenter;

  self->showing = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWING]);
  g_signal_emit (self, signals[SIGNAL_DISMISSED], 0, (FirstOpenKind) kind, (FirstOpenDismissalReason) reason);
  g_object_unref (self);
}

char *
_first_open_copy_library_directory (void)
{
  Dl_info info;

  if (dladdr ((void *) first_open_error_quark, &info) == 0 || info.dli_fname == NULL)
    return NULL;
  return g_path_get_dirname (info.dli_fname);
}

void
_first_open_set_error (void       *error,
                       int         code,
                       const char *message)
{
  g_set_error_literal ((GError **) error, FIRST_OPEN_ERROR, code, message);
}
