# shellcheck shell=bash
# The login test: as root (login_test, sudo_e_test) and as the test user (as_user_login).
# Part of scripts/test-debian-package.sh, which sources it (its header says what the test
# does); the helpers and lists it uses are in common.sh.

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
    rm -rf "$work/debian-package"
    cp -r "$parts" "$work/debian-package"
    chmod -R a+rX "$work/debian-package"
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
