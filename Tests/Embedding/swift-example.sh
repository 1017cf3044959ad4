#!/usr/bin/env bash
# Builds examples/swift the way an app depends on FirstOpenViews — by URL and version,
# so SwiftPM applies its rules for remote packages (no unsafe flags in the products an
# app uses) — and runs it as a user would (run-example.py: Welcome on the first start,
# Enter records, nothing on the second start, What's New after an update, Escape
# records). (doc-snippets checks that the README's Swift example is this app's code.)
#
#   swift-example.sh SOURCE_ROOT [SWIFT]
#
# The package URL is mapped (`swift package config set-mirror`) to a git snapshot of
# SOURCE_ROOT's files, tagged with the project's version. Needs an X display.
set -euo pipefail
source_root=$(cd "$1" && pwd)
swift=${2:-swift}
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
