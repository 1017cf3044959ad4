#!/usr/bin/env bash
# Builds release binaries and runs benchmarks/run.py under a private Xvfb. Prints
# each measurement next to a reference measured in the same run (ratios), never a
# pass/fail against fixed numbers. The login binary is built twice: the default
# (fully static) and as the Debian package builds it (-Dlogin_linking=dynamic and
# Debian's linker flags, in .build/dynamic); both are measured. Then the What's New
# window by content (benchmarks/notes-curve.py).
#
#   scripts/benchmark.sh [--login-only] [--shared-swift-runtime] [--build-dir DIR] [RUN.PY OPTION...]
#   scripts/benchmark.sh [--build-dir DIR] --notes-only [NOTES-CURVE.PY OPTION...]
#
# --login-only: only the nothing-due login paths (run.py --login-only; no window helper
# is built, no notes curve). --shared-swift-runtime: a third login binary, the packaged
# build linked against the toolchain's shared Swift runtime instead of its static one
# (no --static-swift-stdlib: swiftc gives it a RUNPATH into the toolchain; on Debian 13
# libswiftlang's, /usr/libexec/swift/lib/swift/linux), in .build/shared-runtime, measured
# as run.py --debian-runtime (scripts/benchmark-debian13.sh). --build-dir: SwiftPM's
# build folder (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
login_only=false
shared_runtime=false
build_dir=.build
while [ $# -gt 0 ]; do
    case "$1" in
        --login-only) login_only=true; shift ;;
        --shared-swift-runtime) shared_runtime=true; shift ;;
        --build-dir) build_dir=${2:?--build-dir needs a folder}; shift 2 ;;
        *) break ;;
    esac
done
mkdir -p "$build_dir"
build_dir=$(cd "$build_dir" && pwd)
scripts/setup.sh --benchmark
scripts/build-translations.sh "$build_dir/locale" >/dev/null
unset FIRST_OPEN_LOGIN_LINKING
export FIRST_OPEN_PROGRAM_BUILD=1  # as Meson builds the programs (Package.swift)
# As scripts/meson-swift-build.sh builds: no RUNPATH. The packaged build also gets the
# linker flags debian/rules gives every package (hardening=+all: -z relro -z now).
debian_ldflags=(-Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now)
static=(swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path "$build_dir")
$login_only && static+=(--product first-open)
nice -n 10 "${static[@]}" >&2  # the builds yield to other work; the measured part does not
bin="$("${static[@]}" --show-bin-path)"
packaged=(swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path "$build_dir/dynamic"
          --product first-open "${debian_ldflags[@]}")
FIRST_OPEN_LOGIN_LINKING=dynamic nice -n 10 "${packaged[@]}" >&2
packaged_bin="$(FIRST_OPEN_LOGIN_LINKING=dynamic "${packaged[@]}" --show-bin-path)"
run_options=(--bin "$bin" --packaged "$packaged_bin/first-open")
if $shared_runtime; then
    # --disable-local-rpath drops SwiftPM's $ORIGIN; the toolchain's own RUNPATH stays.
    shared=(swift build -c release --disable-local-rpath --scratch-path "$build_dir/shared-runtime"
            --product first-open "${debian_ldflags[@]}")
    FIRST_OPEN_LOGIN_LINKING=dynamic nice -n 10 "${shared[@]}" >&2
    run_options+=(--debian-runtime "$(FIRST_OPEN_LOGIN_LINKING=dynamic "${shared[@]}" --show-bin-path)/first-open")
fi
export FIRST_OPEN_LOCALEDIR="$build_dir/locale"
# -noreset: the server stays up between the measured programs (each is its only client).
# --notes-only: just the What's New curve (benchmarks/notes-curve.py), with its options.
xvfb=(xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp -noreset")
if [ "${1:-}" = "--notes-only" ]; then
    shift
    exec "${xvfb[@]}" benchmarks/notes-curve.py --bin "$bin" "$@"
fi
if $login_only; then
    exec benchmarks/run.py "${run_options[@]}" --login-only "$@"
fi
"${xvfb[@]}" benchmarks/run.py "${run_options[@]}" "$@"
# Then the What's New window by content: N = 1 … 1000 crossed releases, the largest file
# under the caps and hostile files, each against N = 1 (docs/performance.md).
exec "${xvfb[@]}" benchmarks/notes-curve.py --bin "$bin"
