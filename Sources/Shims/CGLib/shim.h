// GLib for the modules that must not load GTK (state, spec files, CLI).
#ifndef FIRST_OPEN_CGLIB_SHIM_H
#define FIRST_OPEN_CGLIB_SHIM_H

#include <glib.h>
#include <glib/gstdio.h>
#include <sys/auxv.h>

// Everything else the GLib-only modules call is a plain function, so this header mostly
// gathers the includes. Add wrappers as `static inline` functions with the `fo_` prefix
// (as in CGtk's shim.h), each saying why it exists: a `static` global variable in a
// shim header fails at link time.

// MARK: - Process start (getauxval)

/// Whether the kernel started this process "secure" (set-user-ID, set-group-ID, file
/// capabilities): getauxval and AT_SECURE are not in Swift's Glibc module.
static inline int fo_started_secure(void) {
    return getauxval(AT_SECURE) != 0;
}

#endif
