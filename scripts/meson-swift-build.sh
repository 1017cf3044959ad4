#!/bin/sh
# Called by meson.build: builds the SwiftPM products and copies them to Meson's
# output directory.
#   meson-swift-build.sh SWIFT CONFIGURATION SOURCE_ROOT OUTDIR [SCRATCH [LOGIN_LINKING]]
# SCRATCH (default OUTDIR/swiftpm) is SwiftPM's build directory.
# The Swift runtime is linked statically: first-open starts faster at login
# (no libswiftCore.so & co. to load) and the binaries do not depend on where the
# toolchain is installed. LOGIN_LINKING (-Dlogin_linking) is `static` (default:
# first-open is linked fully static, glibc and GLib included) or `dynamic`
# (Package.swift reads FIRST_OPEN_LOGIN_LINKING; docs/architecture.md).
set -eu
swift=$1 configuration=$2 source=$3 outdir=$4 scratch=${5:-"$4/swiftpm"}
FIRST_OPEN_LOGIN_LINKING=${6:-static}
export FIRST_OPEN_LOGIN_LINKING
"$swift" build --package-path "$source" --scratch-path "$scratch" \
    --configuration "$configuration" --static-swift-stdlib \
    --product first-open
"$swift" build --package-path "$source" --scratch-path "$scratch" \
    --configuration "$configuration" --static-swift-stdlib \
    --product first-open-window
"$swift" build --package-path "$source" --scratch-path "$scratch" \
    --configuration "$configuration" --static-swift-stdlib \
    --product first-open-demo
bin=$("$swift" build --package-path "$source" --scratch-path "$scratch" \
    --configuration "$configuration" --static-swift-stdlib --show-bin-path)
for product in first-open first-open-window first-open-demo; do
    cp "$bin/$product" "$outdir/$product"
done
