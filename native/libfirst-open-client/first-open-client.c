/* first-open-client.c: first_open_client_present_async () and its outcome.
 *
 * One call starts `first-open SOURCE [--parent PARENT]` through GSubprocess and reads
 * its exit status and its output:
 *
 * - exit 0: with a parent, the window was shown and dismissed; without one (first-open
 *   exits 0 for both), its "nothing: ..." line on stdout says nothing was shown;
 * - exit 2 (only with a parent): nothing was shown; the line "nothing: the parent
 *   window ..." (first-open's WindowShowCommand, the two cases "is gone" and "went
 *   away") tells the parent-gone case from the others;
 * - 64, 65, 69, 70, 73, 74, 77: a #GError of FIRST_OPEN_CLIENT_ERROR with first-open's
 *   last line on stderr ("first-open: " taken off).
 *
 * stdout and stderr are read while first-open runs (a long list of warnings never fills
 * a pipe), and the outcome is taken when first-open exits, not when the pipes close: a
 * browser the window's "Release Notes" button started keeps them open for as long as it
 * runs.
 *
 * Cancellation sends SIGTERM: first-open and its window helper (the same process: it
 * execs the helper) end at once, the window goes away with its process, and nothing is
 * recorded (the record is written on the user's dismissal only; the lock is released by
 * the kernel). The call then finishes with G_IO_ERROR_CANCELLED, after the process has
 * gone.
 *
 * FIRST_OPEN_CLIENT_COMMAND overrides the first-open binary (the tests run the build
 * tree's); the installed path is compiled in (FIRST_OPEN_COMMAND, from Meson).
 *
 * SPDX-License-Identifier: MIT
 */
#include <signal.h>
#include <string.h>

#include "first-open-client.h"

#ifndef FIRST_OPEN_COMMAND
#define FIRST_OPEN_COMMAND "/usr/bin/first-open"
#endif

/* What first-open prints first on stdout when --parent's window is gone (before the
 * window could map) or went away while it was open. */
#define PARENT_GONE_PREFIX "nothing: the parent window "
/* What first-open prints on stderr before each of its messages. */
#define PROGRAM_PREFIX "first-open: "

/**
 * first_open_client_error_quark:
 *
 * The error domain of libfirst-open-client, #FIRST_OPEN_CLIENT_ERROR.
 *
 * Returns: the domain's quark
 *
 * Since: 0.1
 */
G_DEFINE_QUARK (first-open-client-error-quark, first_open_client_error)

typedef struct {
  GSubprocess *process;
  gboolean with_parent;
  GString *output;
  GString *errors;
  GSource *output_source;
  GSource *errors_source;
  GCancellable *cancellable;
  gulong cancelled_id;
  GSource *terminate_source; /* in the task's main context, once cancelled */
} Present;

static void
present_free (gpointer data)
{
  Present *present = data;

  /* First: no handler runs any more (g_cancellable_disconnect waits for one running in
   * another thread), then its source goes. */
  if (present->cancellable != NULL)
    {
      g_cancellable_disconnect (present->cancellable, present->cancelled_id);
      g_object_unref (present->cancellable);
    }
  if (present->terminate_source != NULL)
    {
      g_source_destroy (present->terminate_source);
      g_source_unref (present->terminate_source);
    }
  if (present->output_source != NULL)
    {
      g_source_destroy (present->output_source);
      g_source_unref (present->output_source);
    }
  if (present->errors_source != NULL)
    {
      g_source_destroy (present->errors_source);
      g_source_unref (present->errors_source);
    }
  g_string_free (present->output, TRUE);
  g_string_free (present->errors, TRUE);
  g_clear_object (&present->process);
  g_free (present);
}

/* Reads what STREAM has without blocking into BUFFER. Returns FALSE at the end of the
 * stream (or on a read error), TRUE when it would block. */
static gboolean
drain (GInputStream *stream, GString *buffer)
{
  char chunk[4096];

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      gssize count = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (stream),
                                                               chunk, sizeof chunk, NULL, &error);
      if (count > 0)
        {
          /* first-open's own output is a few lines; what a started browser may write
           * into the inherited pipes is not kept beyond 1 MiB. */
          if (buffer->len < 1024 * 1024)
            g_string_append_len (buffer, chunk, count);
          continue;
        }
      if (count < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return TRUE;
      return FALSE;
    }
}

static gboolean
on_output_readable (GObject *stream, gpointer user_data)
{
  Present *present = user_data;

  if (drain (G_INPUT_STREAM (stream), present->output))
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&present->output_source, g_source_unref);
  return G_SOURCE_REMOVE;
}

static gboolean
on_errors_readable (GObject *stream, gpointer user_data)
{
  Present *present = user_data;

  if (drain (G_INPUT_STREAM (stream), present->errors))
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&present->errors_source, g_source_unref);
  return G_SOURCE_REMOVE;
}

static GSource *
watch (GInputStream *stream, GSourceFunc readable, Present *present)
{
  GSource *source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (stream), NULL);

  g_source_set_callback (source, readable, present, NULL);
  g_source_attach (source, g_main_context_get_thread_default ());
  return source;
}

/* TRUE when a line of TEXT starts with PREFIX. */
static gboolean
has_line_starting_with (const char *text, const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (char **line = lines; *line != NULL; line++)
    if (g_str_has_prefix (*line, prefix))
      return TRUE;
  return FALSE;
}

/* first-open's message: its last line on stderr that is not a warning, without the
 * program name; else its last line; else a sentence naming the status. */
static char *
error_message (const char *errors, int status)
{
  g_auto(GStrv) lines = g_strsplit (errors, "\n", -1);
  const char *last = NULL;
  const char *last_error = NULL;

  for (char **line = lines; *line != NULL; line++)
    {
      const char *text = g_strstrip (*line);
      if (*text == '\0')
        continue;
      if (g_str_has_prefix (text, PROGRAM_PREFIX))
        text += strlen (PROGRAM_PREFIX);
      last = text;
      if (!g_str_has_prefix (text, "warning: "))
        last_error = text;
    }
  if (last_error != NULL)
    return g_strdup (last_error);
  if (last != NULL)
    return g_strdup (last);
  return g_strdup_printf ("first-open exited with status %d", status);
}

static FirstOpenClientError
error_code (int status)
{
  switch (status)
    {
    case 64: return FIRST_OPEN_CLIENT_ERROR_USAGE;
    case 65: return FIRST_OPEN_CLIENT_ERROR_BAD_SPEC;
    case 69: return FIRST_OPEN_CLIENT_ERROR_NO_DISPLAY;
    case 70: return FIRST_OPEN_CLIENT_ERROR_INTERNAL;
    case 73: return FIRST_OPEN_CLIENT_ERROR_CANNOT_WRITE;
    case 74: return FIRST_OPEN_CLIENT_ERROR_STATE;
    case 77: return FIRST_OPEN_CLIENT_ERROR_PERMISSION;
    default: return FIRST_OPEN_CLIENT_ERROR_FAILED;
    }
}

static void
on_exited (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Present *present = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (!g_subprocess_wait_finish (present->process, result, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* What first-open wrote before it exited is in the pipes now. */
  if (present->output_source != NULL)
    drain (g_subprocess_get_stdout_pipe (present->process), present->output);
  if (present->errors_source != NULL)
    drain (g_subprocess_get_stderr_pipe (present->process), present->errors);

  if (g_cancellable_is_cancelled (present->cancellable))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Operation was cancelled");
      return;
    }
  if (!g_subprocess_get_if_exited (present->process))
    {
      g_task_return_new_error (task, FIRST_OPEN_CLIENT_ERROR, FIRST_OPEN_CLIENT_ERROR_FAILED,
                               "first-open was killed by signal %d",
                               g_subprocess_get_term_sig (present->process));
      return;
    }

  int status = g_subprocess_get_exit_status (present->process);
  gboolean nothing = has_line_starting_with (present->output->str, "nothing");
  if (status == 0)
    {
      /* With --parent, 0 is "shown and dismissed"; without, first-open says nothing was. */
      g_task_return_int (task, !present->with_parent && nothing
                               ? FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE
                               : FIRST_OPEN_CLIENT_OUTCOME_SHOWN);
      return;
    }
  if (status == 2 && present->with_parent)
    {
      g_task_return_int (task, has_line_starting_with (present->output->str, PARENT_GONE_PREFIX)
                               ? FIRST_OPEN_CLIENT_OUTCOME_PARENT_GONE
                               : FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE);
      return;
    }
  g_autofree char *message = error_message (present->errors->str, status);
  g_task_return_new_error (task, FIRST_OPEN_CLIENT_ERROR, error_code (status), "%s", message);
}

/* In the task's main context (the cancellable may be cancelled from any thread). */
static gboolean
terminate (gpointer user_data)
{
  Present *present = user_data;

  g_subprocess_send_signal (present->process, SIGTERM);
  return G_SOURCE_REMOVE;
}

static void
on_cancelled (GCancellable *cancellable, gpointer user_data)
{
  GTask *task = user_data;
  Present *present = g_task_get_task_data (task);
  GSource *idle = g_idle_source_new ();

  g_source_set_callback (idle, terminate, present, NULL);
  /* Kept (and destroyed with the task): the call may end before it runs. */
  present->terminate_source = idle;
  g_source_attach (idle, g_task_get_context (task));
}

/**
 * first_open_client_present_async:
 * @source: a spec file's path, an AppStream metainfo file's path
 *   (`….metainfo.xml`, `….appdata.xml`), or `appstream:APPID` (that app's installed
 *   metainfo file): whatever `first-open SPEC` takes.
 * @parent: (nullable): the app's window, named as the XDG Desktop Portal names a parent
 *   window: `x11:XID` (hexadecimal) or `wayland:HANDLE` (exported through xdg-foreign),
 *   or %NULL for a window without a parent. GTK 4 apps get it from
 *   libfirst-open-client-gtk4.
 * @cancellable: (nullable): cancels the call: the window closes and nothing is recorded.
 * @callback: (scope async) (closure user_data): called in the thread-default main context of the caller
 *   when first-open has ended.
 * @user_data: data for @callback.
 *
 * Shows "Welcome to ‹App›" or "What's New in ‹App›" over @parent when it is due, the way
 * `first-open SOURCE --parent PARENT` decides it (the same record, settings, policy,
 * quiet sessions and lock), in first-open's own process: the app's process loads no
 * GTK 3 and no Swift runtime, and its main loop goes on while the window is open. The
 * window is modal and transient for @parent, closes with it, and records the version
 * when the user dismisses it. Two calls at once (or a call while first-open's autostart
 * shows the same app's window) show one window: the other call finishes with
 * %FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE.
 *
 * Call [func@FirstOpenClient.present_finish] from @callback for the outcome.
 *
 * Since: 0.1
 */
void
first_open_client_present_async (const char          *source,
                                 const char          *parent,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (source != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, first_open_client_present_async);

  const char *command = g_getenv ("FIRST_OPEN_CLIENT_COMMAND");
  if (command == NULL || *command == '\0')
    command = FIRST_OPEN_COMMAND;
  /* "--" would end first-open's options too early for --parent: a source starting with
   * "-" is given as a path instead. */
  g_autofree char *path = *source == '-' ? g_strconcat ("./", source, NULL) : g_strdup (source);
  const char *argv[] = { command, "show", path, parent != NULL ? "--parent" : NULL, parent, NULL };

  g_autoptr(GError) error = NULL;
  GSubprocess *process = g_subprocess_newv (argv,
                                            G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                            | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                                            &error);
  if (process == NULL)
    {
      g_task_return_new_error (task, FIRST_OPEN_CLIENT_ERROR, FIRST_OPEN_CLIENT_ERROR_FAILED,
                               "cannot start %s: %s", command, error->message);
      return;
    }

  Present *present = g_new0 (Present, 1);
  present->process = process;
  present->with_parent = parent != NULL;
  present->output = g_string_new (NULL);
  present->errors = g_string_new (NULL);
  g_task_set_task_data (task, present, present_free);
  present->output_source = watch (g_subprocess_get_stdout_pipe (process), G_SOURCE_FUNC (on_output_readable), present);
  present->errors_source = watch (g_subprocess_get_stderr_pipe (process), G_SOURCE_FUNC (on_errors_readable), present);
  if (cancellable != NULL)
    {
      present->cancellable = g_object_ref (cancellable);
      /* The task outlives the handler: it is disconnected in present_free. */
      present->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), task, NULL);
    }
  /* No cancellable here: a cancelled call waits for first-open to end. */
  g_subprocess_wait_async (process, NULL, on_exited, g_steal_pointer (&task));
}

/**
 * first_open_client_present_finish:
 * @result: the result @callback of [func@FirstOpenClient.present_async] got.
 * @error: the failure: a [error@FirstOpenClient.Error], or %G_IO_ERROR_CANCELLED.
 *
 * The outcome of [func@FirstOpenClient.present_async].
 *
 * Returns: what happened; on an error, %FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE.
 *
 * Since: 0.1
 */
FirstOpenClientOutcome
first_open_client_present_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FIRST_OPEN_CLIENT_OUTCOME_NOTHING_DUE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == first_open_client_present_async,
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
