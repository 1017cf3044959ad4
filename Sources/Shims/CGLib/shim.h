// GLib for the modules that must not load GTK (state, spec files, CLI).
#ifndef FIRST_OPEN_CGLIB_SHIM_H
#define FIRST_OPEN_CGLIB_SHIM_H

#include <glib.h>
#include <glib/gstdio.h>
#include <sys/auxv.h>


// Everything the GLib-only modules call is a plain function, so this header only
// gathers the includes. Add wrappers as `static inline` functions: a `static`
// global variable in a shim header fails at link time.

// Whether the kernel started this process "secure" (set-user-ID, set-group-ID, file
// capabilities): getauxval and AT_SECURE are not in Swift's Glibc module.
static inline int first_open_started_secure(void) {
    return getauxval(AT_SECURE) != 0;
}

#endif
