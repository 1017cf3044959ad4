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

#define FIRST_OPEN_INSIDE
#include "first-open-version.h"
#include "first-open-enums.h"
#include "first-open-enum-types.h"
#undef FIRST_OPEN_INSIDE

G_BEGIN_DECLS

/**
 * FIRST_OPEN_ERROR:
 *
 * The error domain of libfirst-open; errors in it carry a [error@FirstOpen.Error] code.
 *
 * Since: 0.1
 */
#define FIRST_OPEN_ERROR (first_open_error_quark ())

/**
 * FIRST_OPEN_TYPE_PRESENTER:
 *
 * The #GType of [class@FirstOpen.Presenter].
 *
 * Since: 0.1
 */
#define FIRST_OPEN_TYPE_PRESENTER (first_open_presenter_get_type ())

FIRST_OPEN_AVAILABLE_IN_0_1
GQuark first_open_error_quark (void);

FIRST_OPEN_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (FirstOpenPresenter, first_open_presenter, FIRST_OPEN, PRESENTER, GObject)

FIRST_OPEN_AVAILABLE_IN_0_1
gboolean first_open_present_if_needed (GtkWindow   *parent,
                                       const char  *spec_path,
                                       GError     **error);
FIRST_OPEN_AVAILABLE_IN_0_1
gboolean first_open_present_if_needed_from_bytes (GtkWindow   *parent,
                                                  GBytes      *spec,
                                                  const char  *base_path,
                                                  GError     **error);

FIRST_OPEN_AVAILABLE_IN_0_1
FirstOpenPresenter *first_open_presenter_new (const char  *spec_path,
                                              GError     **error);
FIRST_OPEN_AVAILABLE_IN_0_1
FirstOpenPresenter *first_open_presenter_new_from_bytes (GBytes      *spec,
                                                         const char  *base_path,
                                                         GError     **error);
FIRST_OPEN_AVAILABLE_IN_0_1
FirstOpenPresenter *first_open_presenter_new_from_resource (const char  *resource_path,
                                                            const char  *base_path,
                                                            GError     **error);

FIRST_OPEN_AVAILABLE_IN_0_1
FirstOpenPresenter *first_open_presenter_new_from_appdata (const char  *resource_path,
                                                           GError     **error);

FIRST_OPEN_AVAILABLE_IN_0_1
const char *first_open_presenter_get_app_id (FirstOpenPresenter *self);
FIRST_OPEN_AVAILABLE_IN_0_1
gboolean first_open_presenter_get_showing (FirstOpenPresenter *self);

FIRST_OPEN_AVAILABLE_IN_0_1
gboolean first_open_presenter_present_if_needed (FirstOpenPresenter  *self,
                                                 GtkWindow           *parent,
                                                 GError             **error);
FIRST_OPEN_AVAILABLE_IN_0_1
gboolean first_open_presenter_present (FirstOpenPresenter  *self,
                                       GtkWindow           *parent,
                                       FirstOpenKind        kind,
                                       GError             **error);
FIRST_OPEN_AVAILABLE_IN_0_1
void first_open_presenter_present_async (FirstOpenPresenter  *self,
                                         GtkWindow           *parent,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
FIRST_OPEN_AVAILABLE_IN_0_1
gboolean first_open_presenter_present_finish (FirstOpenPresenter  *self,
                                              GAsyncResult        *result,
                                              FirstOpenOutcome    *outcome,
                                              GError             **error);
FIRST_OPEN_AVAILABLE_IN_0_1
void first_open_presenter_dismiss (FirstOpenPresenter *self);

FIRST_OPEN_AVAILABLE_IN_0_1
gboolean first_open_presenter_render_png (FirstOpenPresenter  *self,
                                          FirstOpenKind        kind,
                                          int                  scale,
                                          int                  width,
                                          const char          *path,
                                          GError             **error);

G_END_DECLS

#endif /* FIRST_OPEN_H */
