#!/bin/sh
# libfirst-open.so's dynamic symbol table holds first_open_* (first-open.h) and nothing
# else of its own: no Swift runtime, no Swift module, no private bridge, and no symbol of
# the static archives linked in (gold once kept libdispatch's thread-local __dispatch_tsd
# there: issue 30.11; native/libfirst-open/meson.build says why lld links it). Every
# defined entry counts, whatever its binding: `nm -D --defined-only` lists a LOCAL one too.
#   exported-symbols.sh LIBRARY
set -eu
library=$1
symbols=$(nm -D --defined-only "$library") || { echo "FAIL: nm cannot read $library" >&2; exit 1; }
others=$(printf '%s\n' "$symbols" | awk 'NF >= 3 && $3 !~ /^first_open_/')
if [ -n "$others" ]; then
    echo "FAIL: $library defines symbols other than first_open_* in its dynamic symbol table:" >&2
    printf '%s\n' "$others" >&2
    exit 1
fi
count=$(printf '%s\n' "$symbols" | awk 'NF >= 3' | wc -l)
if ! printf '%s\n' "$symbols" | awk '{print $3}' | grep -qx first_open_presenter_get_type; then
    echo "FAIL: $library does not export first_open_presenter_get_type (of $count symbols)" >&2
    exit 1
fi
echo "$count symbols exported, each first_open_*"
