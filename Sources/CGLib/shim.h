// GLib for the modules that must not load GTK (state, spec files, CLI).
#ifndef FIRST_OPEN_CGLIB_SHIM_H
#define FIRST_OPEN_CGLIB_SHIM_H

#include <glib.h>
#include <glib/gstdio.h>


// g_free is a function, but GError is freed through g_error_free; nothing here
// needs a macro wrapper yet. Keep additions as `static inline` functions: a
// `static` global variable in a shim header fails at link time.

#endif
