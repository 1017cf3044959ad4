#!/bin/sh
# Called by meson.build: builds libfirst-open (the SwiftPM product FirstOpenLibrary,
# with the Swift runtime linked in and SONAME libfirst-open.so.0, see Package.swift)
# and puts it in Meson's output directory as a shared library is laid out there:
#   libfirst-open.so.VERSION, libfirst-open.so.0 -> it, libfirst-open.so -> it
#
#   meson-swift-library.sh SWIFT CONFIGURATION SOURCE_ROOT OUTDIR VERSION [SCRATCH]
# SCRATCH (default OUTDIR/swiftpm) is SwiftPM's build directory; scripts/test.sh
# passes the package's own .build so the release build it made is reused.
set -eu
swift=$1 configuration=$2 source=$3 outdir=$4 version=$5 scratch=${6:-"$4/swiftpm"}
"$swift" build --package-path "$source" --scratch-path "$scratch" \
    --configuration "$configuration" --static-swift-stdlib \
    --product FirstOpenLibrary
bin=$("$swift" build --package-path "$source" --scratch-path "$scratch" \
    --configuration "$configuration" --static-swift-stdlib --show-bin-path)
cp "$bin/libFirstOpenLibrary.so" "$outdir/libfirst-open.so.$version.tmp"
mv -f "$outdir/libfirst-open.so.$version.tmp" "$outdir/libfirst-open.so.$version"
ln -sf "libfirst-open.so.$version" "$outdir/libfirst-open.so.0"
ln -sf "libfirst-open.so.$version" "$outdir/libfirst-open.so"
