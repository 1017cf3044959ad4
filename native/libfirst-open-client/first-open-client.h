/* first-open-client.h: "Welcome" and "What's New" windows for apps of any toolkit.
 *
 * The C interface of libfirst-open-client (pkg-config: first-open-client; GObject
 * Introspection: FirstOpenClient-1.0). It links GLib and GIO only, never GTK: GTK 4,
 * libadwaita, Qt or Tk apps use it where libfirst-open (GTK 3, in process) cannot be
 * loaded. It runs `first-open SOURCE --parent PARENT` in a process of its own, which
 * makes the same decision as every other front end (the record, the settings, the
 * policy, quiet sessions, the lock) and shows the window modal over the app's window;
 * the app learns the outcome asynchronously. libfirst-open-client-gtk4
 * (first-open-client-gtk4.h) gives the parent of a GTK 4 window.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef FIRST_OPEN_CLIENT_H
#define FIRST_OPEN_CLIENT_H

#include <gio/gio.h>

#define FIRST_OPEN_CLIENT_INSIDE
#include "first-open-client-version.h"
#include "first-open-client-enum-types.h"
#undef FIRST_OPEN_CLIENT_INSIDE

G_BEGIN_DECLS

/**
 * FirstOpenClientOutcome:
 * @FIRST_OPEN_CLIENT_OUTCOME_SHOWN: the window was shown and the user dismissed it
 *   (Continue, Enter, Escape or the close button); the version is recorded.
 * @FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE: no window was shown: nothing is due (the
 *   version was seen already, or the policy skips this update, or the user turned
 *   What's New off), the session is quiet (live, guest or system account), there is no
 *   display, or there was nothing to show for the case (recorded silently).
 * @FIRST_OPEN_CLIENT_OUTCOME_PARENT_GONE: the parent window was gone before the window
 *   could be shown, or went away while it was open: it closed with it, and nothing was
 *   recorded (the window is still due next time).
 * @FIRST_OPEN_CLIENT_OUTCOME_ALREADY_SHOWING: no window was shown by this call: another
 *   first-open is showing this app's window already (two calls at once get one window;
 *   the other call reports what the user did with it). Before 0.2, reported as
 *   %FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE. Since: 0.2
 *
 * What [func@FirstOpenClient.present_async] did.
 *
 * Since: 0.1
 */
typedef enum {
  FIRST_OPEN_CLIENT_OUTCOME_SHOWN = 0,
  FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE = 1,
  FIRST_OPEN_CLIENT_OUTCOME_PARENT_GONE = 2,
  FIRST_OPEN_CLIENT_OUTCOME_ALREADY_SHOWING = 3
} FirstOpenClientOutcome;

/**
 * FirstOpenClientError:
 * @FIRST_OPEN_CLIENT_ERROR_FAILED: first-open could not be started, was killed by a
 *   signal nobody asked for, or exited with a status it does not document.
 * @FIRST_OPEN_CLIENT_ERROR_USAGE: first-open rejected its arguments (exit 64), e.g. a
 *   source that is no path and no `appstream:ID`.
 * @FIRST_OPEN_CLIENT_ERROR_BAD_SPEC: the spec file, the metainfo file, its release
 *   notes or a value in them is wrong, or missing (exit 65). The message names the
 *   file, group and key.
 * @FIRST_OPEN_CLIENT_ERROR_NO_DISPLAY: the display went away while the window was open
 *   (exit 69); nothing was recorded.
 * @FIRST_OPEN_CLIENT_ERROR_INTERNAL: first-open's internal error (exit 70), e.g. its
 *   window helper is not installed.
 * @FIRST_OPEN_CLIENT_ERROR_CANNOT_WRITE: a file could not be written (exit 73).
 * @FIRST_OPEN_CLIENT_ERROR_STATE: the user's record could not be read, written or
 *   locked (exit 74).
 * @FIRST_OPEN_CLIENT_ERROR_PERMISSION: first-open refused to run (exit 77): started
 *   set-user-ID, or the record's folder belongs to another user.
 *
 * Failures reported in the #FIRST_OPEN_CLIENT_ERROR domain, one per exit status of
 * first-open (see first-open(1)). The message is first-open's own line on stderr.
 * Cancellation is %G_IO_ERROR_CANCELLED.
 *
 * Since: 0.1
 */
typedef enum {
  FIRST_OPEN_CLIENT_ERROR_FAILED = 0,
  FIRST_OPEN_CLIENT_ERROR_USAGE = 1,
  FIRST_OPEN_CLIENT_ERROR_BAD_SPEC = 2,
  FIRST_OPEN_CLIENT_ERROR_NO_DISPLAY = 3,
  FIRST_OPEN_CLIENT_ERROR_INTERNAL = 4,
  FIRST_OPEN_CLIENT_ERROR_CANNOT_WRITE = 5,
  FIRST_OPEN_CLIENT_ERROR_STATE = 6,
  FIRST_OPEN_CLIENT_ERROR_PERMISSION = 7
} FirstOpenClientError;

/**
 * FIRST_OPEN_CLIENT_ERROR:
 *
 * The error domain of libfirst-open-client; errors in it carry a
 * [error@FirstOpenClient.Error] code.
 *
 * Since: 0.1
 */
#define FIRST_OPEN_CLIENT_ERROR (first_open_client_error_quark ())

FIRST_OPEN_CLIENT_AVAILABLE_IN_0_1
GQuark first_open_client_error_quark (void);

FIRST_OPEN_CLIENT_AVAILABLE_IN_0_1
void first_open_client_present_async (const char          *source,
                                      const char          *parent,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
FIRST_OPEN_CLIENT_AVAILABLE_IN_0_1
FirstOpenClientOutcome first_open_client_present_finish (GAsyncResult  *result,
                                                         GError       **error);

G_END_DECLS

#endif /* FIRST_OPEN_CLIENT_H */
