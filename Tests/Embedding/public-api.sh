#!/usr/bin/env bash
# The FirstOpenViews product's public declarations, from the symbol graph of the built
# module: they must be exactly Tests/Embedding/public-api.txt (a change to the public
# API shows in the diff and is made on purpose), a few dozen, and each documented.
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
triple=$("$swift" -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
[ -n "$triple" ] || { echo "FAIL: $swift -print-target-info names no target triple" >&2; exit 1; }
tools=$(dirname "$(realpath "$swift")")
args=(-module-name FirstOpenViews -target "$triple" -I "$build/Modules"
      -output-dir "$out" -minimum-access-level public)
for map in "$source/Sources/Shims/CGtk/module.modulemap" "$source/Sources/Shims/CGLib/module.modulemap" \
           "$build"/CFirstOpenConfig.build/module.modulemap "$build"/CForeignWindow.build/module.modulemap \
           "$build"/CHeadingLabel.build/module.modulemap; do
    args+=(-Xcc "-fmodule-map-file=$map")
done
for flag in $(pkg-config --cflags gtk+-3.0); do args+=(-Xcc "$flag"); done
"$tools/swift-symbolgraph-extract" "${args[@]}"

/usr/bin/python3 - "$out" "$source/Tests/Embedding/public-api.txt" <<'PY'
import glob, json, sys
out, expected_file = sys.argv[1], sys.argv[2]
listed, undocumented = [], []
for path in sorted(glob.glob(out + "/*.symbols.json")):
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
    sys.stderr.write("FAIL: the public API differs from Tests/Embedding/public-api.txt:\n")
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
print(f"{len(listed)} public declarations, each documented")
PY
