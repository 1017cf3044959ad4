#!/usr/bin/env bash
# Builds the package in a Debian 13 (trixie) chroot with Debian's own Swift (`swiftlang`,
# Swift 6.0.3) and nothing else, or runs a given command there.
#
#   scripts/debian13-chroot.sh [--cache DIR] [--fresh] [--host-display] [--with PACKAGE]...
#                              [--] [COMMAND [ARG...]]
#
# - The chroot is made once, with `debootstrap --variant=minbase` from the Debian archive,
#   and kept in the cache folder (default /var/cache/first-open/trixie-chroot, or
#   $FIRST_OPEN_TRIXIE_CHROOT); later runs reuse it. --fresh makes it anew.
# - Every run then runs scripts/setup.sh inside (it installs what is missing, Debian's
#   `swiftlang` included, and nothing when all is there). --with PACKAGE (repeatable)
#   installs more Debian packages after it, with the host's network as setup.sh's apt has,
#   for a COMMAND that needs them offline (scripts/test-debian13-package.sh: the package
#   test's apps).
# - The working tree (uncommitted changes included; not .git, nor the build folders that
#   .gitignore names: .build, build, out, obj-*) is copied, modification times kept, to
#   /build/first-open in the chroot (a path no Debian file names, so the staged-install
#   test's search for build paths meets only ours) and committed there to a git repository
#   of its own. COMMAND runs there as root with /proc /sys /dev /dev/pts /dev/shm bound,
#   the chroot the root of a mount namespace of its own (pivot_root: user namespaces work).
#   SwiftPM's build folders stay in the chroot (/var/tmp/first-open), so rebuilds are
#   incremental and never meet the host's.
# - X servers: the builds and COMMAND run in a network namespace of their own (loopback
#   only; scripts/setup.sh's apt keeps the host's network) with the chroot's own
#   /tmp/.X11-unix, so an Xvfb started inside (xvfb-run -a, the tests) and the host's
#   never meet. Shared, they did: the host's /tmp/.X*-lock files are not seen inside, so
#   xvfb-run -a inside picks :99 while the host runs one (Xvfb also listens on an abstract
#   socket, which a chroot shares with the host), and the host's xvfb-run cannot see
#   the display numbers taken inside. --host-display instead keeps the host's network,
#   binds its /tmp/.X11-unix and passes $DISPLAY, for a COMMAND that shows windows on
#   the host's display; start no X server inside then.
# - Without COMMAND: the debug build with its tests (`swift build --build-tests`) and the
#   release build as Meson makes it (scripts/meson-swift-build.sh), each timed.
# - Whatever it mounted is unmounted on exit, failure included. A step that cannot run
#   makes it fail with one line saying which; nothing is skipped.
#
# Needs root (debootstrap, mount, chroot), debootstrap and about 5 GiB in the cache folder.
set -euo pipefail

mirror=http://deb.debian.org/debian
cache=${FIRST_OPEN_TRIXIE_CHROOT:-/var/cache/first-open/trixie-chroot}
fresh=false
host_display=false
with=()
while [ $# -gt 0 ]; do
    case "$1" in
        --cache) cache=${2:?--cache needs a folder}; shift 2 ;;
        --fresh) fresh=true; shift ;;
        --host-display) host_display=true; shift ;;
        --with) with+=("${2:?--with needs a package name}"); shift 2 ;;
        --) shift; break ;;
        -*) echo "debian13-chroot.sh: unknown option '$1' (--cache DIR, --fresh, --host-display, --with PACKAGE, -- COMMAND)" >&2; exit 64 ;;
        *) break ;;
    esac
done

source_root=$(cd "$(dirname "$0")/.." && pwd)
if $host_display && [ -z "${DISPLAY:-}" ]; then
    echo "debian13-chroot.sh: --host-display: DISPLAY is not set" >&2; exit 64
fi
inside=/build/first-open  # the source tree's copy in the chroot
fail() { echo "debian13-chroot.sh: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap, mount, chroot): run it with sudo"
command -v debootstrap >/dev/null || fail "debootstrap is not installed (apt-get install debootstrap)"
command -v unshare >/dev/null && command -v ip >/dev/null \
    || fail "unshare (util-linux) and ip (iproute2) are needed: the chroot's own network namespace"

# How long each step took, printed at the end (and on failure, up to the step that failed).
timings=()
step_start=0
begin() { step_start=$SECONDS; echo "== $1" >&2; }
finish() { timings+=("$1: $((SECONDS - step_start)) s"); }

# Everything mounted below, unmounted in reverse order on exit.
mounted=()
cleanup() {
    local status=$? index
    for ((index = ${#mounted[@]} - 1; index >= 0; index--)); do
        if ! umount "${mounted[index]}" 2>/dev/null; then
            umount --lazy "${mounted[index]}" \
                || { echo "debian13-chroot.sh: could not unmount ${mounted[index]}" >&2; status=1; }
        fi
    done
    [ ${#timings[@]} -eq 0 ] || printf '  %s\n' "${timings[@]}" >&2
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

bind() {  # bind SOURCE (a host folder) to the same path in the chroot
    mkdir -p "$cache$1"
    mount --bind "$1" "$cache$1" || fail "could not bind $1 into the chroot"
    mounted+=("$cache$1")
}

# One run at a time per chroot: a second waits for the first.
mkdir -p "$(dirname "$cache")"
exec 9>"$cache.lock"
flock 9

# Mounts left by a run that was killed (SIGKILL runs no trap): no other run holds the
# lock, so they are nobody's. Unmounted before anything is removed (a bound
# /tmp/.X11-unix is on the host's own file system: rm --one-file-system would go in).
awk -v root="$cache/" 'index($2, root) == 1 { print $2 }' /proc/self/mounts | sort -r \
    | while IFS= read -r stale; do
        echo "debian13-chroot.sh: unmounting $stale (left by an earlier run)" >&2
        umount "$stale" || umount --lazy "$stale" || fail "could not unmount $stale"
    done
if $fresh && [ -e "$cache" ]; then
    rm -rf --one-file-system "$cache"
fi
# The chroot is made in a side folder and moved into place once debootstrap succeeded: an
# interrupted debootstrap never leaves a half chroot to be reused.
if [ ! -e "$cache/etc/debian_version" ]; then
    begin "debootstrap trixie (into $cache)"
    rm -rf --one-file-system "$cache.partial" "$cache"
    debootstrap --variant=minbase trixie "$cache.partial" "$mirror" >"$cache.debootstrap.log" 2>&1 \
        || fail "debootstrap failed (log: $cache.debootstrap.log)"
    # No service starts inside a chroot while packages are installed.
    printf '#!/bin/sh\nexit 101\n' >"$cache.partial/usr/sbin/policy-rc.d"
    chmod +x "$cache.partial/usr/sbin/policy-rc.d"
    mv "$cache.partial" "$cache"
    finish debootstrap
fi
grep -q '^13' "$cache/etc/debian_version" \
    || fail "$cache is not Debian 13 ($(cat "$cache/etc/debian_version")): make it anew with --fresh"

cp /etc/resolv.conf "$cache/etc/resolv.conf"
mkdir -p "$cache/proc"
mount -t proc proc "$cache/proc" || fail "could not mount /proc in the chroot"
mounted+=("$cache/proc")
for folder in /sys /dev /dev/pts /dev/shm; do bind "$folder"; done
$host_display && bind /tmp/.X11-unix

# The source tree, fresh each run; SwiftPM's folders are elsewhere (see above).
rm -rf --one-file-system "$cache$inside"
mkdir -p "$cache$inside" "$cache/var/tmp/first-open"
tar -C "$source_root" --exclude=./.git --exclude=./.build --exclude=./build --exclude=./out --exclude='./obj-*' -cf - . \
    | tar -C "$cache$inside" -xf - || fail "could not copy $source_root into the chroot"

chroot_environment=(/usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}"
                    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin)
$host_display && chroot_environment+=("DISPLAY=$DISPLAY")
# With the host's network (apt).
in_chroot_online() { chroot "$cache" "${chroot_environment[@]}" "$@"; }
# In a network namespace of its own, unless --host-display (the header says why), and in
# a mount namespace whose root *is* the chroot (pivot_root, not only chroot): the kernel
# refuses user namespaces to a chrooted process (`unshare --map-root-user`: EPERM) and
# `unshare --mount --propagation private` wants / to be a mount point; the tests use both
# (testWorksWithoutProc, testAnAccountWithoutPasswdEntryOrLoginNameDoesNotCrash). The
# mounts above come along (--rbind); the host's tree is let go.
mkdir -p "$cache/.old-root"
enter_root='mount --rbind "$0" "$0" && cd "$0" && pivot_root . .old-root && umount -l /.old-root && exec chroot . "$@"'
in_chroot() {
    if $host_display; then
        in_chroot_online "$@"
    else
        unshare --net -- sh -c 'ip link set lo up && exec "$@"' sh \
            unshare --mount --propagation private -- sh -c "$enter_root" "$cache" "${chroot_environment[@]}" "$@"
    fi
}

begin "scripts/setup.sh (apt)"
in_chroot_online "$inside/scripts/setup.sh" || fail "scripts/setup.sh failed in the chroot"
if [ ${#with[@]} -gt 0 ]; then
    in_chroot_online env DEBIAN_FRONTEND=noninteractive apt-get -y -q install --no-install-recommends "${with[@]}" >/dev/null \
        || fail "apt-get install ${with[*]} failed in the chroot"
fi
in_chroot_online apt-get clean  # the downloaded packages (~1 GiB): installed, they are not needed
finish "setup.sh (apt)"
in_chroot sh -c 'command -v swift >/dev/null' || fail "no swift in the chroot after scripts/setup.sh"
# The copy as a git repository of its own, all of it committed: what reads the tree as git
# sees it (Tests/Embedding/swift-example.sh's `git ls-files`) sees the copy.
in_chroot sh -c 'cd "$0" && git init -q && git add -A && git -c user.name=debian13-chroot \
        -c user.email=debian13-chroot@localhost commit -q -m "the working tree, copied"' "$inside" \
    || fail "could not make the copy a git repository"

if [ $# -gt 0 ]; then
    begin "$*"
    in_chroot sh -c 'cd "$0" && exec "$@"' "$inside" "$@" || fail "'$*' failed in the chroot"
    finish "$1"
    exit 0
fi

in_chroot swift --version >&2
begin "swift build --build-tests (debug)"
in_chroot sh -c 'cd /build/first-open && swift build --scratch-path /var/tmp/first-open/debug --build-tests' \
    || fail "the debug build (swift build --build-tests) failed in the chroot"
finish "debug build with tests"

# As meson.build calls it (its defaults: release, static login linking; Debian's LDFLAGS).
begin "scripts/meson-swift-build.sh (release, as Meson)"
in_chroot sh -c 'cd /build/first-open && out=/var/tmp/first-open/meson-out && mkdir -p $out &&
    scripts/meson-swift-build.sh "$(command -v swift)" release /build/first-open /var/tmp/first-open/release static \
        /usr/libexec/first-open/first-open-window /usr/share/locale $out/swiftpm.d \
        $out/first-open $out/first-open-window $out/first-open-demo \
        $out/libLibFirstOpenSwift.a $out/libfirst-open-swift.rsp -- -Wl,-z,relro -Wl,-z,now' \
    || fail "the release build (scripts/meson-swift-build.sh) failed in the chroot"
finish "release build (Meson's)"
