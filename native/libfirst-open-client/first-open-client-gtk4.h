/* first-open-client-gtk4.h: a GTK 4 window as the parent of first-open's window.
 *
 * libfirst-open-client-gtk4 (pkg-config: first-open-client-gtk4; GObject
 * Introspection: FirstOpenClientGtk4-1.0) is the GTK 4 half of libfirst-open-client,
 * as libportal-gtk4 is libportal's: it names a GtkWindow the way the XDG Desktop Portal
 * names a parent window (`x11:XID`, `wayland:HANDLE` through xdg-foreign) and presents
 * over it in one call.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef FIRST_OPEN_CLIENT_GTK4_H
#define FIRST_OPEN_CLIENT_GTK4_H

#include <gtk/gtk.h>
#include <first-open-client.h>

G_BEGIN_DECLS

/**
 * FirstOpenClientGtk4ParentExported:
 * @window: the window given to [func@FirstOpenClientGtk4.parent_export]
 * @parent: (nullable): its parent string (`x11:XID` or `wayland:HANDLE`), or %NULL
 *   when it has none: a display that is neither X11 nor Wayland, or a Wayland
 *   compositor without xdg-foreign (Weston). first-open then shows its window
 *   without a parent.
 * @user_data: the data given to [func@FirstOpenClientGtk4.parent_export]
 *
 * Receives the parent string of a GTK 4 window.
 *
 * Since: 0.1
 */
typedef void (*FirstOpenClientGtk4ParentExported) (GtkWindow  *window,
                                                  const char *parent,
                                                  gpointer    user_data);

FIRST_OPEN_CLIENT_AVAILABLE_IN_0_1
void first_open_client_gtk4_parent_export (GtkWindow                         *window,
                                           FirstOpenClientGtk4ParentExported  callback,
                                           gpointer                           user_data,
                                           GDestroyNotify                     destroy);
FIRST_OPEN_CLIENT_AVAILABLE_IN_0_1
void first_open_client_gtk4_parent_unexport (GtkWindow *window);

FIRST_OPEN_CLIENT_AVAILABLE_IN_0_1
void first_open_client_gtk4_present_async (const char          *source,
                                           GtkWindow           *parent,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
FIRST_OPEN_CLIENT_AVAILABLE_IN_0_1
FirstOpenClientOutcome first_open_client_gtk4_present_finish (GAsyncResult  *result,
                                                              GError       **error);

G_END_DECLS

#endif /* FIRST_OPEN_CLIENT_GTK4_H */
