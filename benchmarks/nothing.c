/* The reference for first-open's "nothing to show" login path: a small C program
 * that does the same reading with GLib — the spec file and the state record as
 * keyfiles — compares the versions and prints one line. */
#include <glib.h>
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc != 2) return 64;
    GKeyFile *spec = g_key_file_new();
    if (!g_key_file_load_from_file(spec, argv[1], G_KEY_FILE_KEEP_TRANSLATIONS, NULL)) return 65;
    gchar *app_id = g_key_file_get_string(spec, "First Open", "AppId", NULL);
    gchar *version = g_key_file_get_string(spec, "First Open", "Version", NULL);
    gchar *path = g_strdup_printf("%s/first-open/%s.state", g_get_user_state_dir(), app_id);
    GKeyFile *record = g_key_file_new();
    gchar *seen = NULL;
    if (g_key_file_load_from_file(record, path, G_KEY_FILE_NONE, NULL))
        seen = g_key_file_get_string(record, "First Open", "Version", NULL);
    if (seen && g_strcmp0(seen, version) == 0)
        printf("nothing: %s already seen\n", version);
    else
        printf("something\n");
    g_free(seen); g_free(path); g_free(version); g_free(app_id);
    g_key_file_free(record); g_key_file_free(spec);
    return 0;
}
