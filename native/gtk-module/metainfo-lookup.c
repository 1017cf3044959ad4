/* Which metainfo the app has, from the index or from first-open index --find: see
 * fo_find_metainfo_and_start in first-open-gtk-module.h. */
#include <gio/gio.h>

#include "first-open-gtk-module.h"

/* The window first-open index --find answers for, and that answer's names. */
typedef struct
{
  GtkWindow *window;
  char *tried;
} FindRequest;

static void
find_request_free (FindRequest *request)
{
  g_object_unref (request->window);
  g_free (request->tried);
  g_free (request);
}

/* first-open index --find answered: its stdout is the name found (or nothing), its
 * stderr warnings (an index it could not write, a name two files claim) go to the log. */
static void
on_find_answered (GObject *source, GAsyncResult *result, gpointer data)
{
  FindRequest *request = data;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &out, &err, &error))
    fo_decision_line ("first-open index --find failed", error->message);
  if (err != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (g_strchomp (err), "\n", 8);
      for (char **line = lines; *line != NULL; line++)
        if (**line != '\0')
          fo_decision_line ("first-open index:", *line);
    }
  if (out != NULL)
    g_strchomp (out);
  if (out == NULL || !fo_is_usable_name (out))
    fo_decision_line ("no metainfo for any name of the app", request->tried);
  else if (fo_is_main_window (request->window))
    fo_start_over (request->window, out);
  else
    fo_wait_for_next_main_window ();
  find_request_free (request);
}

/* Which metainfo, then first-open over WINDOW. With a current index that is one lookup
 * in the app; otherwise (a package added, removed or updated a metainfo file: every
 * update) first-open itself is asked (`first-open index --find NAMES`, in its own
 * process, answered asynchronously): it rebuilds the index and answers from the files,
 * also where the index cannot be written (a read-only or full cache). */
void
fo_find_metainfo_and_start (GtkWindow *window)
{
  g_autofree char *index = fo_read_index ();
  g_autofree char *app_id = NULL;
  g_autofree char *tried = NULL;
  const char *names[2];
  const char *argv[6] = { NULL };
  gsize argc = 0;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  FindRequest *request;

  if (index != NULL)
    {
      app_id = fo_find_metainfo_name (index, &tried);
      if (app_id == NULL)
        fo_decision_line ("no metainfo for any name of the app", tried);
      else
        fo_start_over (window, app_id);
      return;
    }
  fo_app_names (names);
  tried = g_strjoin (", ", names[0] != NULL ? names[0] : "-", names[1] != NULL ? names[1] : "-", NULL);
  argv[argc++] = fo_first_open_command ();
  argv[argc++] = "index";
  argv[argc++] = "--find";
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (fo_is_usable_name (names[i]))
      argv[argc++] = names[i];
  fo_decision_line ("the metainfo index is not current; asking first-open index --find", tried);
  process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  if (process == NULL)
    {
      /* No first-open to ask: only files named after the app are found. */
      fo_decision_line ("cannot start first-open index", error->message);
      for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
        if (fo_is_usable_name (names[i]) && fo_has_metainfo (names[i]))
          {
            fo_start_over (window, names[i]);
            return;
          }
      fo_decision_line ("no metainfo for any name of the app", tried);
      return;
    }
  request = g_new0 (FindRequest, 1);
  request->window = g_object_ref (window);
  request->tried = g_steal_pointer (&tried);
  g_subprocess_communicate_utf8_async (process, NULL, NULL, on_find_answered, request);
}
