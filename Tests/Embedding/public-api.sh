#!/usr/bin/env bash
# The Swift products' public API against Tests/Embedding/public-api.txt (FirstOpenViews)
# and public-api-client.txt (FirstOpenClient), from the compiler's symbol graphs with
# what each product re-exports, every declaration documented and named by a client that
# imports only the product; and nothing public in the package's other modules that no
# product re-exports. public-api.py says how; a change to the public API shows in the
# diff and is made on purpose.
#   public-api.sh SWIFT BUILD_DIR SOURCE_ROOT     (BUILD_DIR: e.g. .build/release)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d "${TMPDIR:-/tmp}/first-open-public-api.XXXXXX")
trap 'rm -rf "$out"' EXIT
# The toolchain's own temporary files (Foundation's atomic writes leave a
# TemporaryDirectory.* behind, the swift driver's too) go with $out.
export TMPDIR="$out"
/usr/bin/python3 "$here/public-api.py" "$@"
