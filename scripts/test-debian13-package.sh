#!/usr/bin/env bash
# The Debian 13 packages, built and tested on Debian 13: scripts/test-debian-package.sh
# (dpkg-buildpackage with dh_auto_test, lintian, the binaries' checks, apt-get install, the
# login test, the GTK module with Debian 13's GTK 3 apps, the library, remove and purge)
# run as root in the trixie chroot of scripts/debian13-chroot.sh, with Debian's own Swift
# (Build-Depends: swiftlang) and nothing from outside Debian.
#
#   sudo scripts/test-debian13-package.sh [--cache DIR]
#
# The apps the package test starts are installed in the chroot first (--with: the test
# itself runs there without a network). --cache DIR: debian13-chroot.sh's chroot folder
# (default: its own default). CI runs this after the Debian 12 package test.
set -euo pipefail
cd "$(dirname "$0")/.."
chroot_options=()
case "${1:-}" in
    "") ;;
    --cache) chroot_options=(--cache "${2:?--cache needs a folder}") ;;
    *) echo "usage: $0 [--cache DIR]" >&2; exit 64 ;;
esac
# The package test's lists of apps, as they are on Debian 13.
# shellcheck disable=SC2034  # read by common.sh
debian_release=13 here=$PWD mode=build
# shellcheck source=debian-package/common.sh
. scripts/debian-package/common.sh
for app in "${test_apps[@]}"; do chroot_options+=(--with "$app"); done
start=$SECONDS
scripts/debian13-chroot.sh "${chroot_options[@]}" -- scripts/test-debian-package.sh
echo "the Debian 13 packages passed in the trixie chroot ($((SECONDS - start)) s)"
