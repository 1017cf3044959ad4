/* Reading first-open's metainfo index: see fo_read_index in first-open-gtk-module.h. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "first-open-gtk-module.h"

/* The index is never larger than this (first-open writes ~100 KB for a few hundred apps;
 * the Swift reader, MetainfoIndex, refuses the same size). */
#define INDEX_SIZE_LIMIT (8 * 1024 * 1024)

/* PATH's contents (NUL-terminated, LENGTH without the NUL) when it is a regular file of at
 * most LIMIT bytes, else NULL. This runs on the main thread of every GTK 3 app at start-up:
 * g_file_get_contents would block the app for good on a FIFO put where the file belongs and
 * read a file of any size, so the file is opened non-blocking, not through a final symbolic
 * link, and checked before it is read (as first-open's CheckedFile reads what it opens). */
static char *
read_regular_file (const char *path, gsize limit, gsize *length)
{
  struct stat info;
  char *contents;
  gsize done = 0;
  int fd = open (path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);

  if (fd < 0)
    return NULL;
  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode) || info.st_size < 0 || (guint64) info.st_size > limit)
    {
      close (fd);
      return NULL;
    }
  contents = g_malloc ((gsize) info.st_size + 1);
  while (done < (gsize) info.st_size)
    {
      ssize_t count = read (fd, contents + done, (gsize) info.st_size - done);
      if (count < 0 && errno == EINTR)
        continue;
      if (count <= 0)
        break;  /* an error, or the file shrank meanwhile: what was read is checked as any */
      done += (gsize) count;
    }
  close (fd);
  contents[done] = '\0';
  *length = done;
  return contents;
}

/* An installed metainfo file for APP_ID, where first-open's appstream: looks
 * (AppStreamLookup.metainfoPath): metainfo/ then appdata/ of each data folder (the
 * user's first), APPID.metainfo.xml or APPID.appdata.xml, also with ".desktop" after the
 * id as older files have. */
gboolean
fo_has_metainfo (const char *app_id)
{
  const char *const folders[] = { "metainfo", "appdata" };
  const char *const suffixes[] = { ".metainfo.xml", ".appdata.xml", ".desktop.metainfo.xml", ".desktop.appdata.xml" };
  g_autoptr(GPtrArray) dirs = fo_xdg_data_dirs ();

  for (guint d = 0; d < dirs->len; d++)
    for (gsize i = 0; i < G_N_ELEMENTS (folders); i++)
      for (gsize j = 0; j < G_N_ELEMENTS (suffixes); j++)
        {
          g_autofree char *path = g_strconcat (dirs->pdata[d], "/", folders[i], "/", app_id, suffixes[j], NULL);
          if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
            return TRUE;
        }
  return FALSE;
}

/* The metainfo index first-open keeps (MetainfoIndex.swift): every name an installed app
 * goes by (file name, <id>, desktop-id launchable; lower case, no ".desktop") and its
 * metainfo file, behind a stamp of the metainfo folders' modification times, in one file
 * per list of folders (metainfo-index-HASH: the first 16 hex digits of the SHA-256 of the
 * folders, each followed by a newline), so apps started with different XDG_DATA_DIRS
 * never replace each other's. Read with one open; NULL when missing or not current (a
 * package added or removed a file). */
char *
fo_read_index (void)
{
  g_autofree char *cache = fo_xdg_cache_home ();
  g_autofree char *path = NULL;
  g_autofree char *hash = NULL;
  g_autoptr(GPtrArray) dirs = fo_xdg_data_dirs ();
  g_autoptr(GString) header = g_string_new ("first-open metainfo index 1\n");
  g_autoptr(GString) list = g_string_new (NULL);
  const char *const folders[] = { "metainfo", "appdata" };
  char *contents = NULL;
  gsize length = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (folders); i++)
    for (guint j = 0; j < dirs->len; j++)
      {
        g_autofree char *folder = g_strconcat (dirs->pdata[j], "/", folders[i], NULL);
        struct stat info;
        g_string_append_printf (list, "%s\n", folder);
        if (stat (folder, &info) == 0 && S_ISDIR (info.st_mode))
          g_string_append_printf (header, "folder %lld.%09ld %s\n", (long long) info.st_mtim.tv_sec,
                                  (long) info.st_mtim.tv_nsec, folder);
        else
          g_string_append_printf (header, "folder - %s\n", folder);
      }
  g_string_append_c (header, '\n');
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, list->str, list->len);
  hash[16] = '\0';
  path = g_strconcat (cache, "/first-open/metainfo-index-", hash, NULL);
  contents = read_regular_file (path, INDEX_SIZE_LIMIT, &length);
  if (contents == NULL)
    return NULL;
  if (length < header->len || memcmp (contents, header->str, header->len) != 0)
    {
      g_free (contents);
      return NULL;
    }
  return contents;
}

/* Whether INDEX has NAME (compared as the index stores names); with AMBIGUOUS, whether
 * it lists NAME as claimed alike by two files (a "!" line), which is never taken. */
static gboolean
index_has (const char *index, const char *name, gboolean ambiguous)
{
  g_autofree char *key = g_ascii_strdown (name, -1);
  g_autofree char *line = NULL;

  if (g_str_has_suffix (key, ".desktop"))
    key[strlen (key) - strlen (".desktop")] = '\0';
  line = g_strconcat (ambiguous ? "\n!" : "\n", key, "\t", NULL);
  return *key != '\0' && strstr (index, line) != NULL;
}

/* A name first-open can take after appstream: (AppID.isValid). */
gboolean
fo_is_usable_name (const char *name)
{
  if (name == NULL || *name == '\0' || *name == '.' || strlen (name) > 200)
    return FALSE;
  for (const char *c = name; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && *c != '.' && *c != '_' && *c != '-')
      return FALSE;
  return TRUE;
}

/* The names the app goes by: the default GApplication's id and its program name (apps
 * without GApplication, e.g. "gimp"; apps whose GApplication id matches no file, e.g.
 * simple-scan's org.gnome.SimpleScan); the index maps either to the file (eog's
 * org.gnome.eog to eog.appdata.xml through its <id>, org.xfce.Thunar to
 * org.xfce.thunar.appdata.xml whatever the case). */
void
fo_app_names (const char *names[2])
{
  GApplication *application = g_application_get_default ();

  names[0] = application != NULL ? g_application_get_application_id (application) : NULL;
  names[1] = g_get_prgname ();
}

/* The name first-open finds the app's metainfo by (appstream:NAME) in a current INDEX,
 * or NULL (TRIED: the names, for the log). */
char *
fo_find_metainfo_name (const char *index, char **tried)
{
  const char *names[2];

  fo_app_names (names);
  *tried = g_strjoin (", ", names[0] != NULL ? names[0] : "-", names[1] != NULL ? names[1] : "-", NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (!fo_is_usable_name (names[i]))
        continue;
      if (index_has (index, names[i], FALSE))
        return g_strdup (names[i]);
      if (index_has (index, names[i], TRUE))
        fo_decision_line ("two metainfo files claim the name alike; neither is taken", names[i]);
    }
  return NULL;
}
