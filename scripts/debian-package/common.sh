# shellcheck shell=bash
# What every part of scripts/test-debian-package.sh uses: the package and app lists, the
# test users, step/fail, pressing Return as a user does, the cleanup trap and what dpkg
# knows of our packages. Sourced by the entry script, which sets `here` and `mode` first.

# The packages this source builds (debian/control; not the -dbgsym ones), and the
# system-wide autostart entry.
packages=(first-open first-open-common first-open-os-release first-open-gtk-module libfirst-open0 libfirst-open-dev gir1.2-firstopen-1.0
          libfirst-open-client0 libfirst-open-client-gtk4-0 libfirst-open-client-dev gir1.2-firstopenclient-1.0
          gir1.2-firstopenclientgtk4-1.0)
# Real Debian apps the GTK module is tested with (C, and Python with a GResource), and the
# campaign's GTK 3 apps (as_user_gtk_campaign); this run installs those that are missing
# and purges them again.
campaign_apps=(eog simple-scan yelp parole catfish gthumb seahorse meld mousepad gedit)
test_apps=(mousepad meld eog simple-scan yelp parole catfish gthumb seahorse gedit)
# Debian 13's simple-scan (46) is a GTK 4 app: the GTK 3 module is not loaded there, so it
# is no GTK 3 app to try; the other nine are GTK 3 apps on both releases.
# debian_release: this system's (VERSION_ID), unless the caller set it (test-debian13-package.sh
# lists the apps to put in the chroot from a Debian 12 host).
debian_release=${debian_release:-$(. /etc/os-release && echo "${VERSION_ID:-}")}
if [ "$debian_release" != 12 ]; then
    campaign_apps=("${campaign_apps[@]/simple-scan}") test_apps=("${test_apps[@]/simple-scan}")
    # shellcheck disable=SC2206  # the emptied name dropped
    campaign_apps=(${campaign_apps[*]}) test_apps=(${test_apps[*]})
fi
# shellcheck disable=SC2206  # a list of names, split on purpose
[ -z "${FIRST_OPEN_CAMPAIGN_APPS:-}" ] || campaign_apps=($FIRST_OPEN_CAMPAIGN_APPS)   # a local run's choice
apps_installed_here=()
autostart=/etc/xdg/autostart/first-open-os-release.desktop
spec=/usr/share/first-open/os-release.spec
test_user=fo-pkgtest            # an ordinary user (uid >= 1000)
system_user=fo-pkgtest-sys      # a system account (uid < 1000): the login rules keep it quiet
apt=(apt-get -o DPkg::Lock::Timeout=600 -y -q)
export DEBIAN_FRONTEND=noninteractive

step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

# press_return WINDOW CONDITION: Return in WINDOW as a user presses it: focused, then
# 0.6 s later (keys count from 0.5 s after the window was shown or focused,
# docs/window.md). While CONDITION (a shell test, evaluated here) is not met 3 s later,
# Return is pressed again, as a person would, up to three times, and said so: a window
# busy as it gained the focus once counted the 0.5 s from when it handled the focus and
# ignored such a Return (1 of 2 package runs on a loaded machine: "no dismissal after
# Enter"). It now counts from the focus's own X time; that a single Return works is
# checked by RealDesktopTests (check-desktop.py's late-focus and typed-ahead checks).
press_return() {
    local window=$1 condition=$2 attempt
    for attempt in 1 2 3; do
        timeout 5 xdotool windowfocus --sync "$window" 2>/dev/null || return 0  # gone (dismissed), or refused
        sleep 0.6
        xdotool key --clearmodifiers Return
        timeout 3 sh -c 'until eval "$0"; do sleep 0.1; done' "$condition" && return 0
        echo "(Return pressed again in window $window: nothing after attempt $attempt)"
    done
}

# Set up in main below.
work="" installed_here=false failed=true

delete_user() {
    id "$1" >/dev/null 2>&1 || return 0
    # Only this run's test users' processes (a window left open by a failed step).
    local pids
    pids=$(pgrep -u "$1")
    # shellcheck disable=SC2086
    [ -z "$pids" ] || { kill $pids 2>/dev/null; sleep 0.5; }
    userdel --remove "$1" 2>/dev/null
}

cleanup() {
    set +e
    delete_user "$test_user"
    delete_user "$system_user"
    if [ ${#apps_installed_here[@]} -gt 0 ]; then
        "${apt[@]}" purge "${apps_installed_here[@]}" >/dev/null 2>&1 \
            || echo "cleanup: could not purge" "${apps_installed_here[@]}" >&2
        "${apt[@]}" autoremove --purge >/dev/null 2>&1 || true
    fi
    if $installed_here; then
        local known
        known=$(known_packages)
        # shellcheck disable=SC2086
        [ -z "$known" ] || "${apt[@]}" purge $known >/dev/null 2>&1 \
            || echo "cleanup: could not purge" $known >&2
    fi
    if $failed; then
        echo "Kept for inspection: $work" >&2
    else
        rm -rf "$work"
    fi
}

# Every path on the system whose name says it is ours (packaged or left behind).
our_paths() {
    find /etc /usr /var/lib/dpkg/info -xdev \
        \( -iname '*first-open*' -o -iname '*firstopen*' \) 2>/dev/null | LC_ALL=C sort
}

is_installed() {
    dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null | grep -qx installed
}

# Those of our packages dpkg still knows (installed, or removed with conffiles left).
known_packages() {
    local p status
    for p in "${packages[@]}"; do
        status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
        [ -z "$status" ] || [ "$status" = not-installed ] || echo "$p"
    done
}
