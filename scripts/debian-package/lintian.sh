# shellcheck shell=bash
# lintian on the .changes.
# Part of scripts/test-debian-package.sh, which sources it (its header says what the test
# does); the helpers and lists it uses are in common.sh.

run_lintian() {
    step "lintian (errors and warnings fail; overrides in debian/*.lintian-overrides)"
    local changes
    changes=$(ls "$debs_dir"/*.changes)
    # --fail-on: tags at these levels make lintian exit non-zero; informational tags show only.
    lintian --fail-on error,warning --display-info "$changes" 2>&1 \
        | grep -v 'running with root privileges is not recommended' || true
    lintian --fail-on error,warning "$changes" >/dev/null 2>&1 || fail "lintian reported errors or warnings"
    echo "lintian: no errors, no warnings"
}
