# shellcheck shell=bash
# The campaign over real GTK 3 apps (as the test user).
# Part of scripts/test-debian-package.sh, which sources it (its header says what the test
# does); the helpers and lists it uses are in common.sh.

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
