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

# The packages this source builds (debian/control; not the -dbgsym ones), and the
# system-wide autostart entry.
packages=(first-open first-open-common first-open-os-release first-open-gtk-module libfirst-open0 libfirst-open-dev gir1.2-firstopen-1.0
          libfirst-open-client0 libfirst-open-client-gtk4-0 libfirst-open-client-dev gir1.2-firstopenclient-1.0
          gir1.2-firstopenclientgtk4-1.0)
# Real Debian apps the GTK module is tested with (C, and Python with a GResource), and the
# campaign's GTK 3 apps (as_user_gtk_campaign); this run installs those that are missing
# and purges them again.
campaign_apps=(eog simple-scan yelp parole catfish gthumb seahorse meld mousepad gedit)
# shellcheck disable=SC2206  # a list of names, split on purpose
[ -z "${FIRST_OPEN_CAMPAIGN_APPS:-}" ] || campaign_apps=($FIRST_OPEN_CAMPAIGN_APPS)   # a local run's choice
test_apps=(mousepad meld eog simple-scan yelp parole catfish gthumb seahorse gedit)
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

# --- build -------------------------------------------------------------------------------
build_packages() {
    step "dpkg-buildpackage -us -uc -b (in a copy of the tree: $work/src)"
    mkdir "$work/src"
    if git -C "$here" rev-parse --git-dir >/dev/null 2>&1; then
        # Tracked and new files, not what .gitignore names (.build/, build/, obj-*/ …).
        git -C "$here" ls-files -z --cached --others --exclude-standard \
            | (cd "$here" && tar -c --null -T - 2>/dev/null) | tar -x -C "$work/src"
    else
        tar -C "$here" -c --exclude=./.build --exclude=./build . | tar -x -C "$work/src"
    fi
    # Built where packagers with GNOME build (issue 30, item 9): with the desktop portals
    # installed, which GTK 4 tests activate on a session bus; none may be left running,
    # and no xdg-document-portal mount (dh_auto_test could not remove its runtime folder).
    dpkg-query -W -f='${Status}' xdg-desktop-portal 2>/dev/null | grep -q "install ok installed" \
        || fail "xdg-desktop-portal is not installed (scripts/setup.sh installs it, as a GNOME machine has it)"
    local portals_before mounts_before
    portals_before=$(pgrep -c -x 'xdg-document-po|xdg-desktop-por' || true)
    mounts_before=$(grep -c ' fuse\.portal ' /proc/mounts || true)
    local start=$SECONDS
    if ! (cd "$work/src" && dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
        tail -n 60 "$work/build.log" >&2
        fail "dpkg-buildpackage (whole log: $work/build.log)"
    fi
    [ "$(grep -c ' fuse\.portal ' /proc/mounts || true)" -le "${mounts_before:-0}" ] \
        || fail "the build left an xdg-document-portal mount: $(grep ' fuse\.portal ' /proc/mounts)"
    [ "$(pgrep -c -x 'xdg-document-po|xdg-desktop-por' || true)" -le "${portals_before:-0}" ] \
        || fail "the build left desktop portals running: $(pgrep -a -x 'xdg-document-po|xdg-desktop-por')"
    echo "built in $((SECONDS - start)) s; dh_auto_test (meson test under xvfb-run):"
    grep -E '^ *[0-9]+/[0-9]+ |^(Ok|Expected Fail|Fail|Unexpected Pass|Skipped|Timeout): ' "$work/build.log" \
        | sed 's/^/    /' || echo "    (not run: DEB_BUILD_OPTIONS=${DEB_BUILD_OPTIONS:-})"
    debs_dir=$work
    (cd "$debs_dir" && ls -1 ./*.deb)
}

run_lintian() {
    step "lintian (errors and warnings fail; overrides in debian/*.lintian-overrides)"
    local changes
    changes=$(ls "$debs_dir"/*.changes)
    # --fail-on: tags at these levels make lintian exit non-zero; informational tags show only.
    lintian --fail-on error,warning --display-info "$changes" 2>&1 \
        | grep -v 'running with root privileges is not recommended' || true
    lintian --fail-on error,warning "$changes" >/dev/null 2>&1 || fail "lintian reported errors or warnings"
    echo "lintian: no errors, no warnings"
}

# The binaries need nothing outside Debian: no library from the Swift toolchain, no RPATH,
# and every Depends names a Debian package (or one of ours).
check_binaries() {
    step "binaries and dependencies"
    local deb pkg x elf deps dep
    # apt-cache answers from the package lists (a fresh container may have none yet).
    apt-cache show --no-all-versions libc6 >/dev/null 2>&1 || apt-get -o DPkg::Lock::Timeout=600 update -qq
    for deb in "$debs_dir"/*.deb; do
        pkg=$(dpkg-deb -f "$deb" Package)
        case "$pkg" in *-dbgsym) continue ;; esac
        x="$work/contents/$pkg"
        mkdir -p "$x"
        dpkg-deb -x "$deb" "$x"
        while IFS= read -r -d '' elf; do
            if [ "$(head -c 4 "$elf" | tail -c 3)" = ELF ]; then
                ldd "$elf" | grep -E 'not found|/opt/' && fail "$pkg: ${elf#"$x"} needs a library outside Debian"
                # No search path of its own (scripts/meson-swift-build.sh links without
                # SwiftPM's RUNPATH $ORIGIN): libraries come from the system's only.
                readelf -dW "$elf" | grep -E 'RPATH|RUNPATH' \
                    && fail "$pkg: ${elf#"$x"} has a library search path"
                echo "$pkg: ${elf#"$x"}: $(ldd "$elf" | wc -l) libraries, all from Debian"
            fi
        done < <(find "$x" -type f -perm -u+x -print0)
        deps=$({ dpkg-deb -f "$deb" Depends; dpkg-deb -f "$deb" Pre-Depends; } | tr ',|' '\n\n' | sed -E 's/\(.*\)//; s/:any//; s/[[:space:]]//g' | sed '/^$/d' | sort -u)
        for dep in $deps; do
            [[ " ${packages[*]} " == *" $dep "* ]] && continue
            apt-cache show --no-all-versions "$dep" >/dev/null 2>&1 \
                || fail "$pkg depends on $dep, which no configured Debian repository provides"
        done
        echo "$pkg depends on: $(echo $deps)"
    done
    # /usr/bin/first-open as debian/rules links it (-Dlogin_linking=dynamic): glibc and GLib
    # from Debian, a PIE, and what keeps the login path fast (docs/performance.md): no
    # libstdc++ or libgcc_s to load, packed relative relocations.
    local login="$work/contents/first-open/usr/bin/first-open" dynamic
    dynamic=$(readelf -dW "$login")
    readelf -hW "$login" | grep -q 'DYN (Position-Independent Executable' || fail "first-open is not a PIE"
    grep -q 'NEEDED.*\[libglib-2.0.so.0\]' <<<"$dynamic" || fail "first-open does not link Debian's GLib"
    grep -E 'NEEDED.*\[lib(stdc\+\+|gcc_s)' <<<"$dynamic" && fail "first-open loads libstdc++ or libgcc_s at login"
    grep -q '(RELR)' <<<"$dynamic" || fail "first-open has no packed relative relocations (DT_RELR)"
    echo "first-open: PIE, DT_RELR, DT_NEEDED: $(grep -o "NEEDED.*" <<<"$dynamic" | grep -o "\[.*\]" | tr -d "[]" | tr "\n" " ")"
}

install_packages() {
    step "apt-get install ./*.deb"
    for p in "${packages[@]}"; do
        is_installed "$p" && fail "$p is installed already; this test installs and purges it itself"
    done
    our_paths >"$work/paths-before"
    local debs=()
    for deb in "$debs_dir"/*.deb; do
        case "$deb" in *-dbgsym_*) ;; *) debs+=("$deb") ;; esac
    done
    installed_here=true
    "${apt[@]}" install "${debs[@]}" >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; fail "apt-get install"; }
    for p in "${packages[@]}"; do
        is_installed "$p" || fail "$p is not installed"
        dpkg -L "$p" >"$work/files-$p"
        dpkg-query -W -f='${Conffiles}\n' "$p" | awk 'NF {print $1}' >>"$work/conffiles"
    done
    sort -o "$work/conffiles" "$work/conffiles"
    grep -qx "$autostart" "$work/conffiles" || fail "$autostart is not a conffile"
    echo "installed: ${packages[*]}; conffiles: $(echo $(cat "$work/conffiles"))"
}

install_test_apps() {
    step "apt-get install ${test_apps[*]} (the GTK module's real apps)"
    local app
    for app in "${test_apps[@]}"; do
        is_installed "$app" || apps_installed_here+=("$app")
    done
    [ ${#apps_installed_here[@]} -eq 0 ] && { echo "installed already"; return; }
    "${apt[@]}" install --no-install-recommends "${apps_installed_here[@]}" >"$work/apps.log" 2>&1 \
        || { cat "$work/apps.log" >&2; fail "apt-get install ${apps_installed_here[*]}"; }
    echo "installed: ${apps_installed_here[*]}"
}

# --- the login test, run as the test user ------------------------------------------------
# Called as `test-debian-package.sh --as-user-session EXEC_LINE TITLE APP_ID VERSION` inside
# the user's private X and D-Bus session (see login_test), before as_user_library.
as_user_login() {
    local exec_line=$1 title=$2 app_id=$3 version=$4
    local argv pid window state="$HOME/.local/state/first-open/$app_id.state"
    read -r -a argv <<<"$exec_line"

    echo "first login: ${argv[*]}"
    "${argv[@]}" >"$HOME/login1.out" 2>"$HOME/login1.err" &
    pid=$!
    window=$(timeout 30 xdotool search --sync --onlyvisible --name "^$title\$" | head -n 1) \
        || { cat "$HOME/login1.err" >&2; fail "no window titled '$title' within 30 s"; }
    echo "window $window: '$(xdotool getwindowname "$window")'"
    [ -e "$state" ] && fail "the record was written before the window was dismissed"
    press_return "$window" "! xdotool getwindowname $window >/dev/null 2>&1"
    local status=0
    timeout 20 tail --pid="$pid" -f /dev/null || fail "first-open still running 20 s after Enter"
    wait "$pid" || status=$?
    [ "$status" -eq 0 ] || { cat "$HOME/login1.err" >&2; fail "first login: exit status $status"; }
    grep -qx "Version=$version" "$state" || { cat "$state" >&2; fail "no Version=$version in $state"; }
    echo "recorded: $state: $(grep '^Version=' "$state")"

    echo "second login: ${argv[*]}"
    status=0
    timeout 20 "${argv[@]}" >"$HOME/login2.out" 2>"$HOME/login2.err" || status=$?
    [ "$status" -eq 0 ] || { cat "$HOME/login2.err" >&2; fail "second login: exit status $status"; }
    if xdotool search --onlyvisible --name "^$title\$" >/dev/null 2>&1; then
        fail "the second login showed '$title' again"
    fi
    echo "second login: nothing shown (exit 0)"

    local explanation
    explanation=$(first-open explain "$spec")
    echo "first-open explain: $explanation"
    [ "${explanation%%:*}" = nothing ] || fail "explain should start with 'nothing'"
}

# The GTK module in real Debian apps, in the session the packages set up: Mousepad (C)
# and Meld (Python, its icons in a GResource) show What's New over their window after an
# update, Enter dismisses it, the app keeps working, a second start shows nothing; an app
# that embeds libfirst-open gets its own window and no second one. first-open is started
# through a wrapper that runs /usr/bin/first-open and logs its arguments and exit status.
as_user_gtk_module() {
    cd "$HOME"
    local modules
    modules=$(env -u GTK_MODULES sh -c '. /etc/X11/Xsession.d/90first-open-gtk-module; echo "$GTK_MODULES"')
    [ "$modules" = first-open-gtk-module ] || fail "Xsession.d sets GTK_MODULES='$modules'"
    # Other packages add their modules too (libatk-adaptor: gail, atk-bridge).
    /usr/lib/systemd/user-environment-generators/30-systemd-environment-d-generator \
        | grep -Eq '^GTK_MODULES=(.*:)?first-open-gtk-module(:.*)?$' || fail "environment.d does not add the module"
    echo "session: GTK_MODULES=$modules (Xsession.d and environment.d)"
    export GTK_MODULES=$modules G_MESSAGES_DEBUG=first-open-gtk-module
    # `first-open index` (the module rebuilding its metainfo index) is not logged.
    printf '#!/bin/sh\n[ "$1" = index ] && exec /usr/bin/first-open "$@"\n/usr/bin/first-open "$@"\nstatus=$?\necho "$* -> $status" >>"$HOME/module.log"\nexit $status\n' \
        >first-open-logged
    chmod +x first-open-logged
    export FIRST_OPEN_GTK_MODULE_COMMAND=$HOME/first-open-logged
    : >module.log

    # Mousepad's metainfo in Debian 12 has releases without notes (What's New would record
    # silently): a metainfo shaped like it, with notes, in front of the system's.
    mkdir -p fixture/metainfo
    cat >fixture/metainfo/org.xfce.mousepad.appdata.xml <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>org.xfce.mousepad</id>
  <metadata_license>CC0-1.0</metadata_license>
  <name>Mousepad</name>
  <summary>Simple text editor (test fixture)</summary>
  <launchable type="desktop-id">org.xfce.mousepad.desktop</launchable>
  <releases>
    <release version="0.5.10" date="2022-07-09">
      <description><p>Test notes of 0.5.10: searching is faster.</p></description>
    </release>
    <release version="0.5.9" date="2022-04-01">
      <description><p>Test notes of 0.5.9: a new plugin.</p></description>
    </release>
  </releases>
</component>
XML
    # From 0.4 (a minor update under the default policy; 0.5.8 -> 0.5.10 is a bugfix one,
    # which records silently).
    module_app_test Mousepad org.xfce.mousepad 0.4.0 0.5.10 "Untitled 1 - Mousepad" \
        env XDG_DATA_DIRS="$HOME/fixture:/usr/local/share:/usr/share" mousepad
    module_app_test Meld org.gnome.Meld 3.20.0 3.22.0 "Meld" meld

    # An app that embeds libfirst-open: its own Welcome, and the module stays out.
    local car_spec=/usr/share/first-open/org.example.Car.spec pid window
    first-open reset "$car_spec" >/dev/null
    ./car-app "$car_spec" >car.out 2>&1 &
    pid=$!
    window=$(timeout 30 xdotool search --sync --onlyvisible --name '^Welcome to Car$' | head -n 1) \
        || { cat car.out >&2; fail "the embedding app shows no Welcome"; }
    timeout 20 sh -c 'until grep -q "the app uses libfirst-open itself" "$0"; do sleep 0.1; done' car.out \
        || { cat car.out >&2; fail "the module did not stay out of the embedding app"; }
    [ "$(xdotool search --onlyvisible --name '^(Welcome to|What.s New in) ' | wc -l)" -eq 1 ] \
        || fail "the embedding app shows more than one window"
    press_return "$window" "! xdotool getwindowname $window >/dev/null 2>&1"
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
    echo "libfirst-open app with the module: one window, its own"
    [ "$(wc -l <module.log)" -eq 4 ] || { cat module.log >&2; fail "first-open ran for an excluded app"; }
}

# The campaign: every GTK 3 app of campaign_apps, as Debian installs it, with a record one
# release back — the nearest older release of its metainfo after which `first-open
# explain` says What's New is due under the default policy (a bugfix step is not due; a
# metainfo without any release notes never is). For each app with notes due: start it
# with the module on, What's New must appear over its window (WM_TRANSIENT_FOR is a window
# of the app's process), Enter dismisses it and records the current version, and the app
# keeps running with its window. Prints "found N of M apps with notes due" and fails
# unless N = M. Nothing of the apps' text is kept: versions and verdicts only.
as_user_gtk_campaign() {
    local app metainfo index versions current seen verdict pid dialog parent_pid found=0 due=0 missed=()
    local log="$HOME/campaign.log" state_dir="${XDG_STATE_HOME:-$HOME/.local/state}/first-open"
    : >"$log"
    printf '#!/bin/sh\n[ "$1" = index ] && exec first-open "$@"\nfirst-open "$@"\nstatus=$?\necho "$* -> $status" >>"%s"\nexit $status\n' \
        "$log" >"$HOME/first-open-campaign"
    chmod +x "$HOME/first-open-campaign"
    # "indexed N names of M metainfo files in PATH": one index per list of data folders.
    index=$(first-open index) || fail "first-open index"
    index=${index##* in }
    for app in "${campaign_apps[@]}"; do
        command -v "$app" >/dev/null || fail "campaign: $app is not installed"
        # The app's metainfo through the index, by its program name or the id of the
        # desktop file that runs it (gThumb's is org.gnome.gThumb.desktop).
        local key desktop
        metainfo=""
        for key in "$app" $(grep -lE "^Exec=(/usr/bin/)?$app( |\$)" /usr/share/applications/*.desktop 2>/dev/null || true); do
            desktop=$(basename "$key" .desktop | tr '[:upper:]' '[:lower:]')
            metainfo=$(awk -F '\t' -v key="$desktop" '$1 == key {print $2; exit}' "$index")
            [ -z "$metainfo" ] || break
        done
        if [ -z "$metainfo" ]; then
            # Dropped from M only when the package really ships none: otherwise the index
            # (what the module finds apps by) missed it, which is what the campaign is for.
            local shipped
            shipped=$(dpkg -L "$(dpkg -S "$(readlink -f "$(command -v "$app")")" 2>/dev/null | cut -d: -f1 | head -n 1)" 2>/dev/null \
                | grep -E '/(metainfo|appdata)/[^/]+\.(metainfo|appdata)\.xml$' | head -n 1 || true)
            [ -z "$shipped" ] || fail "campaign: $app ships $shipped, but the metainfo index knows it by neither its program name nor its desktop file"
            echo "$app: no metainfo installed"
            continue
        fi
        # Stable release versions, newest first.
        mapfile -t versions < <(/usr/bin/python3 - "$metainfo" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
releases = root.find("releases")
for release in (releases.findall("release") if releases is not None else []):
    if release.get("type", "stable") == "stable" and release.get("version"):
        print(release.get("version"))
PY
)
        [ ${#versions[@]} -ge 2 ] || { echo "$app: $(basename "$metainfo"): fewer than two releases, nothing can be due"; continue; }
        current=${versions[0]} seen="" verdict=""
        for older in "${versions[@]:1}"; do
            first-open reset "$metainfo" >/dev/null
            first-open mark-seen --version "$older" "$metainfo" >/dev/null || fail "$app: mark-seen $older"
            verdict=$(first-open explain "$metainfo")
            case $verdict in whats-new*) seen=$older; break ;; esac
        done
        if [ -z "$seen" ]; then
            echo "$app: $(basename "$metainfo") $current: no notes due from any older release (${verdict%%;*})"
            first-open reset "$metainfo" >/dev/null
            continue
        fi
        due=$((due + 1))
        local runs
        runs=$(wc -l <"$log")
        FIRST_OPEN_GTK_MODULE_COMMAND="$HOME/first-open-campaign" "$app" >"$HOME/campaign-$app.out" 2>&1 &
        pid=$!
        dialog=$(timeout 90 xdotool search --sync --onlyvisible --name '^What.s New in ' 2>/dev/null | head -n 1) || dialog=""
        if [ -z "$dialog" ]; then
            echo "$app: $(basename "$metainfo") $seen -> $current: MISSED, no What's New within 90 s"
            missed+=("$app")
        else
            parent_pid=$(xdotool getwindowpid "$(xprop -id "$dialog" WM_TRANSIENT_FOR | grep -o '0x[0-9a-f]*$')" 2>/dev/null || true)
            [ "$parent_pid" = "$pid" ] || fail "$app: What's New is transient for a window of pid '$parent_pid', not the app's ($pid)"
            press_return "$dialog" "[ \$(wc -l <'$log') -gt $runs ]"
            timeout 20 sh -c 'until [ "$(wc -l <"$0")" -gt "$1" ]; do sleep 0.1; done' "$log" "$runs" \
                || fail "$app: first-open did not end after Enter"
            tail -n 1 "$log" | grep -q -- "--parent x11:.* -> 0\$" || fail "$app: $(tail -n 1 "$log")"
            first-open explain "$metainfo" | grep -q '^nothing' || fail "$app: $current not recorded"
            sleep 2
            kill -0 "$pid" 2>/dev/null || fail "$app: ended after What's New"
            xdotool search --onlyvisible --pid "$pid" >/dev/null || fail "$app: has no window after What's New"
            echo "$app: $(basename "$metainfo") $seen -> $current: What's New over its window, Enter recorded $current, the app runs on"
            found=$((found + 1))
        fi
        kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
        # Apps that stay in the background (D-Bus activated services) go with their session.
        first-open reset "$metainfo" >/dev/null
    done
    echo "campaign: found $found of $due apps with notes due (${#campaign_apps[@]} apps tried)"
    [ "$found" -eq "$due" ] || fail "campaign: the module missed ${missed[*]}"
}

# module_app_test NAME APP_ID SEEN CURRENT APP_TITLE COMMAND...: one update of a real app.
module_app_test() {
    local name=$1 app_id=$2 seen=$3 current=$4 app_title=$5 pid app dialog
    shift 5
    local state="$HOME/.local/state/first-open/$app_id.state" runs
    runs=$(wc -l <module.log)
    XDG_DATA_DIRS="$HOME/fixture:/usr/local/share:/usr/share" \
        first-open mark-seen --version "$seen" "appstream:$app_id" >/dev/null || fail "$name: mark-seen"
    "$@" >"$name.out" 2>&1 &
    pid=$!
    app=$(timeout 60 xdotool search --sync --onlyvisible --name "^$app_title\$" | head -n 1) \
        || { cat "$name.out" >&2; fail "$name: no window '$app_title'"; }
    dialog=$(timeout 60 xdotool search --sync --onlyvisible --name "^What.s New in $name\$" | head -n 1) \
        || { cat "$name.out" module.log >&2; fail "$name: no What's New after the update"; }
    xprop -id "$dialog" WM_TRANSIENT_FOR | grep -qi "$(printf '0x%x' "$app")\$" \
        || fail "$name: What's New is not transient for the app's window ($(xprop -id "$dialog" WM_TRANSIENT_FOR))"
    press_return "$dialog" "[ \$(wc -l <module.log) -gt $runs ]"
    timeout 20 sh -c 'until [ "$(wc -l <"$0")" -gt "$1" ]; do sleep 0.1; done' module.log "$runs" \
        || fail "$name: first-open did not end after Enter"
    tail -n 1 module.log | grep -q -- "--parent x11:.* -> 0\$" || fail "$name: $(tail -n 1 module.log)"
    grep -qx "Version=$current" "$state" || fail "$name: $current not recorded"
    echo "$name: What's New over its window ($(tail -n 1 module.log)); recorded $current"
    # The app keeps working after the window: it takes keys.
    xdotool windowfocus --sync "$app"
    case $name in
        Mousepad)
            # A new document (Ctrl+N), then Quit (Ctrl+Q): a clean exit, so the next start
            # opens no session-restore dialog.
            xdotool key --clearmodifiers ctrl+n
            timeout 20 sh -c 'until xdotool search --onlyvisible --name "^Untitled 2 - Mousepad\$" >/dev/null; do sleep 0.1; done' \
                || fail "Mousepad did not open a new document on Ctrl+N"
            xdotool key --clearmodifiers ctrl+q
            timeout 20 tail --pid="$pid" -f /dev/null || fail "Mousepad did not quit on Ctrl+Q"
            wait "$pid" || fail "Mousepad ended with status $?" ;;
        Meld)
            xdotool key --clearmodifiers ctrl+q
            timeout 20 tail --pid="$pid" -f /dev/null || fail "Meld did not quit on Ctrl+Q"
            wait "$pid" || fail "Meld ended with status $?" ;;
    esac
    echo "$name: keeps working after What's New"
    # Second start: first-open says nothing was shown (2).
    "$@" >"$name-2.out" 2>&1 &
    pid=$!
    timeout 60 sh -c 'until [ "$(wc -l <"$0")" -gt "$1" ]; do sleep 0.1; done' module.log "$((runs + 1))" \
        || { cat "$name-2.out" >&2; fail "$name: the module did not run at the second start"; }
    tail -n 1 module.log | grep -q -- " -> 2\$" || fail "$name, second start: $(tail -n 1 module.log)"
    xdotool search --onlyvisible --name "^What.s New in $name\$" >/dev/null && fail "$name: What's New again"
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
    echo "$name: second start shows nothing ($(tail -n 1 module.log))"
}

# The library as an app developer uses it: a C program built with pkg-config against
# libfirst-open-dev, and Python through the typelib; then the packaged examples (C and
# Python, from libfirst-open-dev's examples) as a user runs them. Called from the user's
# session after as_user_login, so the desktop's own record exists already.
as_user_library() {
    local car_spec=/usr/share/first-open/org.example.Car.spec
    local car_state="$HOME/.local/state/first-open/org.example.Car.state"
    cd "$HOME"

    cat >app-id.c <<'C'
#include <first-open.h>
int main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FirstOpenPresenter) presenter = first_open_presenter_new (argv[1], &error);
  if (presenter == NULL)
    { g_printerr ("%s\n", error->message); return 1; }
  g_print ("%s\n", first_open_presenter_get_app_id (presenter));
  return 0;
}
C
    # shellcheck disable=SC2046  # pkg-config's output is meant to be split
    cc -Wall -Werror -o app-id app-id.c $(pkg-config --cflags --libs first-open) \
        || fail "a C program does not build with pkg-config first-open"
    [ "$(./app-id "$car_spec")" = org.example.Car ] || fail "C: wrong app id from libfirst-open"
    echo "C (pkg-config first-open): $(ldd ./app-id | grep -o 'libfirst-open[^ ]* => [^ ]*')"
    local python_app_id
    python_app_id=$(/usr/bin/python3 -c '
import sys, gi
gi.require_version("FirstOpen", "1.0")
from gi.repository import FirstOpen
print(FirstOpen.Presenter.new(sys.argv[1]).get_app_id())' "$car_spec") \
        || fail "Python cannot use the FirstOpen-1.0 typelib"
    [ "$python_app_id" = org.example.Car ] || fail "Python: wrong app id from the typelib"
    echo "Python (gi FirstOpen-1.0): $python_app_id"

    local examples=/usr/share/doc/libfirst-open-dev/examples
    [ -f "$examples/c/car-app.c" ] && [ -f "$examples/python/car-app.py" ] \
        || fail "libfirst-open-dev has no C and Python examples in $examples"
    # shellcheck disable=SC2046
    cc -o car-app "$examples/c/car-app.c" $(pkg-config --cflags --libs first-open gtk+-3.0) \
        || fail "the packaged C example does not build"
    run_example "C example" "$car_state" ./car-app "$car_spec"
    run_example "Python example" "$car_state" /usr/bin/python3 "$examples/python/car-app.py" "$car_spec"
}

# Runs an example app: with no record it must show "Welcome to Car" over its window and
# record on Enter; with one (the second example) it must say "nothing due".
run_example() {
    local label=$1 state=$2 pid window log="$HOME/example.err"
    shift 2
    local expect=presented
    [ -e "$state" ] && expect="nothing due"
    "$@" 2>"$log" &
    pid=$!
    if [ "$expect" = presented ]; then
        window=$(timeout 30 xdotool search --sync --onlyvisible --name '^Welcome to Car$' | head -n 1) \
            || { cat "$log" >&2; fail "$label: no Welcome window within 30 s"; }
        press_return "$window" "grep -q '^dismissed: ' '$log'"
        timeout 20 sh -c 'until grep -q "^dismissed: " "$0"; do sleep 0.2; done' "$log" \
            || { cat "$log" >&2; fail "$label: no dismissal after Enter"; }
        [ -e "$state" ] || fail "$label: nothing recorded in $state"
    else
        timeout 30 sh -c 'until grep -q "^nothing due$" "$0"; do sleep 0.2; done' "$log" \
            || { cat "$log" >&2; fail "$label: should have had nothing to show"; }
    fi
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
    echo "$label: $(paste -sd ';' "$log")"
}

# `sudo -E mousepad`: root runs the app — and, through the module, first-open — with the
# user's HOME and XDG_*. first-open must refuse to write in the user's home (77, one line
# in the app's stderr), leave no file of root's among the user's first-open files, and the
# user's own first-open must still see What's New due. (The app itself may write its own
# settings there as root; those are listed, not ours to prevent.)
sudo_e_test() {
    local home=$1 uid=$2 pid err="$work/sudo-e.err" data_dirs
    step "sudo -E: an app as root with the user's environment leaves the user's first-open files theirs"
    data_dirs="$home/fixture:/usr/local/share:/usr/share"
    runuser -u "$test_user" -- env HOME="$home" XDG_DATA_DIRS="$data_dirs" first-open reset appstream:org.xfce.mousepad >/dev/null
    runuser -u "$test_user" -- env HOME="$home" XDG_DATA_DIRS="$data_dirs" \
        first-open mark-seen --version 0.4.0 appstream:org.xfce.mousepad >/dev/null || fail "sudo -E: mark-seen as the user"
    local before
    before=$(find "$home" -user root | LC_ALL=C sort)
    # A session of its own, ended whole: killing xvfb-run alone left its Xvfb running.
    setsid env -i HOME="$home" USER="$test_user" LOGNAME="$test_user" PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 \
        XDG_DATA_DIRS="$data_dirs" GTK_MODULES=first-open-gtk-module G_MESSAGES_DEBUG=first-open-gtk-module \
        xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp -noreset" mousepad >"$err" 2>&1 &
    pid=$!
    timeout 90 sh -c 'until grep -q "refusing to write state records" "$0"; do sleep 0.2; done' "$err" \
        || { cat "$err" >&2; kill -- -"$pid" 2>/dev/null; fail "sudo -E: first-open did not refuse"; }
    grep "refusing to write state records" "$err" | sed 's/^/    /'
    kill -- -"$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
    local foreign
    foreign=$(find "$home" \( -path '*/first-open' -o -path '*/first-open/*' \) ! -user "$test_user")
    [ -z "$foreign" ] || fail "sudo -E left files of another user among the user's first-open files: $foreign"
    local app_files
    app_files=$(comm -13 <(echo "$before") <(find "$home" -user root | LC_ALL=C sort) | tr '\n' ' ')
    echo "no first-open file of root's in $home; what Mousepad itself wrote as root: ${app_files:-nothing}"
    local explanation
    explanation=$(runuser -u "$test_user" -- env HOME="$home" XDG_DATA_DIRS="$data_dirs" first-open explain appstream:org.xfce.mousepad)
    case $explanation in whats-new*) ;; *) fail "sudo -E: the user's What's New is no longer due: $explanation" ;; esac
    echo "the user's first-open: $explanation"
    # Mousepad's own root-owned settings would trouble the user's later runs: given back.
    # shellcheck disable=SC2086  # paths without spaces, one per word
    [ -z "$app_files" ] || chown "$test_user:" $app_files
}

login_test() {
    step "login as an ordinary user: the autostart entry's Exec line under Xvfb; the library from C and Python"
    [ -f "$autostart" ] || fail "$autostart is missing"
    local exec_line try_exec
    exec_line=$(sed -n 's/^Exec=//p' "$autostart")
    try_exec=$(sed -n 's/^TryExec=//p' "$autostart")
    case "$exec_line" in *'"'*|*"'"*|*'\'*|*%*) fail "Exec line needs a full Desktop Entry parser: $exec_line" ;; esac
    [ -z "$try_exec" ] || [ -x "$try_exec" ] || command -v "$try_exec" >/dev/null \
        || fail "TryExec=$try_exec is not executable: a session would skip the entry"

    # What the window says: "Welcome to <Name>", the version is the system's VERSION_ID.
    local name app_id version
    name=$(sed -n 's/^Name=//p' "$spec" | head -n 1)
    app_id=$(sed -n 's/^AppId=//p' "$spec" | head -n 1)
    version=$(. /etc/os-release && echo "$VERSION_ID")

    delete_user "$test_user"; delete_user "$system_user"
    id "$test_user" >/dev/null 2>&1 && fail "a previous $test_user exists and cannot be removed"
    useradd --create-home --shell /bin/bash --key UID_MIN=1000 "$test_user"
    local uid home
    uid=$(id -u "$test_user")
    home=$(getent passwd "$test_user" | cut -d: -f6)
    [ "$uid" -ge 1000 ] || fail "test user has uid $uid (< 1000: a system account, quiet)"
    echo "user $test_user (uid $uid), home $home"

    install -m 0755 "$0" "$work/test-debian-package.sh"
    # A fresh login environment: nothing of root's, a private X server and session bus.
    runuser -u "$test_user" -- env -i \
        HOME="$home" USER="$test_user" LOGNAME="$test_user" SHELL=/bin/bash \
        PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 \
        XDG_SESSION_TYPE=x11 XDG_SESSION_CLASS=user \
        dbus-run-session -- \
        xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp -noreset" \
        "$work/test-debian-package.sh" --as-user-session "$exec_line" "Welcome to $name" "$app_id" "$version" \
        || fail "login test"

    local record="$home/.local/state/first-open/$app_id.state"
    sha256sum "$record" >"$work/record.sha256"

    sudo_e_test "$home" "$uid"

    step "login as a system account: quiet"
    useradd --system --create-home --home-dir "$work/$system_user" --shell /bin/bash "$system_user"
    local system_uid output status=0
    system_uid=$(id -u "$system_user")
    [ "$system_uid" -lt 1000 ] || fail "$system_user has uid $system_uid (>= 1000)"
    local argv
    read -r -a argv <<<"$exec_line"
    output=$(runuser -u "$system_user" -- env -i \
        HOME="$work/$system_user" USER="$system_user" LOGNAME="$system_user" \
        PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 XDG_SESSION_TYPE=x11 XDG_SESSION_CLASS=user \
        timeout 60 xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp -noreset" "${argv[@]}" 2>"$work/system-login.err") \
        || status=$?
    echo "$system_user (uid $system_uid): $output"
    [ "$status" -eq 0 ] || { cat "$work/system-login.err" >&2; fail "a system account's login: exit status $status"; }
    case "$output" in "nothing: system account"*) ;; *) fail "a system account should be quiet" ;; esac
    [ ! -e "$work/$system_user/.local/state/first-open/$app_id.state" ] \
        || fail "a quiet login recorded a version"
}

# --- remove and purge --------------------------------------------------------------------
remove_test() {
    step "apt-get remove first-open-os-release alone: its leftover autostart entry is skipped"
    local try_exec
    try_exec=$(sed -n 's/^TryExec=//p' "$autostart")
    "${apt[@]}" remove first-open-os-release >"$work/remove-os-release.log" 2>&1 \
        || { cat "$work/remove-os-release.log" >&2; fail "apt-get remove first-open-os-release"; }
    is_installed first-open || fail "removing first-open-os-release removed first-open"
    [ -f "$autostart" ] || fail "conffile $autostart was deleted by remove (only purge may)"
    # The session runs an entry only while its TryExec is an executable: the link went with
    # the package, while /usr/bin/first-open stays.
    [ -n "$try_exec" ] && [ ! -e "$try_exec" ] && [ -x /usr/bin/first-open ] \
        || fail "the entry left by first-open-os-release would still run (TryExec=$try_exec)"
    echo "left: $autostart (conffile; TryExec=$try_exec is gone, so sessions skip it)"

    step "apt-get remove: nothing left but conffiles"
    "${apt[@]}" remove "${packages[@]}" >"$work/remove.log" 2>&1 || { cat "$work/remove.log" >&2; fail "apt-get remove"; }
    local p path leftovers=()
    for p in "${packages[@]}"; do
        is_installed "$p" && fail "$p is still installed"
        while IFS= read -r path; do
            [ "$path" != /. ] && [ -e "$path" ] || continue
            grep -qxF "$path" "$work/conffiles" && continue
            # A directory other installed packages own too (/usr/share/doc, /etc/xdg …).
            if [ -d "$path" ] && dpkg -S "$path" >/dev/null 2>&1; then continue; fi
            leftovers+=("$path")
        done <"$work/files-$p"
    done
    [ ${#leftovers[@]} -eq 0 ] || fail "left behind after remove: ${leftovers[*]}"
    while IFS= read -r path; do
        [ -e "$path" ] || fail "conffile $path was deleted by remove (only purge may)"
    done <"$work/conffiles"
    our_paths >"$work/paths-removed"
    # Compared with before the install: exactly the conffiles are new (and dpkg's own record
    # of them in /var/lib/dpkg/info, which purge deletes).
    if ! diff <(LC_ALL=C sort -u "$work/paths-before" "$work/conffiles") \
              <(grep -v '^/var/lib/dpkg/info/' "$work/paths-removed"); then
        fail "after remove the file system differs from before the install by more than the conffiles"
    fi
    [ ! -e "$try_exec" ] || fail "the remaining $autostart would still run"
    local modules
    modules=$(env -u GTK_MODULES sh -c '. /etc/X11/Xsession.d/90first-open-gtk-module; echo "$GTK_MODULES"')
    [ -z "$modules" ] || fail "after remove the session still gets GTK_MODULES=$modules"
    echo "left: $(echo $(cat "$work/conffiles")) (conffiles; the Xsession.d one adds no module any more)"

    step "apt-get purge: nothing left"
    # Packages without conffiles are gone from dpkg's database already; apt-get purge
    # would not find them.
    local left
    left=$(known_packages)
    echo "removed, with conffiles left: $(echo $left)"
    # shellcheck disable=SC2086
    "${apt[@]}" purge $left >"$work/purge.log" 2>&1 || { cat "$work/purge.log" >&2; fail "apt-get purge"; }
    left=$(known_packages)
    [ -z "$left" ] || fail "still known to dpkg after purge: $(echo $left)"
    our_paths >"$work/paths-purged"
    diff "$work/paths-before" "$work/paths-purged" || fail "after purge the file system differs from before the install"
    installed_here=false
    echo "purged: the file system is as before the install"

    step "the user's record is untouched by the package scripts"
    sha256sum --check --quiet "$work/record.sha256" || fail "the package scripts changed the user's record"
    echo "$(cut -d' ' -f3 "$work/record.sha256"): unchanged"
}

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
