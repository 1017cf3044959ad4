/* The XDG base directories as first-open reads them: see fo_xdg_data_dirs in
 * first-open-gtk-module.h. Relative entries are invalid (the XDG Base Directory
 * specification: they would name folders under whatever directory the app was started
 * in), and so are entries that are not UTF-8 (first-open's XDGDirectory cannot hold them):
 * both are ignored, as first-open ignores them, so that the module finds what first-open
 * finds and reads the index stamp first-open wrote. */
#include "first-open-gtk-module.h"

/* Whether VALUE is a directory the module may use. */
static gboolean
is_valid_entry (const char *value)
{
  return value != NULL && g_path_is_absolute (value) && g_utf8_validate (value, -1, NULL);
}

/* VALUE when it is valid, else ~/RELATIVE (spelled as first-open spells it: the index's
 * file name is a hash of the folders). */
static char *
user_dir (const char *value, const char *relative)
{
  if (is_valid_entry (value))
    return g_strdup (value);
  return g_strconcat (g_get_home_dir (), "/", relative, NULL);
}

/* ~/.local/share, and /usr/local/share:/usr/share when no entry of $XDG_DATA_DIRS is
 * valid (the specification's defaults). */
GPtrArray *
fo_xdg_data_dirs (void)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  const char *const *system = g_get_system_data_dirs ();

  g_ptr_array_add (dirs, user_dir (g_get_user_data_dir (), ".local/share"));
  for (; *system != NULL; system++)
    if (is_valid_entry (*system))
      g_ptr_array_add (dirs, g_strdup (*system));
  if (dirs->len == 1)
    {
      g_ptr_array_add (dirs, g_strdup ("/usr/local/share"));
      g_ptr_array_add (dirs, g_strdup ("/usr/share"));
    }
  return dirs;
}

char *
fo_xdg_cache_home (void)
{
  return user_dir (g_get_user_cache_dir (), ".cache");
}

char *
fo_xdg_state_home (void)
{
  return user_dir (g_getenv ("XDG_STATE_HOME"), ".local/state");
}
