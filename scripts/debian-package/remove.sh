# shellcheck shell=bash
# apt-get remove and purge: what each leaves.
# Part of scripts/test-debian-package.sh, which sources it (its header says what the test
# does); the helpers and lists it uses are in common.sh.

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
