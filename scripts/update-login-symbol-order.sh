#!/bin/sh
# Regenerates build-aux/login-symbol-order.txt, the lld --symbol-ordering-file of the
# packaged first-open (-Dlogin_linking=dynamic; Package.swift): the functions (ours, the
# Swift runtime's, the standard library's, libstdc++'s) that the nothing-due login path
# runs, for a spec file and for a metainfo file alone, so the linker puts them next to
# each other. Every text page the path touches is a page fault, and the kernel maps
# 64 KiB around each one into the process: packed together, the path's peak RSS stays
# under 6 MiB (docs/performance.md).
#
#   scripts/update-login-symbol-order.sh     (needs valgrind; scripts/setup.sh --benchmark)
#
# Run it after changing the login path's code or the toolchain, and commit the result
# (scripts/benchmark.sh shows the packaged build's peak RSS). A stale list links: lld
# skips names it does not find (--no-warn-symbol-ordering), silently; it only costs
# locality (40 stale names of 681 after issue 33's move: +0.1-0.5 MiB peak RSS). So
# regenerate it rather than edit it by hand: the script checks every name against the
# binary.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scratch="$root/.build/dynamic"
# Built as scripts/meson-swift-build.sh builds it for the Debian package.
export FIRST_OPEN_LOGIN_LINKING=dynamic FIRST_OPEN_PROGRAM_BUILD=1
swift build -c release --static-swift-stdlib --disable-local-rpath \
    --scratch-path "$scratch" --product first-open >&2
built=$(swift build -c release --static-swift-stdlib --disable-local-rpath \
    --scratch-path "$scratch" --show-bin-path)/first-open

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Valgrind 3.19 gives up on the DWARF that clang writes for the C objects; the symbol
# table is all this needs.
bin="$work/first-open"
objcopy --strip-debug "$built" "$bin"
export XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
# Both login paths: a spec file, and an app's metainfo file alone.
for source in org.example.Car.spec org.example.Car.metainfo.xml; do
    "$bin" mark-seen "$root/data/examples/$source" >/dev/null
    # --demangle=no: the names as the linker knows them.
    valgrind -q --tool=callgrind --demangle=no --compress-strings=no \
        --callgrind-out-file="$work/$source.profile" "$bin" "$root/data/examples/$source" >/dev/null
done

# The profiles' fn= lines, for the functions of the binary's own object (ob=). Callgrind
# names a function's recursive cycles NAME'2, NAME'3 (the linker knows NAME) and the
# caller of main "(below main)" (no symbol): those are dropped.
awk -v bin="$bin" '
    /^ob=/ { own = (substr($0, 4) == bin) }
    /^fn=/ && own { name = substr($0, 4); sub(/\047[0-9]+$/, "", name); print name }
' "$work"/*.profile | grep -v -e '^0x' -e '^???' -e '^(below main)$' | LC_ALL=C sort -u \
    > build-aux/login-symbol-order.txt
echo "build-aux/login-symbol-order.txt: $(wc -l < build-aux/login-symbol-order.txt) symbols" >&2

# The check that --no-warn-symbol-ordering hides: every name in the file is one the
# binary defines (a name lld does not find only costs locality, silently).
nm --defined-only "$built" | awk '{ print $NF }' | LC_ALL=C sort -u > "$work/defined"
missing=$(LC_ALL=C comm -23 build-aux/login-symbol-order.txt "$work/defined")
if [ -n "$missing" ]; then
    printf '%s\n' "$missing" >&2
    echo "build-aux/login-symbol-order.txt: $(printf '%s\n' "$missing" | wc -l) names not in $built" >&2
    exit 1
fi
echo "build-aux/login-symbol-order.txt: every name is defined in $built" >&2
