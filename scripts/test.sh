#!/usr/bin/env bash
# The whole test suite: installs what it needs, then runs every test target.
# GTK tests run for real under a private Xvfb server (they fail, not skip, when
# FIRST_OPEN_REQUIRE_DISPLAY=1 and no display can be opened).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
scripts/build-translations.sh .build/locale

# The optimised build Meson and the benchmarks use: the optimiser has crashed on
# code the debug build accepts, so build it here too.
# Built as scripts/meson-swift-build.sh builds (FIRST_OPEN_PROGRAM_BUILD: Package.swift),
# which shares this build; not exported: the Swift example below builds as a dependent.
FIRST_OPEN_PROGRAM_BUILD=1 swift build -c release --static-swift-stdlib --disable-local-rpath

export FIRST_OPEN_REQUIRE_DISPLAY=1
export FIRST_OPEN_LOCALEDIR="$PWD/.build/locale"
# Pinned for deterministic rendering: no GL, no animations from the environment.
export GDK_GL=disable NO_AT_BRIDGE=1
# Tests never write the host user's cache: code under test that looks an unknown
# appstream: name up builds the metainfo index in $XDG_CACHE_HOME/first-open (tests that
# run the tools set XDG directories of their own; this is for the test process itself).
export XDG_CACHE_HOME="$PWD/.build/test-cache"
mkdir -p "$XDG_CACHE_HOME"

# libfirst-open (the C / GObject Introspection library) is built by Meson, which makes
# its GIR, typelib and vapi; it shares SwiftPM's .build, so the release build above
# is reused. Its tests run the C, Vala, Python and GJS example apps and a staged install.
meson_options=(-Dswiftpm_scratch_path="$PWD/.build" -Dembedding_tests=enabled -Ddocumentation=true)
if [ -f .build/meson/build.ninja ]; then
    meson setup --reconfigure .build/meson "${meson_options[@]}" >/dev/null
else
    meson setup .build/meson "${meson_options[@]}" >/dev/null
fi
meson compile -C .build/meson >&2
# The tests' own programs (build_by_default: false) too: Meson 1.7 (Debian 13) leaves them
# out of the default build (1.0 built them), and the tests below run with --no-rebuild.
ninja -C .build/meson meson-test-prereq >&2

# Last, the Swift example app (examples/swift), built the way apps depend on the
# package (by URL and version) and run as a user would: the README's Swift example.
# -noreset: Xvfb otherwise resets when its last client disconnects, and a program that
# connects during the reset fails with "cannot open display" (tests between windows
# often leave no client connected).
# SwiftPM itself leaves temporary files (lock files, a TemporaryDirectory.* of each of
# Foundation's atomic writes): its own folder, removed unchecked. The tests run from their
# bundle with the suite's; `scripts/test.sh ARGS` hands ARGS to `swift test` instead.
# Every temporary file of the tests (Foundation's, Python's, mktemp's, the tools') goes to
# a folder of its own, which must be empty when the suite is over: a test that leaves
# something behind fails the run (Foundation's atomic writes left a TemporaryDirectory.*
# folder in /tmp for each). Shared and sticky as /tmp is: tests run first-open as other
# accounts in it.
suite_tmp=$(mktemp -d /tmp/first-open-suite.XXXXXX)
chmod 1777 "$suite_tmp"
export TMPDIR="$suite_tmp"
tool_tmp=$(mktemp -d /tmp/first-open-swiftpm.XXXXXX)
export FIRST_OPEN_TOOL_TMPDIR="$tool_tmp"
status=0
xvfb-run -a -s "-screen 0 1280x1024x24 -dpi 96 -nolisten tcp -noreset" sh -c '
    if [ $# -eq 0 ]; then
        TMPDIR=$FIRST_OPEN_TOOL_TMPDIR FIRST_OPEN_PROGRAM_BUILD=1 swift build --build-tests &&
        bin=$(TMPDIR=$FIRST_OPEN_TOOL_TMPDIR FIRST_OPEN_PROGRAM_BUILD=1 swift build --show-bin-path) &&
        "$bin/FirstOpenViewsPackageTests.xctest"
    else
        TMPDIR=$FIRST_OPEN_TOOL_TMPDIR FIRST_OPEN_PROGRAM_BUILD=1 swift test --disable-swift-testing "$@"
    fi && meson test -C .build/meson --no-rebuild --print-errorlogs &&
    Tests/Embedding/swift-example.sh .' sh "$@" || status=$?
rm -rf "$tool_tmp"
left=$(cd "$suite_tmp" && find . -mindepth 1 -maxdepth 1 ! -name '_*.lock' | sort)
chmod -R u+rwx "$suite_tmp" 2>/dev/null || true
rm -rf "$suite_tmp" || true
if [ -n "$left" ]; then
    printf 'test.sh: the suite left these in its temporary folder:\n%s\n' "$left" >&2
    [ "$status" -ne 0 ] || status=1
fi
exit "$status"
