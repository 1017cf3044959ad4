#!/usr/bin/env bash
# The embedding products' public declarations, from the symbol graphs of the built
# modules: FirstOpenViews' (with FirstOpenViewsModel, whose rows and colours it
# re-exports) must be exactly Tests/Embedding/public-api.txt, FirstOpenClient's
# Tests/Embedding/public-api-client.txt (a change to the public API shows in the diff
# and is made on purpose); each list a few dozen, each declaration documented.
#   public-api.sh SWIFT BUILD_DIR SOURCE_ROOT     (BUILD_DIR: e.g. .build/release)
set -euo pipefail
swift=$1 build=$2 source=$3
out=$(mktemp -d "${TMPDIR:-/tmp}/first-open-public-api.XXXXXX")
trap 'rm -rf "$out"' EXIT
# The toolchain's own temporary files (Foundation's atomic writes leave a
# TemporaryDirectory.* behind, the swift driver's too) go with $out.
mkdir "$out/tmp"
export TMPDIR="$out/tmp"

# The toolchain's own triple (Debian's Swift: x86_64-pc-linux-gnu; swift.org's:
# x86_64-unknown-linux-gnu), and its tools from beside the real driver (Debian's
# /usr/bin/swift is a symlink into /usr/libexec/swift/bin).
# (TMPDIR: the driver leaves a TemporaryDirectory.* folder; $out is removed on exit.)
triple=$(TMPDIR="$out" "$swift" -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
[ -n "$triple" ] || { echo "FAIL: $swift -print-target-info names no target triple" >&2; exit 1; }
tools=$(dirname "$(realpath "$swift")")
args=(-target "$triple" -I "$build/Modules" -minimum-access-level public)
for map in "$source/Sources/Shims/CGtk/module.modulemap" "$source/Sources/Shims/CGLib/module.modulemap" \
           "$build"/CFirstOpenConfig.build/module.modulemap "$build"/CForeignWindow.build/module.modulemap \
           "$build"/CHeadingLabel.build/module.modulemap; do
    args+=(-Xcc "-fmodule-map-file=$map")
done
for flag in $(pkg-config --cflags gtk+-3.0); do args+=(-Xcc "$flag"); done
for module in FirstOpenViews FirstOpenViewsModel FirstOpenClient; do
    mkdir "$out/$module"
    TMPDIR="$out" "$tools/swift-symbolgraph-extract" -module-name "$module" -output-dir "$out/$module" "${args[@]}"
done

status=0
check() {
    local list=$1; shift
    /usr/bin/python3 - "$source/Tests/Embedding/$list" "$@" <<'PY' || status=1
import glob, json, sys
expected_file, outs = sys.argv[1], sys.argv[2:]
listed, undocumented = [], []
for path in sorted(p for out in outs for p in glob.glob(out + "/*.symbols.json")):
    for symbol in json.load(open(path))["symbols"]:
        kind = symbol["kind"]["identifier"].removeprefix("swift.")
        name = ".".join(symbol["pathComponents"])
        listed.append(f"{kind} {name}")
        # The compiler's own `!=` of an Equatable type has no source to document.
        if not symbol.get("docComment") and kind != "func.op":
            undocumented.append(name)
listed.sort()
expected = [line for line in open(expected_file).read().splitlines() if line and not line.startswith("#")]
failed = False
if listed != expected:
    import difflib
    sys.stderr.write(f"FAIL: the public API differs from Tests/Embedding/{expected_file.rsplit('/', 1)[-1]}:\n")
    sys.stderr.writelines(line + "\n" for line in difflib.unified_diff(expected, listed, "expected", "built", lineterm=""))
    failed = True
if len(listed) > 90:
    sys.stderr.write(f"FAIL: {len(listed)} public declarations; the product exports a few dozen\n")
    failed = True
if undocumented:
    sys.stderr.write("FAIL: public declarations without a doc comment: " + ", ".join(undocumented) + "\n")
    failed = True
if failed:
    sys.exit(1)
print(f"{expected_file.rsplit('/', 1)[-1]}: {len(listed)} public declarations, each documented")
PY
}
check public-api.txt "$out/FirstOpenViews" "$out/FirstOpenViewsModel"
check public-api-client.txt "$out/FirstOpenClient"
exit "$status"
