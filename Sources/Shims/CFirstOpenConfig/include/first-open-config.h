/* Where an installed first-open finds its parts, as the build was told.
 *
 * Meson passes its install paths to SwiftPM (scripts/meson-swift-build.sh sets
 * FIRST_OPEN_CONFIG_* in the environment, Package.swift turns them into defines of
 * this target), so installed programs and libfirst-open never guess at run time where
 * they were installed; `-Dlibexecdir`, `-Dlocaledir` and `--prefix` are honoured as
 * given. A plain `swift build` is a development build: it has no install paths, and
 * names its source tree instead (for translations compiled into `.build/locale`).
 * The environment overrides for tests (FIRST_OPEN_HELPER, FIRST_OPEN_LOCALEDIR) are
 * read by the callers, before these.
 */
#ifndef FIRST_OPEN_CONFIG_H
#define FIRST_OPEN_CONFIG_H

/* The window helper's absolute path (<libexecdir>/first-open/first-open-window), or
 * NULL in a development build (the helper then sits next to `first-open`). */
const char *fo_config_helper_path (void);

/* The directory the `first-open` gettext catalogues are installed in (<localedir>), or
 * NULL in a development build. */
const char *fo_config_locale_directory (void);

/* The package's source directory in a development build (`swift build`), or NULL in a
 * build with install paths: no path of the build machine is compiled into those. */
const char *fo_config_source_root (void);

#endif /* FIRST_OPEN_CONFIG_H */
