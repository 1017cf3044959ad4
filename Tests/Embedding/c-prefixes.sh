#!/bin/sh
# The project's C names have two prefixes: first_open_, the public API of libfirst-open and
# libfirst-open-client (a name declared in their installed headers), and fo_, everything
# private (issue 33). Checked on every symbol another object can link to (nm -g of each object
# file: a static function is no one else's to call) of the C that Meson builds (the GTK
# module, libfirst-open, libfirst-open-client; not the wayland-scanner code generated from
# the protocol's XML, whose names are the protocol's) and of SwiftPM's C targets
# (Sources/Shims, native/wayland). Besides: the entry points GTK looks up in a module, and
# the Swift runtime's own names that CProgramStart defines in the runtime's place
# (program-start.h).
#   c-prefixes.sh SOURCE_ROOT MESON_BUILD_DIR SWIFTPM_BUILD_DIR
set -eu
source_root=$1 meson_build=$2 swiftpm_build=$3
# The public names: those of the installed headers (first-open-private.h is not one), the
# generated enum-type headers included.
public=$(cat "$source_root"/native/libfirst-open/first-open.h "$source_root"/native/libfirst-open/first-open-enums.h \
             "$source_root"/native/libfirst-open-client/first-open-client*.h \
             "$meson_build"/native/libfirst-open*/*enum-types.h |
         grep -oE '\bfirst_open_[a-z0-9_]+' | sort -u)
objects=$( (find "$meson_build/native/" -name '*.o' ! -name 'meson-generated_*-protocol.c.o'
            find "$swiftpm_build/" -path '*/C*.build/*.o') | sort)
# Not a test that passes on nothing: the module's and the shared Wayland C's objects are there.
for expected in first-open-gtk-module.c.o fo-wayland.c.o first-open.c.o first-open-client.c.o config.c.o; do
    if ! printf '%s\n' "$objects" | grep -q "[/_]$expected\$"; then
        echo "FAIL: no $expected under $meson_build/native or $swiftpm_build" >&2
        exit 1
    fi
done
allowed='^(fo_|gtk_module_init$|g_module_check_init$|_swift_stdlib_getUnsafeArgvArgc$|swift_getRuntimeLibraryPath$|swift_getRootPath$|swift_copyAuxiliaryExecutablePath$)'
status=0 count=0
for object in $objects; do
    names=$(nm -g --defined-only "$object" | awk 'NF >= 3 {print $3}')
    for name in $names; do
        count=$((count + 1))
        if printf '%s\n' "$public" | grep -qx "$name"; then
            continue
        fi
        if ! printf '%s\n' "$name" | grep -Eq "$allowed"; then
            echo "FAIL: $object defines $name: neither public API (first_open_, in an installed header) nor private (fo_)" >&2
            status=1
        fi
    done
done
[ "$status" -eq 0 ] && echo "$count global C symbols in $(printf '%s\n' "$objects" | wc -l) objects, each public first_open_ or private fo_"
exit "$status"
