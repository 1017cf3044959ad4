/* See program-start.h: argv for the Swift runtime, recorded by a constructor. */
#include "program-start.h"

#include <stddef.h>

static char **saved_argv;
static int saved_argc;

/* glibc calls an executable's .init_array entries with (argc, argv, envp), in both
 * dynamically and statically linked programs. */
static void
save_arguments (int argc, char **argv, char **envp)
{
  (void) envp;
  saved_argc = argc;
  saved_argv = argv;
}

__attribute__((section (".init_array"), used))
static void (*const save_arguments_entry) (int, char **, char **) = save_arguments;

char **
fo_program_arguments (int *argc)
{
  *argc = saved_argc;
  return saved_argv;
}

/* The Swift runtime's internal entry point behind CommandLine.unsafeArgv and
 * CommandLine.arguments (SWIFT_CC(swift), which clang spells swiftcall). */
__attribute__((swiftcall, visibility ("hidden")))
char **
_swift_stdlib_getUnsafeArgvArgc (int *argc)
{
  return fo_program_arguments (argc);
}
