/* What the Swift runtime does before main, made cheap and /proc-free.
 *
 * An executable that links this target defines two pieces of the Swift runtime
 * itself, so that the linker never takes the runtime's own objects for them from
 * libswiftCore.a (an archive member is linked only for a symbol nothing else defines):
 *
 * - argv for CommandLine.arguments (program_arguments.c). The runtime's
 *   CommandLine.cpp finds it in a static constructor that reads /proc/self/maps with
 *   sscanf and walks back from `environ`: ~130,000 instructions and a file the kernel
 *   generates, at every start; without /proc the arguments are lost. glibc passes
 *   (argc, argv, envp) to the executable's .init_array functions before any Swift code
 *   runs, so one of those records them.
 * - The runtime's install paths (runtime_paths.c), which the runtime only uses to look
 *   for `swift-backtrace` next to itself when a program starts. An installed
 *   first-open has no toolchain next to it, so the lookup (eight stat calls) always
 *   failed; in a statically linked program without /proc it aborted the program
 *   ("Unable to obtain Swift runtime path"). These are the answers the runtime gives
 *   when built without a file system: none, so the backtracer stays off unless
 *   SWIFT_BACKTRACE names swift-backtrace's path.
 *
 * - In a statically linked program, the user and group databases read from their
 *   files only (user_database.c): glibc's NSS modules crash a static program.
 *
 * docs/performance.md has the measurements. Nothing to call: linking the target is
 * all. If a toolchain renames one of these entry points, the runtime's own object is
 * linked again (slower start, same behaviour); if the runtime needs another symbol of
 * such an object, the link fails (duplicate symbol) rather than misbehaving. */
#ifndef FIRST_OPEN_PROGRAM_START_H
#define FIRST_OPEN_PROGRAM_START_H

/* The arguments glibc passed to the executable's constructors: argc is 0 and the
 * result NULL before they ran (never the case once Swift code runs). */
char **fo_program_arguments (int *argc);

#endif
