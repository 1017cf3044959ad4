#!/usr/bin/env bash
# Builds examples/swift the way an app depends on FirstOpenViews — by URL and version,
# so SwiftPM applies its rules for remote packages (no unsafe flags in the products an
# app uses) — and runs it as a user would (run-example.py: Welcome on the first start,
# Enter records, nothing on the second start, What's New after an update, Escape
# records). (doc-snippets checks that the README's Swift example is this app's code.)
# Then the same for examples/swift-gtk4, a Swift GTK 4 app on FirstOpenClient, with
# run-gtk4-example.py (under openbox: one window for two instances, transient for the
# app's window, closed unrecorded when the app goes away, libgtk-4 and no libgtk-3 in
# the app); its first-open is BIN_DIR's (default SOURCE_ROOT/.build/release). (doc-snippets
# checks that docs/embedding.md's Swift GTK 4 example is that app's code.)
#
#   swift-example.sh SOURCE_ROOT [SWIFT [BIN_DIR]]
#
# The package URL is mapped (`swift package config set-mirror`) to a git snapshot of
# SOURCE_ROOT's files, tagged with the project's version. Needs an X display.
set -euo pipefail
source_root=$(cd "$1" && pwd)
swift=${2:-swift}
bin_dir=${3:-$source_root/.build/release}
here=$(cd "$(dirname "$0")" && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/first-open-swift-example.XXXXXX")
trap 'rm -rf "$work"' EXIT

# A snapshot of the tree as it is (committed or not), as a tagged git repository.
version=$(sed -n "s/^project('first-open', 'c', version: '\([^']*\)'.*/\1/p" "$source_root/meson.build")
snapshot="$work/FirstOpenViews"
mkdir "$snapshot"
(cd "$source_root" && git ls-files -z --cached --others --exclude-standard | tar -c --null -T - 2>/dev/null) \
    | tar -x -C "$snapshot"
git -C "$snapshot" init -q
git -C "$snapshot" add -A
git -C "$snapshot" -c user.name=test -c user.email=test@example.org commit -q -m snapshot
git -C "$snapshot" tag "$version"

app="$work/CarApp"
cp -R "$source_root/examples/swift" "$app"
rm -rf "$app/.build" "$app/.swiftpm"
# SwiftPM's own temporary files (Foundation leaves a TemporaryDirectory.* of each atomic
# write) go to the work folder, which the trap removes, not to the suite's.
mkdir "$work/tmp"
TMPDIR="$work/tmp" "$swift" package --package-path "$app" config set-mirror \
    --original https://example.org/first-open/FirstOpenViews.git --mirror "file://$snapshot"
TMPDIR="$work/tmp" "$swift" build --package-path "$app" >&2
car_app="$(TMPDIR="$work/tmp" "$swift" build --package-path "$app" --show-bin-path)/car-app"

# The Swift API has no dismissal lines of its own: the library's debug log says what
# each check did (G_MESSAGES_DEBUG=first-open). Not exec'd: the EXIT trap removes $work.
/usr/bin/python3 "$here/run-example.py" --debug-log --app-id org.example.Car \
    --version 1.3.0 --title "Welcome to Car" \
    --update-to 1.4.0 --update-title "What's New in Car" --update-key Escape \
    -- "$car_app"

# The GTK 4 app: FirstOpenClient, the window shown by first-open over the app's window.
gtk4_app="$work/CarAppGtk4"
cp -R "$source_root/examples/swift-gtk4" "$gtk4_app"
rm -rf "$gtk4_app/.build" "$gtk4_app/.swiftpm"
TMPDIR="$work/tmp" "$swift" package --package-path "$gtk4_app" config set-mirror \
    --original https://example.org/first-open/FirstOpenViews.git --mirror "file://$snapshot"
TMPDIR="$work/tmp" "$swift" build --package-path "$gtk4_app" >&2
/usr/bin/python3 "$here/run-gtk4-example.py" "$bin_dir" \
    "$(TMPDIR="$work/tmp" "$swift" build --package-path "$gtk4_app" --show-bin-path)/car-app-gtk4"
