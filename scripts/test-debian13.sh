#!/usr/bin/env bash
# The suite on Debian 13 (trixie): the README's two commands, scripts/demo.sh (no display
# there: it renders the Welcome window to out/demo-welcome.png) and scripts/test.sh, in a
# trixie chroot with Debian's own Swift (`swiftlang`, installed by scripts/setup.sh) and
# the real desktops of trixie (GNOME Shell and mutter 48, KWin 6.3, xfwm4 4.20: the same
# setup.sh lists as on Debian 12). .ci/run runs it after the Debian 12 steps.
#
#   sudo scripts/test-debian13.sh [--fresh] [--cache DIR]
#
# - The chroot is scripts/debian13-chroot.sh's (made with debootstrap, cached; --fresh
#   makes it anew, as CI does on its fresh machine anyway). Every step runs in a fresh copy
#   of the working tree there; a step that cannot run fails the whole script.
# - Each step prints how long it took (debootstrap, apt, the command), and the script its
#   total at the end: CI's time budget.
# - Further Debian 13 steps go below the suite, one debian13-chroot.sh call each.
set -euo pipefail
cd "$(dirname "$0")/.."

chroot_options=()
while [ $# -gt 0 ]; do
    case "$1" in
        --fresh) chroot_options+=(--fresh); shift ;;
        --cache) chroot_options+=(--cache "${2:?--cache needs a folder}"); shift 2 ;;
        *) echo "test-debian13.sh: unknown option '$1' (--fresh, --cache DIR)" >&2; exit 64 ;;
    esac
done

start=$SECONDS
# The README's two commands, as a user runs them in a clone. The PNG is checked too: the
# demo is the product's first impression, and a render that wrote nothing must fail.
scripts/debian13-chroot.sh "${chroot_options[@]}" -- sh -c \
    'scripts/demo.sh && test -s out/demo-welcome.png && scripts/test.sh'
echo "test-debian13.sh: the suite on Debian 13 passed in $((SECONDS - start)) s" >&2
