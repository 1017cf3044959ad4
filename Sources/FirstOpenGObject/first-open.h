/* first-open.h: "Welcome" and "What's New" windows for GTK 3 apps.
 *
 * The C interface of libfirst-open (pkg-config: first-open; GObject Introspection:
 * FirstOpen-1.0; Vala: first-open). It makes the same decision as `first-open SPEC`
 * (the same per-user record, settings, quiet-session rules and lock) and shows the
 * window modal over the app's own window, in the app's own main loop.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef FIRST_OPEN_H
#define FIRST_OPEN_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * FIRST_OPEN_ERROR:
 *
 * The error domain of libfirst-open; errors in it carry a #FirstOpenError code.
 */
#define FIRST_OPEN_ERROR (first_open_error_quark ())

/**
 * FirstOpenError:
 * @FIRST_OPEN_ERROR_BAD_SPEC: the spec cannot be read, is not a key file, or is
 *   invalid (what `first-open validate` reports as an error), or its current version
 *   cannot be had (`VersionFrom=`). The message names the group and key.
 * @FIRST_OPEN_ERROR_STATE: the user's record (`$XDG_STATE_HOME/first-open/`) cannot be
 *   read, written or locked. Nothing was shown.
 * @FIRST_OPEN_ERROR_NO_DISPLAY: GTK has no display: the app did not call gtk_init(), or
 *   it failed. The library never opens a display of its own.
 * @FIRST_OPEN_ERROR_NO_CONTENT: the spec has nothing to show for the kind asked for
 *   (no `[Welcome N]` rows; no release notes up to the current version).
 * @FIRST_OPEN_ERROR_CANNOT_WRITE: a screenshot cannot be written to the path given.
 * @FIRST_OPEN_ERROR_FAILED: any other failure (the message says what).
 *
 * Runtime failures reported in the #FIRST_OPEN_ERROR domain. Programmer errors (%NULL
 * where it is not allowed, a parent that is not a #GtkWindow, a kind that does not
 * exist) are GLib criticals instead, as everywhere in GLib.
 */
typedef enum {
  FIRST_OPEN_ERROR_BAD_SPEC = 0,
  FIRST_OPEN_ERROR_STATE = 1,
  FIRST_OPEN_ERROR_NO_DISPLAY = 2,
  FIRST_OPEN_ERROR_NO_CONTENT = 3,
  FIRST_OPEN_ERROR_CANNOT_WRITE = 4,
  FIRST_OPEN_ERROR_FAILED = 5
} FirstOpenError;

/**
 * FirstOpenKind:
 * @FIRST_OPEN_KIND_WELCOME: "Welcome to ‹App›": the first start.
 * @FIRST_OPEN_KIND_WHATS_NEW: "What's New in ‹App›": after an update.
 *
 * Which window.
 */
typedef enum {
  FIRST_OPEN_KIND_WELCOME = 0,
  FIRST_OPEN_KIND_WHATS_NEW = 1
} FirstOpenKind;

/**
 * FirstOpenDismissalReason:
 * @FIRST_OPEN_DISMISSAL_REASON_CONTINUED: the user pressed Continue (click, Enter or Space).
 * @FIRST_OPEN_DISMISSAL_REASON_ESCAPED: the user pressed Escape.
 * @FIRST_OPEN_DISMISSAL_REASON_CLOSED: the user closed the window (close button, Alt+F4).
 * @FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC: the app closed it
 *   (first_open_presenter_dismiss(), or its parent window was destroyed). Not a user
 *   dismissal: nothing is recorded and the window shows again next time.
 *
 * How a window went away; see #FirstOpenPresenter::dismissed.
 */
typedef enum {
  FIRST_OPEN_DISMISSAL_REASON_CONTINUED = 0,
  FIRST_OPEN_DISMISSAL_REASON_ESCAPED = 1,
  FIRST_OPEN_DISMISSAL_REASON_CLOSED = 2,
  FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC = 3
} FirstOpenDismissalReason;

/**
 * FIRST_OPEN_TYPE_ERROR:
 *
 * The #GType of #FirstOpenError.
 */
#define FIRST_OPEN_TYPE_ERROR (first_open_error_get_type ())
/**
 * FIRST_OPEN_TYPE_KIND:
 *
 * The #GType of #FirstOpenKind.
 */
#define FIRST_OPEN_TYPE_KIND (first_open_kind_get_type ())
/**
 * FIRST_OPEN_TYPE_DISMISSAL_REASON:
 *
 * The #GType of #FirstOpenDismissalReason.
 */
#define FIRST_OPEN_TYPE_DISMISSAL_REASON (first_open_dismissal_reason_get_type ())
/**
 * FIRST_OPEN_TYPE_PRESENTER:
 *
 * The #GType of #FirstOpenPresenter.
 */
#define FIRST_OPEN_TYPE_PRESENTER (first_open_presenter_get_type ())

GQuark first_open_error_quark (void);
GType first_open_error_get_type (void) G_GNUC_CONST;
GType first_open_kind_get_type (void) G_GNUC_CONST;
GType first_open_dismissal_reason_get_type (void) G_GNUC_CONST;

G_DECLARE_FINAL_TYPE (FirstOpenPresenter, first_open_presenter, FIRST_OPEN, PRESENTER, GObject)

gboolean first_open_present_if_needed (GtkWindow   *parent,
                                       const char  *spec_path,
                                       GError     **error);
gboolean first_open_present_if_needed_from_bytes (GtkWindow   *parent,
                                                  GBytes      *spec,
                                                  const char  *base_path,
                                                  GError     **error);

FirstOpenPresenter *first_open_presenter_new (const char  *spec_path,
                                              GError     **error);
FirstOpenPresenter *first_open_presenter_new_from_bytes (GBytes      *spec,
                                                         const char  *base_path,
                                                         GError     **error);
FirstOpenPresenter *first_open_presenter_new_from_resource (const char  *resource_path,
                                                            const char  *base_path,
                                                            GError     **error);

const char *first_open_presenter_get_app_id (FirstOpenPresenter *self);
gboolean first_open_presenter_get_showing (FirstOpenPresenter *self);

gboolean first_open_presenter_present_if_needed (FirstOpenPresenter  *self,
                                                 GtkWindow           *parent,
                                                 GError             **error);
gboolean first_open_presenter_present (FirstOpenPresenter  *self,
                                       GtkWindow           *parent,
                                       FirstOpenKind        kind,
                                       GError             **error);
void first_open_presenter_dismiss (FirstOpenPresenter *self);

gboolean first_open_presenter_render_png (FirstOpenPresenter  *self,
                                          FirstOpenKind        kind,
                                          int                  scale,
                                          int                  width,
                                          const char          *path,
                                          GError             **error);

G_END_DECLS

#endif /* FIRST_OPEN_H */
