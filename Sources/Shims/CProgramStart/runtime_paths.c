/* See program-start.h: the Swift runtime's path queries, answered as a runtime built
 * without a file system answers them (swift/Runtime/Paths.h: NULL means unknown). */
#include <stddef.h>

const char *swift_getRuntimeLibraryPath (void);
const char *swift_getRootPath (void);
char *swift_copyAuxiliaryExecutablePath (const char *name);

__attribute__((visibility ("hidden")))
const char *
swift_getRuntimeLibraryPath (void)
{
  return NULL;
}

__attribute__((visibility ("hidden")))
const char *
swift_getRootPath (void)
{
  return NULL;
}

__attribute__((visibility ("hidden")))
char *
swift_copyAuxiliaryExecutablePath (const char *name)
{
  (void) name;
  return NULL;
}
