/* The install paths of this build; see first-open-config.h. The defines come from
 * Package.swift. */
#include "first-open-config.h"

#include <stddef.h>

const char *
fo_config_helper_path (void)
{
#ifdef FIRST_OPEN_HELPER_PATH
  return FIRST_OPEN_HELPER_PATH;
#else
  return NULL;
#endif
}

const char *
fo_config_locale_directory (void)
{
#ifdef FIRST_OPEN_LOCALE_DIRECTORY
  return FIRST_OPEN_LOCALE_DIRECTORY;
#else
  return NULL;
#endif
}

const char *
fo_config_source_root (void)
{
#ifdef FIRST_OPEN_SOURCE_ROOT
  return FIRST_OPEN_SOURCE_ROOT;
#else
  return NULL;
#endif
}
