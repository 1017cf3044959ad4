/* The private seam between libfirst-open's C half (first-open.c: GObject types,
 * argument and thread checks, signals; built by Meson) and its Swift half
 * (native/libfirst-open/swift: the decision, the record and the window, reusing the
 * package's modules; a static archive Meson links in). Swift imports this header as
 * the module CFirstOpenBridge.
 *
 * Only plain C types cross it (GTK and GLib objects as `void *`), so the Swift half
 * sees GTK through the package's one GTK module map (CGtk) and never through a
 * second copy of the GTK headers. None of these symbols is exported from the shared
 * library: it is built with hidden visibility, and its version script exports
 * `first_open_*` only. Their prefix is the project's private one, `fo_`, as for every C
 * name outside the public API.
 */
#ifndef FIRST_OPEN_PRIVATE_H
#define FIRST_OPEN_PRIVATE_H

#include <stddef.h>

#ifndef FIRST_OPEN_COMPILATION
#define FIRST_OPEN_COMPILATION
#endif
/* The public enums: the error codes and kinds both halves use. */
#include "first-open-enums.h"

/* Implemented in Swift; called on GTK's main thread only (first-open.c checks).
 * `error` is a `GError **`; each sets it on failure. */

/* Loads a spec; returns an owned handle, or NULL with `error` set. */
void *fo_spec_load_file (const char *path, void *error);
void *fo_spec_load_data (const void *data, size_t length, const char *name,
                         const char *base_path, void *error);
/* Loads an AppStream metainfo file held in memory as the whole source (no spec). */
void *fo_spec_load_appdata (const void *data, size_t length, const char *name, void *error);
/* The spec's AppId=, newly allocated with g_malloc. */
char *fo_spec_copy_app_id (void *spec);
/* Drops the handle; safe on any thread (a finalizer may run anywhere), as nothing
 * is shown by then. */
void fo_spec_free (void *spec);
/* Decides (kind < 0) or forces a kind; presents over `parent` (a GtkWindow or NULL;
 * one not mapped yet gets the window once it is). Returns 1 when a window was
 * presented; 0 otherwise, with `error` set on failure or else `*outcome` set to what
 * was decided (a FirstOpenOutcome: nothing due, recorded without showing, quiet
 * session, already showing). `presenter` is passed back to
 * fo_presenter_dismissed. */
int fo_spec_present (void *spec, void *presenter, void *parent, int kind, int *outcome,
                     void *error);
/* Closes the window shown for `spec`, if any (reported as programmatic). */
void fo_spec_dismiss (void *spec);
/* Renders `kind` to a PNG at `path`; returns 1 on success, 0 with `error` set. */
int fo_spec_render_png (void *spec, int kind, int scale, int width, const char *path,
                        void *error);

/* Implemented in C, called from Swift. */

/* The window shown by fo_spec_present went away: emits
 * FirstOpenPresenter::dismissed and drops the reference held while it was shown. */
void fo_presenter_dismissed (void *presenter, int kind, int reason);
/* g_set_error_literal (error, FIRST_OPEN_ERROR, code, message). */
void fo_set_error (void *error, FirstOpenError code, const char *message);

#endif /* FIRST_OPEN_PRIVATE_H */
