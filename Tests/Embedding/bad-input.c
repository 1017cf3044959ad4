/* libfirst-open through its C interface with bad input, as a host app would hit it:
 * runtime failures are GErrors in FIRST_OPEN_ERROR, programmer errors are GLib
 * criticals, and the host keeps running (this program goes on to the next case and
 * exits 0). Also: a forced window and its dismissal signal, screenshots, specs from
 * bytes and a GResource, and the host's environment, locale and GTK settings left as
 * they were.
 *
 *   bad-input SOURCE_ROOT      (needs a display: run under xvfb-run)
 */
#include <first-open.h>
#include <glib/gstdio.h>
#include <locale.h>

static const char *source_root;
static char *scratch;

static char *
write_spec (const char *name, const char *text)
{
  char *path = g_build_filename (scratch, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static char *
car_spec (void)
{
  return g_build_filename (source_root, "data", "examples", "org.example.Car.spec", NULL);
}

/* Before gtk_init(): the library never opens a display of its own. */
static void
test_no_display (void)
{
  g_autofree char *spec = car_spec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(FirstOpenPresenter) presenter = NULL;

  g_assert_false (first_open_present_if_needed (NULL, spec, &error));
  g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_NO_DISPLAY);
  g_clear_error (&error);

  /* Reading a spec needs no display. */
  presenter = first_open_presenter_new (spec, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first_open_presenter_get_app_id (presenter), ==, "org.example.Car");
  g_assert_false (first_open_presenter_render_png (presenter, FIRST_OPEN_KIND_WELCOME, 1, 0,
                                                   "/dev/null", &error));
  g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_NO_DISPLAY);
  g_assert_null (gdk_display_get_default ());
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);

  g_assert_false (first_open_present_if_needed (GTK_WINDOW (window), "/nonexistent/app.spec", &error));
  g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_BAD_SPEC);
  g_assert_nonnull (strstr (error->message, "/nonexistent/app.spec"));
  gtk_widget_destroy (window);
}

static void
test_broken_specs (void)
{
  struct { const char *text; const char *message_part; } cases[] = {
    { "this is not a key file\n", "" },
    { "[First Open]\nName=Car\nVersion=1.0\n", "AppId" },
    { "[First Open]\nAppId=org.example.Broken\nName=Car\nVersion=not a version\n", "Version" },
    { "[First Open]\nAppId=org.example.Broken\nName=Car\nVersion=1.0\nAccentColor=#nothex\n", "AccentColor" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = write_spec ("broken.spec", cases[i].text);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = g_bytes_new_static (cases[i].text, strlen (cases[i].text));

      g_assert_false (first_open_present_if_needed (NULL, path, &error));
      g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_BAD_SPEC);
      g_assert_nonnull (strstr (error->message, cases[i].message_part));
      g_clear_error (&error);

      g_assert_null (first_open_presenter_new_from_bytes (bytes, scratch, &error));
      g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_BAD_SPEC);
    }

  {
    g_autoptr(GError) error = NULL;
    g_assert_null (first_open_presenter_new_from_resource ("/org/example/none.spec", NULL, &error));
    g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_BAD_SPEC);
  }
}

static void
test_spec_from_bytes (void)
{
  const char *text = "[First Open]\nAppId=org.example.Bytes\nName=Bytes\nVersion=2.0\nIcon=icons/none.png\n"
                     "[Welcome 1]\nIcon=starred-symbolic\nTitle=Hello\nSubtitle=From memory.\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GError) error = NULL;
  g_autoptr(FirstOpenPresenter) presenter = first_open_presenter_new_from_bytes (bytes, scratch, &error);
  g_autofree char *png = g_build_filename (scratch, "bytes.png", NULL);
  g_autoptr(GdkPixbuf) image = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (first_open_presenter_get_app_id (presenter), ==, "org.example.Bytes");
  g_assert_true (first_open_presenter_render_png (presenter, FIRST_OPEN_KIND_WELCOME, 2, 300, png, &error));
  g_assert_no_error (error);
  image = gdk_pixbuf_new_from_file (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (image), ==, 2 * 300);

  /* No release notes: nothing to show for What's New. */
  g_assert_false (first_open_presenter_render_png (presenter, FIRST_OPEN_KIND_WHATS_NEW, 1, 0, png, &error));
  g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_NO_CONTENT);
  g_clear_error (&error);
  g_assert_false (first_open_presenter_present (presenter, NULL, FIRST_OPEN_KIND_WHATS_NEW, &error));
  g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_NO_CONTENT);
}

/* A spec from the program's GResource: read, decided and shown like a file. */
static void
test_spec_from_resource (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FirstOpenPresenter) presenter =
    first_open_presenter_new_from_resource ("/org/example/Resource/resource.spec", NULL, &error);
  g_autofree char *png = g_build_filename (scratch, "resource.png", NULL);

  g_assert_no_error (error);
  g_assert_cmpstr (first_open_presenter_get_app_id (presenter), ==, "org.example.Resource");
  g_assert_true (first_open_presenter_render_png (presenter, FIRST_OPEN_KIND_WHATS_NEW, 1, 0, png, &error));
  g_assert_no_error (error);
  /* No record yet: Welcome is due and shown; dismiss() closes it without recording. */
  g_assert_true (first_open_presenter_present_if_needed (presenter, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (first_open_presenter_get_showing (presenter));
  first_open_presenter_dismiss (presenter);
  g_assert_false (first_open_presenter_get_showing (presenter));
}

/* An app's metainfo file in its GResource as the whole source (no spec), as
 * adw_about_dialog_new_from_appdata() reads it; NULL without a default GApplication
 * is one GError. */
static void
test_appdata_from_resource (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FirstOpenPresenter) presenter =
    first_open_presenter_new_from_appdata ("/org/example/Resource/resource.metainfo.xml", &error);
  g_autofree char *png = g_build_filename (scratch, "appdata.png", NULL);
  g_autofree char *resource_path = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (first_open_presenter_get_app_id (presenter), ==, "org.example.ResourceNotes");
  g_object_get (presenter, "appdata-resource-path", &resource_path, NULL);
  g_assert_cmpstr (resource_path, ==, "/org/example/Resource/resource.metainfo.xml");
  /* What's New of the newest stable release (2.0), drawn. */
  g_assert_true (first_open_presenter_render_png (presenter, FIRST_OPEN_KIND_WHATS_NEW, 1, 0, png, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  /* No Welcome rows in a metainfo file: a first run records silently. */
  g_assert_false (first_open_presenter_present_if_needed (presenter, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (first_open_presenter_get_showing (presenter));

  g_assert_null (first_open_presenter_new_from_appdata ("/org/example/Resource/none.xml", &error));
  g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_BAD_SPEC);
  g_clear_error (&error);
  g_assert_null (first_open_presenter_new_from_appdata (NULL, &error));
  g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_BAD_SPEC);
  g_assert_nonnull (strstr (error->message, "no default GApplication"));
}

static void
test_unwritable_output (void)
{
  g_autofree char *spec = car_spec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(FirstOpenPresenter) presenter = first_open_presenter_new (spec, &error);
  g_autofree char *blocker = write_spec ("a-file", "");
  g_autofree char *path = g_build_filename (blocker, "out.png", NULL);

  g_assert_no_error (error);
  g_assert_false (first_open_presenter_render_png (presenter, FIRST_OPEN_KIND_WELCOME, 1, 0, path, &error));
  g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_CANNOT_WRITE);
}

static void
on_dismissed (FirstOpenPresenter *presenter, FirstOpenKind kind, FirstOpenDismissalReason reason, gpointer data)
{
  int *calls = data;
  g_assert_cmpint (kind, ==, FIRST_OPEN_KIND_WHATS_NEW);
  g_assert_cmpint (reason, ==, FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC);
  (*calls)++;
}

/* A forced window leaves the record alone; dismiss() reports "programmatic". */
static void
test_forced_window_and_dismissal (void)
{
  g_autofree char *spec = car_spec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(FirstOpenPresenter) presenter = first_open_presenter_new (spec, &error);
  g_autofree char *record = g_build_filename (g_get_user_state_dir (), "first-open", "org.example.Car.state", NULL);
  GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  int calls = 0;

  g_assert_no_error (error);
  gtk_widget_show (window);
  g_signal_connect (presenter, "dismissed", G_CALLBACK (on_dismissed), &calls);
  g_assert_true (first_open_presenter_present (presenter, GTK_WINDOW (window), FIRST_OPEN_KIND_WHATS_NEW, &error));
  g_assert_no_error (error);
  g_assert_true (first_open_presenter_get_showing (presenter));
  /* While it shows, presenting again does nothing. */
  g_assert_false (first_open_presenter_present (presenter, GTK_WINDOW (window), FIRST_OPEN_KIND_WELCOME, &error));
  g_assert_no_error (error);

  first_open_presenter_dismiss (presenter);
  g_assert_cmpint (calls, ==, 1);
  g_assert_false (first_open_presenter_get_showing (presenter));
  g_assert_false (g_file_test (record, G_FILE_TEST_EXISTS));
  gtk_widget_destroy (window);
}

static void
count_dismissal (FirstOpenPresenter *presenter, FirstOpenKind kind, FirstOpenDismissalReason reason, gpointer data)
{
  FirstOpenDismissalReason *last = data;
  *last = reason;
}

/* The app destroys its window while ours is shown over it: ours goes too, reported as
 * programmatic (not the user's: nothing recorded), and the presenter can show again. */
static void
test_parent_destroyed (void)
{
  g_autofree char *spec = car_spec ();
  g_autoptr(GError) error = NULL;
  g_autoptr(FirstOpenPresenter) presenter = first_open_presenter_new (spec, &error);
  GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  FirstOpenDismissalReason last = FIRST_OPEN_DISMISSAL_REASON_CONTINUED;

  g_assert_no_error (error);
  gtk_widget_show (window);
  g_signal_connect (presenter, "dismissed", G_CALLBACK (count_dismissal), &last);
  g_assert_true (first_open_presenter_present (presenter, GTK_WINDOW (window), FIRST_OPEN_KIND_WELCOME, &error));
  gtk_widget_destroy (window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_false (first_open_presenter_get_showing (presenter));
  g_assert_cmpint (last, ==, FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC);
  g_assert_true (first_open_presenter_present (presenter, NULL, FIRST_OPEN_KIND_WELCOME, &error));
  first_open_presenter_dismiss (presenter);
}

/* The record cannot be written (its directory is a file): a GError, nothing shown. */
static void
test_unusable_state (void)
{
  g_autofree char *spec = car_spec ();
  g_autoptr(GError) error = NULL;
  g_autofree char *state_dir = g_build_filename (g_get_user_state_dir (), "first-open", NULL);

  /* Earlier cases left lock files there. */
  if (g_file_test (state_dir, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (state_dir, 0, NULL);
      const char *name;
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *file = g_build_filename (state_dir, name, NULL);
          g_assert_cmpint (g_unlink (file), ==, 0);
        }
      g_assert_cmpint (g_rmdir (state_dir), ==, 0);
    }
  g_assert_true (g_file_set_contents (state_dir, "", 0, NULL));
  g_assert_false (first_open_present_if_needed (NULL, spec, &error));
  g_assert_error (error, FIRST_OPEN_ERROR, FIRST_OPEN_ERROR_STATE);
  g_assert_cmpint (g_unlink (state_dir), ==, 0);
}

static char *
environment_text (void)
{
  g_auto(GStrv) environment = g_get_environ ();
  return g_strjoinv ("\n", environment);
}

static gboolean
animations_enabled (void)
{
  gboolean enabled;
  g_object_get (gtk_settings_get_default (), "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

/* The host's process stays the host's: environment, locale and GTK settings are the
 * same after a decision, a window, a dismissal and a render. */
static void
test_host_process_untouched (void)
{
  g_autofree char *spec = car_spec ();
  g_autofree char *environment_before = environment_text ();
  g_autofree char *locale_before = g_strdup (setlocale (LC_ALL, NULL));
  gboolean animations_before = animations_enabled ();
  g_autofree char *png = g_build_filename (scratch, "untouched.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(FirstOpenPresenter) presenter = first_open_presenter_new (spec, &error);
  g_autofree char *environment_after = NULL;

  g_assert_no_error (error);
  g_assert_true (first_open_presenter_present (presenter, NULL, FIRST_OPEN_KIND_WELCOME, &error));
  first_open_presenter_dismiss (presenter);
  g_assert_true (first_open_presenter_render_png (presenter, FIRST_OPEN_KIND_WHATS_NEW, 1, 0, png, &error));
  g_assert_no_error (error);

  environment_after = environment_text ();
  g_assert_cmpstr (environment_after, ==, environment_before);
  g_assert_cmpstr (setlocale (LC_ALL, NULL), ==, locale_before);
  g_assert_cmpint (animations_enabled (), ==, animations_before);
}

/* Programmer errors: GLib criticals, FALSE/NULL returned, the host goes on. */
static void
test_programmer_errors (void)
{
  g_autofree char *spec = car_spec ();
  g_autoptr(FirstOpenPresenter) presenter = first_open_presenter_new (spec, NULL);
  GtkWidget *label = gtk_label_new ("not a window");
  GError *error = NULL;

  g_object_ref_sink (label);

  g_test_expect_message ("FirstOpen", G_LOG_LEVEL_CRITICAL, "*spec_path != NULL*");
  g_assert_false (first_open_present_if_needed (NULL, NULL, NULL));
  g_test_assert_expected_messages ();

  g_test_expect_message ("FirstOpen", G_LOG_LEVEL_CRITICAL, "*GTK_IS_WINDOW (parent)*");
  g_assert_false (first_open_present_if_needed ((GtkWindow *) label, spec, NULL));
  g_test_assert_expected_messages ();

  g_test_expect_message ("FirstOpen", G_LOG_LEVEL_CRITICAL, "*GTK_IS_WINDOW (parent)*");
  g_assert_false (first_open_presenter_present_if_needed (presenter, (GtkWindow *) label, NULL));
  g_test_assert_expected_messages ();

  g_test_expect_message ("FirstOpen", G_LOG_LEVEL_CRITICAL, "*FIRST_OPEN_IS_PRESENTER*");
  g_assert_false (first_open_presenter_present_if_needed (NULL, NULL, NULL));
  g_test_assert_expected_messages ();

  g_test_expect_message ("FirstOpen", G_LOG_LEVEL_CRITICAL, "*kind == FIRST_OPEN_KIND_WELCOME*");
  g_assert_false (first_open_presenter_present (presenter, NULL, (FirstOpenKind) 7, NULL));
  g_test_assert_expected_messages ();

  g_test_expect_message ("FirstOpen", G_LOG_LEVEL_CRITICAL, "*spec != NULL*");
  g_assert_null (first_open_presenter_new_from_bytes (NULL, NULL, NULL));
  g_test_assert_expected_messages ();

  g_test_expect_message ("FirstOpen", G_LOG_LEVEL_CRITICAL, "*scale >= 1*");
  g_assert_false (first_open_presenter_render_png (presenter, FIRST_OPEN_KIND_WELCOME, 0, 0, "/tmp/x.png", NULL));
  g_test_assert_expected_messages ();

  g_test_expect_message ("FirstOpen", G_LOG_LEVEL_CRITICAL, "*error == NULL || *error == NULL*");
  error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "already set");
  g_assert_false (first_open_present_if_needed (NULL, spec, &error));
  g_test_assert_expected_messages ();
  g_clear_error (&error);

  g_object_unref (label);
}

/* The scratch directory and everything the tests wrote in it, so no run leaves a
 * first-open-bad-input-* folder behind. */
static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  if (dir != NULL)
    {
      const char *name;
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_remove (child);
        }
      g_dir_close (dir);
    }
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  int status;

  if (argc < 2)
    {
      g_printerr ("usage: bad-input SOURCE_ROOT\n");
      return 2;
    }
  source_root = argv[1];
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      if (g_strcmp0 (g_getenv ("FIRST_OPEN_REQUIRE_DISPLAY"), "1") == 0)
        {
          g_printerr ("bad-input: no display (run under xvfb-run)\n");
          return 1;
        }
      g_print ("SKIP: no display (run under xvfb-run)\n");
      return 77;
    }

  /* This test program is the host: it may point the XDG directories at a scratch
   * directory before GLib reads them (the library itself never touches them). */
  scratch = g_dir_make_tmp ("first-open-bad-input-XXXXXX", NULL);
  g_assert_nonnull (scratch);
  {
    g_autofree char *state = g_build_filename (scratch, "state", NULL);
    g_autofree char *config = g_build_filename (scratch, "config", NULL);
    g_setenv ("XDG_STATE_HOME", state, TRUE);
    g_setenv ("XDG_CONFIG_HOME", config, TRUE);
    g_setenv ("XDG_CONFIG_DIRS", config, TRUE);
    g_mkdir_with_parents (state, 0700);
  }

  g_test_init (&argc, &argv, NULL);
  test_no_display ();
  g_assert_true (gtk_init_check (&argc, &argv));

  g_test_add_func ("/first-open/missing-file", test_missing_file);
  g_test_add_func ("/first-open/broken-specs", test_broken_specs);
  g_test_add_func ("/first-open/spec-from-bytes", test_spec_from_bytes);
  g_test_add_func ("/first-open/spec-from-resource", test_spec_from_resource);
  g_test_add_func ("/first-open/appdata-from-resource", test_appdata_from_resource);
  g_test_add_func ("/first-open/unwritable-output", test_unwritable_output);
  g_test_add_func ("/first-open/forced-window-and-dismissal", test_forced_window_and_dismissal);
  g_test_add_func ("/first-open/parent-destroyed", test_parent_destroyed);
  g_test_add_func ("/first-open/unusable-state", test_unusable_state);
  g_test_add_func ("/first-open/host-process-untouched", test_host_process_untouched);
  g_test_add_func ("/first-open/programmer-errors", test_programmer_errors);
  status = g_test_run ();
  remove_tree (scratch);
  g_print ("the host ran to the end\n");
  return status;
}
