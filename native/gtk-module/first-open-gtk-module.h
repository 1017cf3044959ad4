/* What the files of the GTK module share (first-open-gtk-module.c says what the module
 * does). Private: nothing here is exported from the module (hidden visibility), and
 * every name carries the project's private prefix, fo_. */
#ifndef FO_GTK_MODULE_H
#define FO_GTK_MODULE_H

#include <gtk/gtk.h>

#ifndef FIRST_OPEN_COMMAND
#define FIRST_OPEN_COMMAND "/usr/bin/first-open"
#endif

#define FO_LOG_DOMAIN "first-open-gtk-module"

/* not-an-app.c: which processes are left alone. */

/* Why this process is not an app the module serves (a line for the decision log), or
 * NULL: the compositor, a program excluded by its name, a program or script in libexec. */
char *fo_not_an_app (const char *program);
/* Whether PROGRAM is one of the programs excluded by their name. */
gboolean fo_is_excluded_program (const char *program);
/* The app uses libfirst-open (C, Python, GJS, Vala): it shows its own window. */
gboolean fo_app_embeds_libfirst_open (void);

/* decision-log.c: what the module decided, for people. */

/* A debug message (G_MESSAGES_DEBUG=first-open-gtk-module) and a line of the decision
 * log: MESSAGE, and ": DETAIL" unless DETAIL is NULL. */
void fo_decision_line (const char *message, const char *detail);
/* The decision log open for appending (first-open's output goes there), or -1. */
int fo_open_decision_log (void);

/* xdg.c: the XDG base directories, read as first-open's XDGDirectory reads them
 * (absolute, UTF-8 entries only; the specification's defaults otherwise). */

/* $XDG_DATA_HOME, then the entries of $XDG_DATA_DIRS (free with g_ptr_array_unref). */
GPtrArray *fo_xdg_data_dirs (void);
/* $XDG_CACHE_HOME, or ~/.cache (free with g_free). */
char *fo_xdg_cache_home (void);
/* $XDG_STATE_HOME, or ~/.local/state (free with g_free). */
char *fo_xdg_state_home (void);

/* metainfo-index.c: the names the app goes by, and first-open's metainfo index. */

/* The index for the current data folders, NUL-terminated, when it is current; else NULL. */
char *fo_read_index (void);
/* The name first-open finds the app's metainfo by in a current INDEX, or NULL (TRIED:
 * the names, for the log). */
char *fo_find_metainfo_name (const char *index, char **tried);
/* The default GApplication's id and the program name (either may be NULL). */
void fo_app_names (const char *names[2]);
/* A name first-open can take after appstream: (AppID.isValid). */
gboolean fo_is_usable_name (const char *name);
/* Whether a metainfo file named after APP_ID is installed (without the index). */
gboolean fo_has_metainfo (const char *app_id);

/* metainfo-lookup.c: which metainfo, then first-open over WINDOW (from the index, or by
 * asking first-open index --find, answered asynchronously). */
void fo_find_metainfo_and_start (GtkWindow *window);

/* main-window.c: which window, and when. */

/* Installs the emission hook on GtkWidget::map that waits for the app's main window. */
void fo_watch_main_windows (void);
/* Whether WINDOW is a main window: a mapped normal toplevel without a transient parent. */
gboolean fo_is_main_window (GtkWindow *window);
/* Back to waiting for a main window (the chosen one went away). */
void fo_wait_for_next_main_window (void);
/* first-open is being started over WINDOW (watched until fo_first_open_ended). */
void fo_started_over (GtkWindow *window);
/* first-open has ended: over the next main window when its window went away first. */
void fo_first_open_ended (void);

/* spawn.c: starting first-open. */

/* The app's window exported for first-open (wayland-export.c), while first-open runs. */
typedef struct _FoExport FoExport;

/* The first-open binary: FIRST_OPEN_GTK_MODULE_COMMAND (tests), else the installed one. */
const char *fo_first_open_command (void);
/* first-open for APP_ID over WINDOW (its X11 id, or its Wayland export). */
void fo_start_over (GtkWindow *window, const char *app_id);

/* Starts first-open for APP_ID over PARENT (NULL: unparented); with EXPORT (taken), the
 * export ends when first-open does. fo_first_open_ended runs when it is done. */
void fo_start_first_open (const char *app_id, const char *parent, FoExport *export);

/* wayland-export.c: the app's window exported for first-open (Wayland). */

/* Ends the export and frees it. */
void fo_export_free (FoExport *export);
/* Exports WINDOW and starts first-open over it; FALSE when it cannot be exported. */
gboolean fo_export_and_start (GdkWindow *window, const char *app_id);

#endif /* FO_GTK_MODULE_H */
