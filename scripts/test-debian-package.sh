#!/usr/bin/env bash
# The installed-system test of the Debian packages (README: "Install on Debian and Ubuntu").
#
#   scripts/test-debian-package.sh              build the .debs from a copy of this tree
#                                               (the tree stays clean), lintian, install them
#                                               with apt-get, test as an ordinary user, remove,
#                                               purge
#   scripts/test-debian-package.sh --debs DIR   the same with .debs built already (DIR holds
#                                               the .changes and the .debs)
#   scripts/test-debian-package.sh --installed  the packages are installed already (the
#                                               autopkgtest in debian/tests/): the login test
#                                               only; installing and removing is autopkgtest's
#
# The login test: an ordinary user (uid >= 1000) logs in twice under a private Xvfb and
# D-Bus session; each login runs the Exec line of /etc/xdg/autostart/first-open-os-release.desktop.
# The first shows "Welcome to <Name>", Enter dismisses it and records the version in
# ~/.local/state/first-open; the second shows nothing and `first-open explain` says why.
# Then `apt-get remove` must leave nothing but conffiles, `apt-get purge` nothing at all,
# and the user's record must be untouched by the package scripts.
#
# The jobs are in scripts/debian-package/ (common.sh: lists and helpers; build, lintian,
# binaries (ELF), install, login, gtk-module, campaign, library, remove), this script only
# reads the options and runs them in order.
#
# Needs root (apt-get, useradd) and the Swift toolchain on PATH (or SWIFT=/path/to/swift)
# to build. Whatever happens, the trap purges what this run installed and deletes the test
# user, so the machine is left as it was.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
mode=build debs_dir=""
case "${1:-}" in
    "") ;;
    --debs) mode=debs debs_dir=$(cd "${2:?--debs needs a directory}" && pwd) ;;
    --installed) mode=installed ;;
    --as-user-session) mode=as-user-session ;;   # internal: the test user's half of login_test
    # internal: only the campaign over real GTK 3 apps, in the current X session, with
    # first-open and the module as they are on PATH and in GTK_MODULES (for a build tree:
    # PATH=.build/debug:$PATH GTK_MODULES=/path/to/libfirst-open-gtk-module.so xvfb-run …)
    --as-user-campaign) mode=as-user-campaign ;;
    *) echo "usage: $0 [--debs DIR | --installed]" >&2; exit 64 ;;
esac

# The test's parts, by job (scripts/debian-package/; the test user's half runs a copy of
# this script and of that folder, installed in the run's own work folder).
parts=$(cd "$(dirname "$0")" && pwd)/debian-package
for part in common build lintian binaries install login gtk-module campaign library remove; do
    # shellcheck source=/dev/null
    . "$parts/$part.sh"
done
# --- main --------------------------------------------------------------------------------
if [ "$mode" = as-user-session ]; then
    shift
    as_user_login "$@"
    as_user_library
    as_user_gtk_module
    as_user_gtk_campaign
    exit 0
fi
if [ "$mode" = as-user-campaign ]; then
    as_user_gtk_campaign
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    # It installs packages and creates a user.
    command -v sudo >/dev/null || { echo "$0: run as root (it installs packages and creates a user)" >&2; exit 77; }
    exec sudo --preserve-env=PATH,SWIFT "$0" "$@"
fi
work=$(mktemp -d /tmp/first-open-deb.XXXXXX)
chmod 0755 "$work"      # apt's _apt user reads the .debs; the test user runs a copy of this script here
trap cleanup EXIT

start=$SECONDS
case $mode in
    build)
        build_packages
        run_lintian
        check_binaries
        install_packages
        ;;
    debs)
        run_lintian
        check_binaries
        install_packages
        ;;
    installed)
        for p in "${packages[@]}"; do is_installed "$p" || fail "$p is not installed"; done
        ;;
esac
[ "$mode" = installed ] || install_test_apps
login_test
[ "$mode" = installed ] || remove_test
failed=false
step "the Debian packages passed ($((SECONDS - start)) s)"
