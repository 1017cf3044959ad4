#!/usr/bin/env bash
# Builds release binaries and runs benchmarks/run.py under a private Xvfb. Prints
# each measurement next to a reference measured in the same run (ratios), never a
# pass/fail against fixed numbers. The login binary is built twice: the default
# (fully static) and as the Debian package builds it (-Dlogin_linking=dynamic and
# Debian's linker flags, in .build/dynamic); both are measured. Then the What's New
# window by content (benchmarks/notes-curve.py).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --benchmark
scripts/build-translations.sh .build/locale >/dev/null
unset FIRST_OPEN_LOGIN_LINKING
export FIRST_OPEN_PROGRAM_BUILD=1  # as Meson builds the programs (Package.swift)
# As scripts/meson-swift-build.sh builds: no RUNPATH. The packaged build also gets the
# linker flags debian/rules gives every package (hardening=+all: -z relro -z now).
swift build -c release --static-swift-stdlib --disable-local-rpath >&2
bin="$(swift build -c release --static-swift-stdlib --disable-local-rpath --show-bin-path)"
packaged=(swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build/dynamic
          --product first-open -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now)
FIRST_OPEN_LOGIN_LINKING=dynamic "${packaged[@]}" >&2
packaged_bin="$(FIRST_OPEN_LOGIN_LINKING=dynamic "${packaged[@]}" --show-bin-path)"
export FIRST_OPEN_LOCALEDIR="$PWD/.build/locale"
# -noreset: the server stays up between the measured programs (each is its only client).
# --notes-only: just the What's New curve (benchmarks/notes-curve.py), with its options.
xvfb=(xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp -noreset")
if [ "${1:-}" = "--notes-only" ]; then
    shift
    exec "${xvfb[@]}" benchmarks/notes-curve.py --bin "$bin" "$@"
fi
"${xvfb[@]}" benchmarks/run.py --bin "$bin" --packaged "$packaged_bin/first-open" "$@"
# Then the What's New window by content: N = 1 … 1000 crossed releases, the largest file
# under the caps and hostile files, each against N = 1 (docs/performance.md).
exec "${xvfb[@]}" benchmarks/notes-curve.py --bin "$bin"
