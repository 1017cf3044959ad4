# shellcheck shell=bash
# Installing the .debs and the real apps the GTK module is tested with.
# Part of scripts/test-debian-package.sh, which sources it (its header says what the test
# does); the helpers and lists it uses are in common.sh.

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
