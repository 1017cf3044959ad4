#!/usr/bin/env bash
# Installs the Debian packages the build, the demo and the tests need.
# Idempotent: does nothing when every package is already installed.
# With no `swift` on PATH it also installs Debian's own Swift (`swiftlang`, Debian 13 and
# later); on a release without it (Debian 12), install Swift 6.0 or later from swift.org.
#
#   scripts/setup.sh              # build + tests + packaging (CI, scripts/test.sh)
#   scripts/setup.sh --demo       # only what scripts/demo.sh needs to build and show one window
#   scripts/setup.sh --benchmark  # everything, plus what benchmarks/run.py needs
#   scripts/setup.sh [--demo|--benchmark] --list   # print the packages, install nothing
set -euo pipefail

# What building FirstOpenViews and showing (or, with no display, rendering) one window needs.
demo_packages=(
    libgtk-3-dev pkg-config        # the GTK 3 module map
    xvfb xauth                     # no display: render the window on a private Xvfb
    adwaita-icon-theme librsvg2-common fonts-dejavu-core  # the icons and fonts it draws
    gettext                        # msgfmt for the translations
)
packages=(
    "${demo_packages[@]}"
    libglib2.0-dev libpcre2-dev    # static GLib and PCRE2 archives for the static first-open
    # xdg-foreign v2 (KWin): wayland-scanner generates the GTK module's exporter code from
    # wayland-protocols' XML at build time, and check-desktop.py's v2 test client's
    libwayland-dev libwayland-bin wayland-protocols
    libxi-dev                      # XInput 2's FocusIn event (its X time, for the typed-ahead guard)
    xdotool                        # driving windows in the tests
    libx11-6 libxtst6              # the tests' own X connection (firstopen_testing.XClient, ctypes)
    openbox                        # a window manager's stacking and focus in the GTK module tests
    weston                         # headless Wayland compositor for the Wayland session test
    desktop-file-utils appstream   # validating data/ files
    meson ninja-build              # the distribution build
    gcc gobject-introspection libgirepository1.0-dev valac  # libfirst-open: C, GIR, typelib, vapi (vapigen)
    gi-docgen  # libfirst-open's API reference (meson -Ddocumentation=true)
    python3-gi gir1.2-gtk-3.0 gjs  # libfirst-open's Python and JavaScript examples and tests
    gir1.2-gtk-4.0 python3-tk x11-utils  # --parent tests: GTK 4 and Tk windows of another process; xprop
    libgtk-4-dev gir1.2-adw-1  # libfirst-open-client-gtk4, its GTK 4 (C) and libadwaita (Python) examples, examples/swift-gtk4
    qtbase5-dev g++  # examples/qt: a Qt app on libfirst-open-client (the parent string), docs/embedding.md's Qt section
    # the real desktops of Tests/Desktops (RealDesktopTests): GNOME Shell and mutter headless
    # on Wayland, KWin's virtual Wayland output, X11 window managers on Xvfb; xprop and
    # xwininfo (x11-utils) read what the window managers say, gdbus (libglib2.0-bin) loads
    # KWin's scripts (the GTK module's kwin test too)
    gnome-shell mutter kwin-wayland xfwm4 openbox libglib2.0-bin
    # the accessibility tests (Tests/Accessibility/): a private session bus, the AT-SPI
    # bus and registry, Python's Atspi bindings, and the Orca screen reader itself
    dbus-daemon at-spi2-core gir1.2-atspi-2.0 orca
    # the desktop portals a machine with GNOME has: GTK 4 and libadwaita activate them on a
    # session bus (RealDesktopTests' check-session-bus.py: tests must leave nothing running)
    xdg-desktop-portal xdg-desktop-portal-gtk
    dpkg-dev debhelper build-essential lintian  # the Debian packages (scripts/test-debian-package.sh)
    git  # Tests/Embedding/swift-example.sh: the example app gets the package from a tagged git snapshot
    debootstrap iproute2  # scripts/test-debian13.sh (.ci/run): the Debian 13 chroot, its own network namespace (ip)
    locales libc-l10n  # locale-gen: the tests' real locales (below); glibc's own catalogues, gettext's choice seen in tests
)
# The locales the tests run translated windows under, generated as a user's are: gettext
# ignores LANGUAGE in C, and glibc 2.41 (Debian 13) in C.UTF-8 too. English (US), and
# the two translations the tests show: German, Hebrew (right to left).
test_locales=(en_US.UTF-8 de_DE.UTF-8 he_IL.UTF-8)

list=false
for argument in "$@"; do
    case "$argument" in
        --demo) packages=("${demo_packages[@]}"); test_locales=() ;;
        --benchmark)
            packages+=(python3 libx11-dev   # run.py and its C references (mapwatch.c uses Xlib)
                       valgrind             # scripts/update-login-symbol-order.sh
                       yad zenity) ;;        # the peers a login script would otherwise use
        --list) list=true ;;
        *) echo "setup.sh: unknown option '$argument' (--demo, --benchmark, --list)" >&2; exit 64 ;;
    esac
done
# The toolchain: one on PATH (swift.org's, or Debian's already installed) is used as it is.
command -v swift >/dev/null || packages+=(swiftlang)
if $list; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
missing_locales=()
for name in "${test_locales[@]}"; do  # `locale -a` writes de_DE.UTF-8 as de_DE.utf8
    locale -a 2>/dev/null | grep -qx "${name%.UTF-8}.utf8" || missing_locales+=("$name")
done
[ ${#missing[@]} -eq 0 ] && [ ${#missing_locales[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
# Debian's locale-gen makes the locales /etc/locale.gen names (and only those).
generate_locales() {
    [ ${#missing_locales[@]} -eq 0 ] && return 0
    echo "Generating locales: ${missing_locales[*]}" >&2
    for name in "${missing_locales[@]}"; do
        grep -qx "$name UTF-8" /etc/locale.gen 2>/dev/null || echo "$name UTF-8" | $sudo tee -a /etc/locale.gen >/dev/null
    done
    $sudo locale-gen >&2
}
[ ${#missing[@]} -eq 0 ] && { generate_locales; exit 0; }
# Another apt (unattended-upgrades at boot, a software centre) may hold the dpkg lock:
# wait for it up to 10 minutes instead of failing at once.
apt_options=(-o DPkg::Lock::Timeout=600)
echo "Installing: ${missing[*]}" >&2
$sudo apt-get "${apt_options[@]}" update -qq
if [[ " ${missing[*]} " == *" swiftlang "* ]] && ! apt-cache show swiftlang >/dev/null 2>&1; then
    echo "setup.sh: no swift on PATH and this release has no swiftlang package (Debian 13 has): install Swift 6.0 or later from swift.org" >&2
    exit 1
fi
DEBIAN_FRONTEND=noninteractive $sudo apt-get "${apt_options[@]}" install -y -qq --no-install-recommends "${missing[@]}"
generate_locales
