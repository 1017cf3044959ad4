# shellcheck shell=bash
# Building the .debs: dpkg-buildpackage in a copy of the tree.
# Part of scripts/test-debian-package.sh, which sources it (its header says what the test
# does); the helpers and lists it uses are in common.sh.

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
    # Debian's own Swift where the release has it (Debian 13: Build-Depends swiftlang);
    # otherwise (Debian 12) the toolchain on PATH, through the build profile that says so.
    local profile=()
    if ! is_installed swiftlang; then
        profile=(-Ppkg.first-open.external-swift)
        echo "no swiftlang: the Swift on PATH ($(command -v "${SWIFT:-swift}")), build profile pkg.first-open.external-swift"
    fi
    # Built where packagers with GNOME build (issue 30, item 9): with the desktop portals
    # installed, which GTK 4 tests activate on a session bus; none may be left running,
    # and no xdg-document-portal mount (dh_auto_test could not remove its runtime folder).
    is_installed xdg-desktop-portal \
        || fail "xdg-desktop-portal is not installed (scripts/setup.sh installs it, as a GNOME machine has it)"
    local portals_before mounts_before
    portals_before=$(pgrep -c -f '/xdg-(document|desktop)-portal' || true)
    mounts_before=$(grep -c ' fuse\.portal ' /proc/mounts || true)
    local start=$SECONDS
    if ! (cd "$work/src" && dpkg-buildpackage -us -uc -b "${profile[@]}") >"$work/build.log" 2>&1; then
        tail -n 60 "$work/build.log" >&2
        fail "dpkg-buildpackage (whole log: $work/build.log)"
    fi
    [ "$(grep -c ' fuse\.portal ' /proc/mounts || true)" -le "${mounts_before:-0}" ] \
        || fail "the build left an xdg-document-portal mount: $(grep ' fuse\.portal ' /proc/mounts)"
    [ "$(pgrep -c -f '/xdg-(document|desktop)-portal' || true)" -le "${portals_before:-0}" ] \
        || fail "the build left desktop portals running: $(pgrep -a -f '/xdg-(document|desktop)-portal')"
    echo "built in $((SECONDS - start)) s; dh_auto_test (meson test under xvfb-run):"
    grep -E '^ *[0-9]+/[0-9]+ |^(Ok|Expected Fail|Fail|Unexpected Pass|Skipped|Timeout): ' "$work/build.log" \
        | sed 's/^/    /' || echo "    (not run: DEB_BUILD_OPTIONS=${DEB_BUILD_OPTIONS:-})"
    debs_dir=$work
    (cd "$debs_dir" && ls -1 ./*.deb)
}
