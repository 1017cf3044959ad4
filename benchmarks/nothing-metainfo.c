/* The reference for first-open's "nothing to show" login path of an app that has only
 * an AppStream metainfo file (`first-open appstream:APPID`): a small C program that
 * does the least the same decision needs with GLib — reads the whole metainfo file
 * with GMarkup for the component id and the newest stable release (the first
 * non-development <release> in file order, as AppStream lists them newest first),
 * reads the state record as a keyfile, compares and prints one line.
 *
 *   nothing-metainfo METAINFO.xml */
#include <glib.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    gboolean in_id;
    GString *id;
    gchar *version;
} Reader;

static void start_element(GMarkupParseContext *context, const gchar *name, const gchar **names,
                          const gchar **values, gpointer data, GError **error) {
    Reader *reader = data;
    const GSList *stack = g_markup_parse_context_get_element_stack(context);
    const gchar *parent = stack->next ? stack->next->data : NULL;
    if (g_strcmp0(parent, "component") == 0 && strcmp(name, "id") == 0 && reader->id->len == 0) {
        reader->in_id = TRUE;
    } else if (g_strcmp0(parent, "releases") == 0 && strcmp(name, "release") == 0 && reader->version == NULL) {
        const gchar *version = NULL, *type = "stable";
        for (int i = 0; names[i]; i++) {
            if (strcmp(names[i], "version") == 0) version = values[i];
            if (strcmp(names[i], "type") == 0) type = values[i];
        }
        if (version && strcmp(type, "development") != 0) reader->version = g_strdup(version);
    }
}

static void end_element(GMarkupParseContext *context, const gchar *name, gpointer data, GError **error) {
    ((Reader *) data)->in_id = FALSE;
}

static void text(GMarkupParseContext *context, const gchar *text, gsize length, gpointer data, GError **error) {
    Reader *reader = data;
    if (reader->in_id) g_string_append_len(reader->id, text, length);
}

int main(int argc, char **argv) {
    if (argc != 2) return 64;
    gchar *contents;
    gsize length;
    if (!g_file_get_contents(argv[1], &contents, &length, NULL)) return 65;
    GMarkupParser parser = { start_element, end_element, text, NULL, NULL };
    Reader reader = { FALSE, g_string_new(NULL), NULL };
    GMarkupParseContext *context = g_markup_parse_context_new(&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &reader, NULL);
    gboolean parsed = g_markup_parse_context_parse(context, contents, length, NULL)
        && g_markup_parse_context_end_parse(context, NULL);
    g_markup_parse_context_free(context);
    g_free(contents);
    if (!parsed || reader.version == NULL) return 65;
    gchar *app_id = g_strstrip(g_string_free(reader.id, FALSE));
    if (g_str_has_suffix(app_id, ".desktop")) app_id[strlen(app_id) - strlen(".desktop")] = '\0';

    gchar *path = g_strdup_printf("%s/first-open/%s.state", g_get_user_state_dir(), app_id);
    GKeyFile *record = g_key_file_new();
    gchar *seen = NULL;
    if (g_key_file_load_from_file(record, path, G_KEY_FILE_NONE, NULL))
        seen = g_key_file_get_string(record, "First Open", "Version", NULL);
    if (seen && g_strcmp0(seen, reader.version) == 0)
        printf("nothing: %s already seen\n", reader.version);
    else
        printf("something\n");
    g_free(seen); g_free(path); g_free(reader.version); g_free(app_id);
    g_key_file_free(record);
    return 0;
}
