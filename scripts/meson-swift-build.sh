#!/bin/sh
# Called by meson.build: builds the SwiftPM products and copies them to Meson's
# output directory.
#
#   meson-swift-build.sh SWIFT CONFIGURATION SOURCE_ROOT SCRATCH LOGIN_LINKING \
#                        HELPER_PATH LOCALE_DIRECTORY DEPFILE OUTPUT... -- [LDFLAGS...]
#
# OUTPUTs are, in this order: first-open, first-open-window, first-open-demo, the Swift
# half of libfirst-open (a static archive) and the response file with which Meson's
# linker links that archive and the Swift runtime into libfirst-open.so.
#
# - SCRATCH is SwiftPM's build directory (scripts/test.sh shares the package's .build).
# - The Swift runtime is linked statically: first-open starts faster at login (no
#   libswiftCore.so & co. to load) and nothing depends on where the toolchain is
#   installed. LOGIN_LINKING (-Dlogin_linking) is `static` (first-open is linked fully
#   static, glibc and GLib included) or `dynamic` (Package.swift reads
#   FIRST_OPEN_LOGIN_LINKING; docs/architecture.md).
# - HELPER_PATH and LOCALE_DIRECTORY are Meson's install paths; Package.swift compiles
#   them in (Sources/Shims/CFirstOpenConfig), so nothing is guessed at run time.
# - LDFLAGS are Meson's c_link_args (the distribution's LDFLAGS, e.g. Debian's
#   `-Wl,-z,relro -Wl,-z,now`); their linker options go to SwiftPM's linker for the
#   programs.
# - DEPFILE lists every input SwiftPM reads (files and folders, so an added file
#   counts): ninja reruns this only when one of them changed.
set -eu
swift=$1 configuration=$2 source=$3 scratch=$4
FIRST_OPEN_LOGIN_LINKING=$5
FIRST_OPEN_CONFIG_HELPER_PATH=$6
FIRST_OPEN_CONFIG_LOCALE_DIRECTORY=$7
depfile=$8
shift 8
# FIRST_OPEN_PROGRAM_BUILD: the compiler flags only the root package may use (Package.swift).
FIRST_OPEN_PROGRAM_BUILD=1
export FIRST_OPEN_LOGIN_LINKING FIRST_OPEN_CONFIG_HELPER_PATH FIRST_OPEN_CONFIG_LOCALE_DIRECTORY FIRST_OPEN_PROGRAM_BUILD
# SwiftPM and the driver leave lock files and empty TemporaryDirectory.* folders in
# TMPDIR after every build (three per package build, one folder per compile job): inside
# the scratch folder they go with the build tree (dh_clean) instead of piling up in /tmp.
mkdir -p "$scratch/tmp"
TMPDIR=$(cd "$scratch/tmp" && pwd)
export TMPDIR
cli=$1 window=$2 demo=$3 archive=$4 response=$5
shift 5
[ "${1:-}" = -- ] && shift

# -Wl,a,b -> -Xlinker a -Xlinker b. Meson's c_link_args also carry the CFLAGS (its C
# compiler drives the linker); those are for C compilers, not for swiftc, and the
# programs have no C of their own to compile with them (Meson compiles libfirst-open's).
set -- "$@" END
for flag; do
    shift
    [ "$flag" = END ] && break
    case "$flag" in
        -Wl,*)
            rest=${flag#-Wl,}
            old_ifs=$IFS; IFS=,
            for part in $rest; do set -- "$@" -Xlinker "$part"; done
            IFS=$old_ifs ;;
        *) ;;
    esac
done

# --disable-local-rpath: no RUNPATH $ORIGIN. The programs load no library of ours, and
# with it the loader first looked for every library in ~20 folders under the
# program's own (glibc-hwcaps/…, tls/…): failed openat/stat calls at each start.
build() {
    "$swift" build --package-path "$source" --scratch-path "$scratch" \
        --configuration "$configuration" --static-swift-stdlib --disable-local-rpath "$@"
}
bin=$(build --show-bin-path)
# SwiftPM updates a static library in place (`ar` replaces members, never removes one):
# after a source file is moved or deleted its old object stays in the archive and
# clashes with the new one when the library is linked. Made afresh each time instead.
rm -f "$bin/libLibFirstOpenSwift.a"
# FirstOpenClient is no Meson output, but the swift-public-api test reads its module
# (the Swift API for GTK 4 hosts), so it is built here too.
for product in first-open first-open-window first-open-demo LibFirstOpenSwift FirstOpenClient; do
    build --product "$product" "$@"
done

copy() { cp "$1" "$2.tmp" && mv -f "$2.tmp" "$2"; }
copy "$bin/first-open" "$cli"
copy "$bin/first-open-window" "$window"
copy "$bin/first-open-demo" "$demo"
copy "$bin/libLibFirstOpenSwift.a" "$archive"

# How swiftc links a shared library with -static-stdlib (`swiftc -emit-library
# -static-stdlib -###` prints it): the archive whole (its @_cdecl functions are called
# from the C half only), swiftrt.o (registers the Swift metadata sections), the
# libraries the Swift objects ask for (their autolink entries) and the toolchain's
# static-stdlib arguments, which also keep the runtime's symbols out of the .so's
# exports (--exclude-libs ALL).
resources=$("$swift" -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
static=${resources%/swift}/swift_static/linux
arch=$(uname -m)
# The toolchain's tools are beside the real driver, not beside a symlink to it (Debian's
# /usr/bin/swift points into /usr/libexec/swift/bin).
tools=$(dirname "$(realpath "$swift")")
# Each library once, in the order the objects ask for them (sorted, the Swift libraries
# that need one another came in an order the linker cannot resolve). Its own step, so
# a failure stops the build instead of leaving a response file without them.
autolink=$("$tools/swift-autolink-extract" "$archive" -o -)
{
    echo "-Wl,--whole-archive"
    realpath "$archive"
    echo "-Wl,--no-whole-archive"
    echo "$static/$arch/swiftrt.o"
    echo "-L$static"
    echo "$autolink" | tr ' ' '\n' | sed '/^$/d' | awk '!seen[$0]++'
    echo "@$static/static-stdlib-args.lnk"
} >"$response.tmp"
mv -f "$response.tmp" "$response"

# Everything the build reads: ninja compares its mtimes with the outputs'.
escape() { sed 's/[ #$:]/\\&/g'; }
{
    printf '%s:' "$cli"
    {
        echo "$source/Package.swift"
        echo "$source/scripts/meson-swift-build.sh"
        # The bridge module (native/libfirst-open/bridge) includes these two.
        echo "$source/native/libfirst-open/first-open-private.h"
        echo "$source/native/libfirst-open/first-open-enums.h"
        # SwiftPM targets outside Sources: libfirst-open's Swift half, the shared Wayland C.
        find "$source/Sources" "$source/native/libfirst-open/swift" "$source/native/wayland" \
            \( -type f -o -type d \) -print
    } | escape | sed 's/^/ /' | tr -d '\n'
    echo
} >"$depfile"
