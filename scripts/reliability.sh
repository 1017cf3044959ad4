#!/usr/bin/env bash
# The long reliability campaign, by hand: the same tests CI runs once (scripts/test.sh),
# with every randomised test repeated ROUNDS times (default 20), then a linearity check
# of explain on growing specs with the release build. See docs/reliability.md.
#
#   scripts/reliability.sh            # 20 rounds, a few minutes on 2 cores
#   scripts/reliability.sh 200        # the long run
#
# Rounds multiply: concurrent mark-seen rounds (30 writers each), lower/higher pairs,
# kill -9 during writes (20 per round), corpus mutants through the real binaries
# (40 per round), in-process fuzz cases (300 specs, 2000 metainfo files, 3000 versions
# per round), X server deaths with the window open, and 6 s of libFuzzer per round
# (scripts/fuzz.sh). The attacks of round 3 (AttackTests: closed stdio, foreign files in
# the state directory, long URLs, set-user-ID, control characters, a lock-name collision,
# a window destroyed from outside, a failed repair; and the spec swapped for another
# app's between the decision and the window) are deterministic and run once, and so
# is the wrong-thread test of libfirst-open (Meson's `construction`).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-20}"

scripts/setup.sh
scripts/build-translations.sh .build/locale >/dev/null
swift build --build-tests >&2

export FIRST_OPEN_REQUIRE_DISPLAY=1 FIRST_OPEN_LOCALEDIR="$PWD/.build/locale"
export GDK_GL=disable NO_AT_BRIDGE=1 FIRST_OPEN_RELIABILITY_ROUNDS="$rounds"
start=$(date +%s)
xvfb-run -a -s "-screen 0 1280x1024x24 -dpi 96 -nolisten tcp" \
    swift test --skip-build --disable-swift-testing \
    --filter 'ReliabilityTests|FuzzTests|ConcurrentWriteTests|CheckedFileTests|HostileSpecTests|ColorSyntaxAgreementTests|AttackTests|testSpecSwappedBetweenDecisionAndWindow'
echo "reliability: $rounds rounds passed in $(( $(date +%s) - start )) s"

# Wrong-thread calls into libfirst-open (a presenter built on a worker thread, presented
# from another): GLib criticals and FALSE/NULL, never a crash. The Meson test
# Tests/Embedding/construction.py; the same build options as scripts/test.sh.
meson_options=(-Dswiftpm_scratch_path="$PWD/.build" -Dembedding_tests=enabled -Ddocumentation=true)
if [ -f .build/meson/build.ninja ]; then
    meson setup --reconfigure .build/meson "${meson_options[@]}" >/dev/null
else
    meson setup .build/meson "${meson_options[@]}" >/dev/null
fi
meson compile -C .build/meson >&2
xvfb-run -a -s "-screen 0 1280x1024x24 -dpi 96 -nolisten tcp" \
    meson test -C .build/meson --no-rebuild --print-errorlogs construction

# libFuzzer (ASan + LeakSanitizer) over the same three parsers: 6 s per round.
scripts/fuzz.sh "$(( rounds * 6 ))"

# Linearity: explain on specs with N release groups (What's New due, so every group is
# read) and on metainfo files with N releases, release build. Prints seconds per run and
# the ratio to the smallest N: linear work doubles when N doubles.
swift build -c release --static-swift-stdlib >&2
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" XDG_CONFIG_DIRS="$work/etc"
mkdir -p "$work/state/first-open"
printf '[First Open]\nVersion=0.1\n' > "$work/state/first-open/org.example.Car.state"
python3 - "$work" <<'EOF'
import sys
work = sys.argv[1]
for n in (1000, 2000, 4000, 8000):
    lines = ['[First Open]', 'AppId=org.example.Car', 'Name=Car', 'Version=%d.0' % (n + 1), '']
    for i in range(1, n + 1):
        lines += ['[Release %d.0 1]' % i, 'Icon=a', 'Title=Release %d' % i, '']
    open('%s/groups-%d.spec' % (work, n), 'w').write('\n'.join(lines) + '\n')
    rel = ''.join('<release version="%d.0"><description><p>r%d</p></description></release>' % (i, i)
                  for i in range(n, 0, -1))
    open('%s/meta-%d.xml' % (work, n), 'w').write('<component><releases>' + rel + '</releases></component>')
    open('%s/meta-%d.spec' % (work, n), 'w').write(
        '[First Open]\nAppId=org.example.Car\nName=Car\nVersion=%d.0\nReleaseNotes=meta-%d.xml\n' % (n + 1, n))
EOF
for kind in groups meta; do
    base=""
    for n in 1000 2000 4000 8000; do
        t0=$(date +%s%N)
        for _ in 1 2 3; do "$bin/first-open" explain "$work/$kind-$n.spec" >/dev/null; done
        ms=$(( ($(date +%s%N) - t0) / 3000000 ))
        [ -n "$base" ] || base=$ms
        echo "linearity: explain, $kind N=$n: ${ms} ms (x$(python3 -c "print(round($ms/max($base,1),1))") of N=1000)"
    done
done
