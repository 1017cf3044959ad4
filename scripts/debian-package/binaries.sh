# shellcheck shell=bash
# The built binaries (ELF) and the packages' dependencies.
# Part of scripts/test-debian-package.sh, which sources it (its header says what the test
# does); the helpers and lists it uses are in common.sh.


# The binaries need nothing outside Debian: no library from the Swift toolchain, no RPATH,
# and every Depends names a Debian package (or one of ours).
check_binaries() {
    step "binaries and dependencies"
    local deb pkg x elf deps dep
    # apt-cache answers from the package lists (a fresh container may have none yet).
    apt-cache show --no-all-versions libc6 >/dev/null 2>&1 || apt-get -o DPkg::Lock::Timeout=600 update -qq
    for deb in "$debs_dir"/*.deb; do
        pkg=$(dpkg-deb -f "$deb" Package)
        case "$pkg" in *-dbgsym) continue ;; esac
        x="$work/contents/$pkg"
        mkdir -p "$x"
        dpkg-deb -x "$deb" "$x"
        while IFS= read -r -d '' elf; do
            if [ "$(head -c 4 "$elf" | tail -c 3)" = ELF ]; then
                ldd "$elf" | grep -E 'not found|/opt/' && fail "$pkg: ${elf#"$x"} needs a library outside Debian"
                # No search path of its own (scripts/meson-swift-build.sh links without
                # SwiftPM's RUNPATH $ORIGIN): libraries come from the system's only.
                readelf -dW "$elf" | grep -E 'RPATH|RUNPATH' \
                    && fail "$pkg: ${elf#"$x"} has a library search path"
                echo "$pkg: ${elf#"$x"}: $(ldd "$elf" | wc -l) libraries, all from Debian"
            fi
        done < <(find "$x" -type f -perm -u+x -print0)
        deps=$({ dpkg-deb -f "$deb" Depends; dpkg-deb -f "$deb" Pre-Depends; } | tr ',|' '\n\n' | sed -E 's/\(.*\)//; s/:any//; s/[[:space:]]//g' | sed '/^$/d' | sort -u)
        for dep in $deps; do
            [[ " ${packages[*]} " == *" $dep "* ]] && continue
            apt-cache show --no-all-versions "$dep" >/dev/null 2>&1 \
                || fail "$pkg depends on $dep, which no configured Debian repository provides"
        done
        echo "$pkg depends on: $(echo $deps)"
        # The Swift runtime linked into first-open and libfirst-open0, named as Policy 7.8
        # asks where Debian's swiftlang built them (debian/rules); swift.org's toolchain
        # (Debian 12's build profile) is no Debian package, and the field is left out.
        case "$pkg" in
            first-open|libfirst-open0)
                local built_using swift_version
                built_using=$(dpkg-deb -f "$deb" Static-Built-Using)
                if swift_version=$(dpkg-query -f '${Version}' -W swiftlang 2>/dev/null) && [ -n "$swift_version" ]; then
                    [ "$built_using" = "swiftlang (= $swift_version)" ] \
                        || fail "$pkg: Static-Built-Using is '$built_using', not 'swiftlang (= $swift_version)'"
                else
                    [ -z "$built_using" ] || fail "$pkg: Static-Built-Using '$built_using' without swiftlang installed"
                fi
                echo "$pkg: Static-Built-Using: ${built_using:-none, built with swift.org toolchain}" ;;
        esac
    done
    # /usr/bin/first-open as debian/rules links it (-Dlogin_linking=dynamic): glibc and GLib
    # from Debian, a PIE, and what keeps the login path fast (docs/performance.md): no
    # libstdc++ or libgcc_s to load, packed relative relocations.
    local login="$work/contents/first-open/usr/bin/first-open" dynamic
    dynamic=$(readelf -dW "$login")
    readelf -hW "$login" | grep -q 'DYN (Position-Independent Executable' || fail "first-open is not a PIE"
    grep -q 'NEEDED.*\[libglib-2.0.so.0\]' <<<"$dynamic" || fail "first-open does not link Debian's GLib"
    grep -E 'NEEDED.*\[lib(stdc\+\+|gcc_s)' <<<"$dynamic" && fail "first-open loads libstdc++ or libgcc_s at login"
    grep -q '(RELR)' <<<"$dynamic" || fail "first-open has no packed relative relocations (DT_RELR)"
    echo "first-open: PIE, DT_RELR, DT_NEEDED: $(grep -o "NEEDED.*" <<<"$dynamic" | grep -o "\[.*\]" | tr -d "[]" | tr "\n" " ")"
}
