#!/bin/sh
# libfirst-open as a distribution ships it: `DESTDIR=STAGE meson install`, then, with
# nothing from the Swift toolchain on PATH or LD_LIBRARY_PATH:
# - the installed library needs no Swift runtime (ldd);
# - examples/c/car-app.c compiles with `pkg-config --cflags --libs first-open gtk+-3.0`
#   against the stage, shows the window and records on dismissal (run-example.py);
# - examples/vala/car-app.vala compiles with the staged first-open.vapi;
# - Python finds FirstOpen 1.0 through GI_TYPELIB_PATH, and its example runs too,
#   also in German with the staged translations;
# - no installed binary or library contains a path of the build machine (the source
#   tree or the build directory): builds are reproducible wherever they are made.
#
#   staged-install.sh BUILD_DIR SOURCE_ROOT      (needs an X display: xvfb-run)
set -eu
build=$1 source=$2
if [ -z "${DISPLAY:-}" ]; then
    [ "${FIRST_OPEN_REQUIRE_DISPLAY:-}" = 1 ] && { echo "FAIL: no DISPLAY (run under xvfb-run)" >&2; exit 1; }
    echo "SKIP: no DISPLAY (run under xvfb-run)"; exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/first-open-stage-XXXXXX")
trap 'rm -rf "$work"' EXIT
stage=$work/stage

DESTDIR=$stage meson install -C "$build" --no-rebuild --quiet >"$work/install.log" 2>&1 \
    || { cat "$work/install.log" >&2; echo "FAIL: meson install" >&2; exit 1; }

pc=$(find "$stage" -name first-open.pc -path '*/pkgconfig/*' | head -n 1)
[ -n "$pc" ] || { echo "FAIL: no first-open.pc in the stage" >&2; exit 1; }
libdir=$(dirname "$(dirname "$pc")")
[ -f "$libdir/libfirst-open.so.0" ] || { echo "FAIL: no libfirst-open.so.0 in $libdir" >&2; exit 1; }
[ -f "$libdir/girepository-1.0/FirstOpen-1.0.typelib" ] || { echo "FAIL: no typelib in $libdir/girepository-1.0" >&2; exit 1; }
datadir=$(find "$stage" -type d -path '*/share/vala/vapi' | head -n 1)
datadir=${datadir%/vala/vapi}
[ -f "$datadir/gir-1.0/FirstOpen-1.0.gir" ] || { echo "FAIL: no FirstOpen-1.0.gir in $datadir/gir-1.0" >&2; exit 1; }

# No path of the build machine in what is shipped: distributions strip the binaries
# (debug information, which names the source files, goes to -dbgsym packages), so the
# stripped files must not name the source tree, the build directory or the toolchain.
# (Before Meson passed the install paths in, the library carried its source tree to
# find translations.)
# The toolchain's own folder (/opt/swift/usr; Debian's: /usr/libexec/swift, its
# /usr/bin/swift a symlink there), not /usr, which every installed path names.
toolchain=$(dirname "$(dirname "$(realpath -m "$(command -v swift 2>/dev/null || echo /nonexistent/bin/swift)")")")
find "$stage" -type f | while IFS= read -r file; do
    [ "$(head -c 4 "$file" | tail -c 3)" = ELF ] || continue
    strip -o "$work/stripped" "$file"
    if strings -a "$work/stripped" | grep -F -e "$source" -e "$build" -e "$toolchain"; then
        echo "FAIL: ${file#"$stage"} names a path of the build machine" >&2; exit 1
    fi
done
echo "ok: no build-machine path in the installed programs and library"

# A host environment with no Swift toolchain anywhere.
PATH=/usr/local/bin:/usr/bin:/bin
LD_LIBRARY_PATH=$libdir
export PATH LD_LIBRARY_PATH
if ldd "$libdir/libfirst-open.so.0" | grep -i swift; then
    echo "FAIL: libfirst-open.so.0 needs a Swift library at run time" >&2; exit 1
fi

# The staged .pc says prefix=<the build's prefix>; a copy relocated into the stage
# (PKG_CONFIG_SYSROOT_DIR would move GTK's system paths too).
mkdir "$work/pkgconfig"
prefix=$(sed -n 's/^prefix=//p' "$pc")
sed "s|^prefix=.*|prefix=$stage$prefix|" "$pc" >"$work/pkgconfig/first-open.pc"
export PKG_CONFIG_PATH="$work/pkgconfig"
# shellcheck disable=SC2046 # the flags are words
cc -o "$work/car-app" "$source/examples/c/car-app.c" $(pkg-config --cflags --libs first-open gtk+-3.0)
valac --quiet --vapidir="$datadir/vala/vapi" --pkg first-open -o "$work/car-app-vala" \
    "$source/examples/vala/car-app.vala"
ldd "$work/car-app" | grep -q "libfirst-open.so.0 => $libdir/" \
    || { echo "FAIL: car-app does not use the staged library" >&2; ldd "$work/car-app" >&2; exit 1; }

GI_TYPELIB_PATH=$libdir/girepository-1.0 /usr/bin/python3 -c '
import gi
gi.require_version("FirstOpen", "1.0")
from gi.repository import FirstOpen
assert FirstOpen.Presenter.__gtype__.name == "FirstOpenPresenter"
print("python: FirstOpen 1.0 from the stage")'

spec=$source/data/examples/org.example.Car.spec
run="/usr/bin/python3 $source/Tests/Embedding/run-example.py --lib-dir $libdir --typelib-dir $libdir/girepository-1.0
     --app-id org.example.Car --version 1.3.0 --title"
$run "Welcome to Car" -- "$work/car-app" "$spec"
$run "Welcome to Car" -- "$work/car-app-vala" "$spec"
$run "Welcome to Car" -- /usr/bin/python3 "$source/examples/python/car-app.py" "$spec"
# The built-in strings in German from the staged share/locale. The library looks in
# the localedir it was configured with (compiled in, not guessed from where it was
# loaded); a stage is not there, so it is named with the documented override.
locale=$(find "$stage" -type d -path '*/share/locale' | head -n 1)
[ -f "$locale/de/LC_MESSAGES/first-open.mo" ] || { echo "FAIL: no German catalogue in the stage" >&2; exit 1; }
# Without LC_ALL: dh_auto_test sets LC_ALL=C.UTF-8, and glibc 2.41 (Debian 13) then
# ignores LANGUAGE, as gettext does for C (the window follows it: GettextLanguages).
env -u LC_ALL FIRST_OPEN_LOCALEDIR="$locale" LANG=de_DE.UTF-8 LANGUAGE=de \
    $run "Willkommen bei Car" -- /usr/bin/python3 "$source/examples/python/car-app.py" "$spec"
echo "ok: staged install works with no Swift toolchain"
