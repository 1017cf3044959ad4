#!/usr/bin/env bash
# The login benchmark on Debian 13 (trixie): scripts/benchmark.sh --login-only
# --shared-swift-runtime in scripts/debian13-chroot.sh's chroot, with Debian's own Swift
# (`swiftlang`, Swift 6.0.3). Three builds of `first-open` against the same C + GLib
# references as on Debian 12 (benchmarks/run.py, sections 1 and 1b): fully static, as
# packaged (-Dlogin_linking=dynamic, the Swift runtime static), and as packaged with
# Debian's shared Swift runtime (libswiftlang, through a RUNPATH into
# /usr/libexec/swift/lib/swift/linux). Figures: docs/performance.md, "Debian 13".
#
#   sudo scripts/benchmark-debian13.sh [--fresh] [--cache DIR] [RUN.PY OPTION...]
#
# - The chroot is scripts/debian13-chroot.sh's (--cache, --fresh as there); the packages
#   setup.sh --benchmark adds are installed into it first (the benchmark itself runs
#   offline). SwiftPM's build folder stays in the chroot (/var/tmp/first-open/benchmark),
#   so a second run rebuilds only what changed.
# - The measured part runs as it is: start it with no `nice` (run.py prints the load).
set -euo pipefail
cd "$(dirname "$0")/.."

chroot_options=()
while [ $# -gt 0 ]; do
    case "$1" in
        --fresh) chroot_options+=(--fresh); shift ;;
        --cache) chroot_options+=(--cache "${2:?--cache needs a folder}"); shift 2 ;;
        *) break ;;
    esac
done
# What setup.sh --benchmark installs beyond setup.sh's own list (python3, yad…).
while IFS= read -r package; do
    chroot_options+=(--with "$package")
done < <(comm -13 <(scripts/setup.sh --list | sort -u) <(scripts/setup.sh --benchmark --list | sort -u))

scripts/debian13-chroot.sh "${chroot_options[@]}" -- \
    scripts/benchmark.sh --login-only --shared-swift-runtime --build-dir /var/tmp/first-open/benchmark "$@"
