# shellcheck shell=bash
# The library as an app developer uses it: C with pkg-config, Python, the packaged examples (as the test user).
# Part of scripts/test-debian-package.sh, which sources it (its header says what the test
# does); the helpers and lists it uses are in common.sh.

# The library as an app developer uses it: a C program built with pkg-config against
# libfirst-open-dev, and Python through the typelib; then the packaged examples (C and
# Python, from libfirst-open-dev's examples) as a user runs them. Called from the user's
# session after as_user_login, so the desktop's own record exists already.
as_user_library() {
    local car_spec=/usr/share/first-open/org.example.Car.spec
    local car_state="$HOME/.local/state/first-open/org.example.Car.state"
    cd "$HOME"

    cat >app-id.c <<'C'
#include <first-open.h>
int main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FirstOpenPresenter) presenter = first_open_presenter_new (argv[1], &error);
  if (presenter == NULL)
    { g_printerr ("%s\n", error->message); return 1; }
  g_print ("%s\n", first_open_presenter_get_app_id (presenter));
  return 0;
}
C
    # shellcheck disable=SC2046  # pkg-config's output is meant to be split
    cc -Wall -Werror -o app-id app-id.c $(pkg-config --cflags --libs first-open) \
        || fail "a C program does not build with pkg-config first-open"
    [ "$(./app-id "$car_spec")" = org.example.Car ] || fail "C: wrong app id from libfirst-open"
    echo "C (pkg-config first-open): $(ldd ./app-id | grep -o 'libfirst-open[^ ]* => [^ ]*')"
    local python_app_id
    python_app_id=$(/usr/bin/python3 -c '
import sys, gi
gi.require_version("FirstOpen", "1.0")
from gi.repository import FirstOpen
print(FirstOpen.Presenter.new(sys.argv[1]).get_app_id())' "$car_spec") \
        || fail "Python cannot use the FirstOpen-1.0 typelib"
    [ "$python_app_id" = org.example.Car ] || fail "Python: wrong app id from the typelib"
    echo "Python (gi FirstOpen-1.0): $python_app_id"

    local examples=/usr/share/doc/libfirst-open-dev/examples
    [ -f "$examples/c/car-app.c" ] && [ -f "$examples/python/car-app.py" ] \
        || fail "libfirst-open-dev has no C and Python examples in $examples"
    # shellcheck disable=SC2046
    cc -o car-app "$examples/c/car-app.c" $(pkg-config --cflags --libs first-open gtk+-3.0) \
        || fail "the packaged C example does not build"
    run_example "C example" "$car_state" ./car-app "$car_spec"
    run_example "Python example" "$car_state" /usr/bin/python3 "$examples/python/car-app.py" "$car_spec"
}

# Runs an example app: with no record it must show "Welcome to Car" over its window and
# record on Enter; with one (the second example) it must say "nothing due".
run_example() {
    local label=$1 state=$2 pid window log="$HOME/example.err"
    shift 2
    local expect=presented
    [ -e "$state" ] && expect="nothing due"
    "$@" 2>"$log" &
    pid=$!
    if [ "$expect" = presented ]; then
        window=$(timeout 30 xdotool search --sync --onlyvisible --name '^Welcome to Car$' | head -n 1) \
            || { cat "$log" >&2; fail "$label: no Welcome window within 30 s"; }
        press_return "$window" "grep -q '^dismissed: ' '$log'"
        timeout 20 sh -c 'until grep -q "^dismissed: " "$0"; do sleep 0.2; done' "$log" \
            || { cat "$log" >&2; fail "$label: no dismissal after Enter"; }
        [ -e "$state" ] || fail "$label: nothing recorded in $state"
    else
        timeout 30 sh -c 'until grep -q "^nothing due$" "$0"; do sleep 0.2; done' "$log" \
            || { cat "$log" >&2; fail "$label: should have had nothing to show"; }
    fi
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
    echo "$label: $(paste -sd ';' "$log")"
}
