#!/bin/sh
# Compiles po/<lang>.po (languages in po/LINGUAS) into
#   <dir>/<lang>/LC_MESSAGES/first-open.mo      (default dir: .build/locale)
# which the `first-open` gettext domain finds in the build tree (see
# Sources/FrontEnds/Views/Localization/Localization.swift), so tests and the demo run translated.
#
#   scripts/build-translations.sh [DIR]
#   scripts/build-translations.sh --update-pot   regenerate po/first-open.pot from
#                                                po/POTFILES and merge it into po/*.po
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
po="$root/po"
domain=first-open

languages() {
    grep -v '^[[:space:]]*#' "$po/LINGUAS" | tr -s ' \t' '\n\n' | grep -v '^$'
}

if [ "${1:-}" = "--update-pot" ]; then
    # Swift string literals and calls read fine with xgettext's C parser.
    (cd "$root" && grep -v '^[[:space:]]*#' po/POTFILES | xargs xgettext -L C --from-code=UTF-8 \
        --keyword=gettext:1 --keyword=ngettext:1,2 --keyword=pgettext:1c,2 --add-comments=TRANSLATORS: \
        --package-name="$domain" --msgid-bugs-address= --sort-output \
        -o po/$domain.pot)
    for lang in $(languages); do
        msgmerge --quiet --update --backup=none --no-fuzzy-matching "$po/$lang.po" "$po/$domain.pot"
    done
    exit 0
fi

command -v msgfmt >/dev/null 2>&1 || {
    echo "build-translations.sh: msgfmt not found (install the gettext package)" >&2
    exit 69
}

out=${1:-"$root/.build/locale"}
for lang in $(languages); do
    mkdir -p "$out/$lang/LC_MESSAGES"
    msgfmt --check --output-file="$out/$lang/LC_MESSAGES/$domain.mo" "$po/$lang.po"
done
echo "build-translations.sh: compiled $(languages | wc -l) translations into $out"
