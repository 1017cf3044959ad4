# shellcheck shell=bash
# The GTK module in Mousepad and Meld, and beside an app that embeds libfirst-open (as the test user).
# Part of scripts/test-debian-package.sh, which sources it (its header says what the test
# does); the helpers and lists it uses are in common.sh.

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
    # Meld's current version is its metainfo's newest release (3.22.0 on Debian 12, 3.22.3 on 13).
    local meld_current
    meld_current=$(/usr/bin/python3 -c '
import sys, xml.etree.ElementTree as ET
print(ET.parse(sys.argv[1]).getroot().find("releases").find("release").get("version"))' \
        /usr/share/metainfo/org.gnome.Meld.appdata.xml) || fail "Meld: no release in its metainfo"
    module_app_test Meld org.gnome.Meld 3.20.0 "$meld_current" "Meld" meld

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
