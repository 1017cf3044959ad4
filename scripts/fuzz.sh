#!/usr/bin/env bash
# libFuzzer over the spec parser, the metainfo reader and the version parser
# (Tests/Fuzz/FuzzTarget.swift), with AddressSanitizer and LeakSanitizer.
#
#   scripts/fuzz.sh [SECONDS]     # default 60; prints libFuzzer's final stats
#
# SwiftPM cannot build a libFuzzer target, so this compiles the GTK-free modules
# (FirstOpenSystem, FirstOpenState, FirstOpenContent) from the package's sources with
# `swiftc -sanitize=fuzzer,address` into .build/fuzz. Seeds: Tests/Corpus/specs, the
# example metainfo file and a few versions (the first byte of an input picks the
# parser). A crash, a leak or a broken invariant stops the run with exit 1 and
# leaves the input in .build/fuzz/artifacts; reproduce with
# `.build/fuzz/first-open-fuzz .build/fuzz/artifacts/FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
export PATH="/opt/swift/usr/bin:$PATH"

out=.build/fuzz
mkdir -p "$out/seeds" "$out/corpus" "$out/artifacts" "$out/tmp"
# The target writes each spec input to a file (the validator reads files): keep it here.
export TMPDIR="$PWD/$out/tmp"
glib_cflags=()
for flag in $(pkg-config --cflags glib-2.0); do glib_cflags+=(-Xcc "$flag"); done
common=(-sanitize=fuzzer,address -parse-as-library -O -swift-version 6 -package-name firstopenviews
        -I "$out" -I Sources/Shims/CGLib "${glib_cflags[@]}")
module() {  # NAME FOLDER: one object and module for the Swift files under FOLDER
    swiftc "${common[@]}" -wmo -module-name "$1" -emit-module -emit-module-path "$out/$1.swiftmodule" \
        -emit-object -o "$out/$1.o" $(find "$2" -name '*.swift' | sort)
}
module FirstOpenSystem Sources/Shims/FirstOpenSystem
module FirstOpenState Sources/Core/State
module FirstOpenContent Sources/Core/Content
# ld.gold warns once per ASan helper symbol it cannot export: noise, not a problem.
swiftc "${common[@]}" Tests/Fuzz/FuzzTarget.swift "$out/FirstOpenSystem.o" "$out/FirstOpenState.o" "$out/FirstOpenContent.o" \
    $(pkg-config --libs glib-2.0) -o "$out/first-open-fuzz" 2> >(grep -v "Cannot export local symbol" >&2)

rm -f "$out"/seeds/*
for file in Tests/Corpus/specs/*; do
    [ -f "$file" ] && { printf '\0'; cat "$file"; } > "$out/seeds/spec-$(basename "$file")"
done
{ printf '\0'; cat data/examples/org.example.Car.spec; } > "$out/seeds/spec-example"
{ printf '\1'; cat data/examples/org.example.Car.metainfo.xml; } > "$out/seeds/metainfo-example"
printf '\x02%s\x00%s\x00%s' 1.2.3 2.0~rc1 1:0.9 > "$out/seeds/versions"

# -timeout: one input taking 10 s is a hang; -rss_limit_mb: a bounded parser stays small.
"$out/first-open-fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/" "$out/corpus" "$out/seeds" 2>&1 |
    grep -E "^(stat::|==|SUMMARY|artifact|Test unit|INFO: Seed|#[0-9]+ +DONE)" || true
status=${PIPESTATUS[0]}
echo "fuzz: exit $status after $seconds s"
exit "$status"
