// swift-tools-version:6.0
// FirstOpenViews for GTK: a "Welcome" / "What's New" window for GTK 3 desktops.

import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

// `first-open` runs at every login of every user: it is linked fully static (Swift
// runtime, GLib, PCRE2 and glibc; docs/architecture.md says why and what it costs).
// Distributions that forbid static linking build with FIRST_OPEN_LOGIN_LINKING=dynamic
// (Meson: -Dlogin_linking=dynamic); the Swift runtime is then linked as
// `--static-swift-stdlib` says.
let loginLinkingIsStatic = Context.environment["FIRST_OPEN_LOGIN_LINKING"] != "dynamic"
// How an executable that links glibc and GLib (or GTK) dynamically trims what the loader
// does before main (measured in docs/performance.md, "The packaged login path: where the
// time went"): libstdc++ and libgcc linked in (build-aux/static-libstdc++ says how),
// relative relocations packed (DT_RELR, glibc >= 2.36; gold cannot write them, lld can),
// and none of our own symbols exported (the toolchain's -export-dynamic; nothing looks
// them up). The window helper is always linked so; the dynamic login binary also places
// the functions the login path runs together (scripts/update-login-symbol-order.sh).
let fastStartLinkerFlags = [
    "-use-ld=lld",
    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    "-Xlinker", "--no-export-dynamic",
    "-L", "\(Context.packageDirectory)/build-aux/static-libstdc++",
    "-Xclang-linker", "-static-libgcc",
]
// The fully static link: GLib's own dependencies as `pkg-config --static --libs glib-2.0`
// names them (PCRE2; and sysprof's capture library where GLib is built with it, Debian 13:
// Debian 12's GLib has none), and build-aux/no-icu in place of the ICU archives Debian's
// Swift names without shipping them (its files say why that is right).
#if arch(x86_64)
let multiarchLibraries = "/usr/lib/x86_64-linux-gnu"
#else
let multiarchLibraries = "/usr/lib/aarch64-linux-gnu"
#endif
let glibStaticDependencies = ["pcre2-8"] + ["sysprof-capture-4"].filter { name in
    [multiarchLibraries, "/usr/lib64", "/usr/lib"].contains { access("\($0)/lib\(name).a", F_OK) == 0 }
}
let loginLinkerSettings: [LinkerSetting] = loginLinkingIsStatic
    ? [.unsafeFlags(["-static-executable", "-L", "\(Context.packageDirectory)/build-aux/no-icu"])]
        + glibStaticDependencies.map { LinkerSetting.linkedLibrary($0) }
    : [.unsafeFlags(fastStartLinkerFlags + [
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/build-aux/login-symbol-order.txt",
        "-Xlinker", "--no-warn-symbol-ordering",
    ])]

// Install paths: Meson passes its own (scripts/meson-swift-build.sh), so installed
// programs never guess where they live (Sources/Shims/CFirstOpenConfig). A plain `swift build`
// is a development build that knows its source tree instead.
let installPaths = [
    ("FIRST_OPEN_HELPER_PATH", Context.environment["FIRST_OPEN_CONFIG_HELPER_PATH"]),
    ("FIRST_OPEN_LOCALE_DIRECTORY", Context.environment["FIRST_OPEN_CONFIG_LOCALE_DIRECTORY"]),
].compactMap { name, value in value.map { CSetting.define(name, to: "\"\($0)\"") } }
let configSettings: [CSetting] = installPaths.isEmpty
    ? [.define("FIRST_OPEN_SOURCE_ROOT", to: "\"\(Context.packageDirectory)\"")]
    : installPaths

let package = Package(
    name: "FirstOpenViews",
    products: [
        // The embedding API for Swift GTK apps.
        .library(name: "FirstOpenViews", targets: ["FirstOpenViews"]),
        // The embedding API for apps of any other toolkit (GTK 4, libadwaita, Adwaita for
        // Swift): no GTK at all; the window is first-open's, over the app's window named by
        // its portal handle (x11:XID, wayland:HANDLE).
        .library(name: "FirstOpenClient", targets: ["FirstOpenClient"]),
        // (FirstOpenState, the decision and the record without GTK, is no product: an app
        // reaches the record through one of the two above, and first-open through its CLI;
        // its declarations are `package`. Tests/Embedding/public-api.sh checks that no
        // module outside these products declares anything public.)
        // `first-open`: decides without loading GTK, hands over to the window helper.
        .executable(name: "first-open", targets: ["FirstOpenTool"]),
        // `first-open-window`: the GTK half of the CLI (show, screenshot), installed in libexec.
        .executable(name: "first-open-window", targets: ["FirstOpenWindowTool"]),
        // The Swift half of libfirst-open (the C / GObject Introspection library for apps
        // in C, Vala, Python and JavaScript): Meson links this archive into the shared
        // library it builds from native/libfirst-open/ (native/libfirst-open/meson.build).
        .library(name: "LibFirstOpenSwift", type: .static, targets: ["LibFirstOpenSwift"]),
        // A small GTK app that embeds the API on its own main window.
        .executable(name: "first-open-demo", targets: ["FirstOpenDemo"]),
    ],
    targets: [
        // GLib alone (no GIO, no GTK): the login path loads nothing it does not use.
        .systemLibrary(
            name: "CGLib", path: "Sources/Shims/CGLib",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // GTK 3 with a shim header for macros and variadic functions.
        .systemLibrary(
            name: "CGtk", path: "Sources/Shims/CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        // Install paths given by the build (first-open-config.h).
        .target(name: "CFirstOpenConfig", path: "Sources/Shims/CFirstOpenConfig", cSettings: configSettings),
        // The Swift runtime's start-up without /proc/self/maps and a swift-backtrace
        // search (program-start.h says how): linked into both programs, nothing to import.
        .target(name: "CProgramStart", path: "Sources/Shims/CProgramStart"),
        // The one GError bridge (GLibError) and the one checked read (CheckedFile): GLib and
        // libc only, shared by Core (which re-exports it) and the GTK wrappers.
        .target(name: "FirstOpenSystem", dependencies: ["CGLib"], path: "Sources/Shims/FirstOpenSystem"),
        .target(name: "FirstOpenState", dependencies: ["CGLib", "FirstOpenSystem"], path: "Sources/Core/State"),
        .target(name: "FirstOpenContent", dependencies: ["FirstOpenState", "CGLib"], path: "Sources/Core/Content"),
        // The one presentation flow (decide, quiet check, lock, decide again, content,
        // record) and its typed failure, driven by every front end; no GTK.
        .target(name: "FirstOpenFlow", dependencies: ["FirstOpenState", "FirstOpenContent"], path: "Sources/Core/Flow"),
        // The Wayland round trip on a private event queue and the globals probe, written
        // once for CForeignWindow and the GTK module (Meson compiles the same file).
        .target(name: "CWayland", dependencies: ["CGtk"], path: "native/wayland",
                linkerSettings: [.linkedLibrary("wayland-client")]),
        // GDK's X11 and Wayland calls for a parent window of another process (--parent):
        // C, because <gdk/gdkx.h> cannot be imported into Swift next to GTK's own types.
        .target(
            name: "CForeignWindow",
            dependencies: ["CGtk", "CWayland"],
            path: "Sources/Shims/CForeignWindow",
            linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("wayland-client")]
        ),
        // A GtkLabel whose accessible reports its heading level (a GObject subclass: C).
        .target(name: "CHeadingLabel", dependencies: ["CGtk"], path: "Sources/Shims/CHeadingLabel"),
        // Thin typed wrappers of the GTK 3 calls the window makes (Window, Widget, Label,
        // GTK's main loop…): package access only, so they never meet an app's own GTK
        // bindings (SwiftGtk, adwaita-swift) by name.
        .target(
            name: "FirstOpenGTKWrappers",
            dependencies: ["CGtk", "CForeignWindow", "CHeadingLabel", "FirstOpenSystem"],
            path: "Sources/FrontEnds/GTK"
        ),
        // The seed's value types (InformationDetailView, FirstOpenColor), shared by both
        // embedding APIs; no GTK.
        .target(name: "FirstOpenViewsModel", dependencies: ["FirstOpenContent"], path: "Sources/Core/ViewsModel"),
        // The embedding API without GTK: writes a spec for the app's rows, runs
        // `first-open SPEC --parent HANDLE` and reports the outcome on the GLib main loop.
        .target(name: "FirstOpenClient", dependencies: ["CGLib", "FirstOpenState", "FirstOpenContent", "FirstOpenViewsModel"], path: "Sources/FrontEnds/Client"),
        .target(name: "FirstOpenViews", dependencies: ["CGtk", "CForeignWindow", "FirstOpenViewsModel", "CFirstOpenConfig", "FirstOpenGTKWrappers", "FirstOpenState", "FirstOpenContent", "FirstOpenFlow"], path: "Sources/FrontEnds/Views"),
        // What both executables share: option parsing (GOption), exit codes, the
        // first-open -> first-open-window hand-over; no GTK.
        .target(name: "FirstOpenToolSupport", dependencies: ["CGLib", "FirstOpenState", "FirstOpenContent", "FirstOpenFlow"], path: "Sources/FrontEnds/ToolSupport"),
        .executableTarget(
            name: "FirstOpenTool",
            dependencies: ["CFirstOpenConfig", "CProgramStart", "FirstOpenToolSupport", "FirstOpenFlow", "FirstOpenState", "FirstOpenContent"],
            path: "Sources/FrontEnds/Tool",
            linkerSettings: loginLinkerSettings
        ),
        .executableTarget(
            name: "FirstOpenWindowTool",
            dependencies: ["CProgramStart", "CForeignWindow", "FirstOpenToolSupport", "FirstOpenFlow", "FirstOpenViews", "FirstOpenGTKWrappers", "FirstOpenContent", "FirstOpenState"],
            path: "Sources/FrontEnds/WindowTool",
            linkerSettings: [.unsafeFlags(fastStartLinkerFlags)]
        ),
        .executableTarget(name: "FirstOpenDemo", dependencies: ["FirstOpenViews", "FirstOpenGTKWrappers"], path: "Sources/FrontEnds/Demo"),
        // libfirst-open's private seam between its C half (native/libfirst-open/, built by Meson)
        // and its Swift half below: the bridge functions and the public enums' values.
        .systemLibrary(name: "CFirstOpenBridge", path: "native/libfirst-open/bridge"),
        // libfirst-open's Swift half: the decision and the window, through the modules above.
        .target(name: "LibFirstOpenSwift", dependencies: ["CFirstOpenBridge", "FirstOpenViews", "FirstOpenGTKWrappers", "CGtk"], path: "native/libfirst-open/swift"),
        // What the test targets share: a seeded RNG, the display requirement (fail under
        // scripts/test.sh, skip elsewhere), waits on conditions, the package root, the one
        // temporary folder, and the harness that runs the programs.
        .target(name: "FirstOpenTestSupport", path: "Tests/FirstOpenTestSupport"),
        .testTarget(name: "FirstOpenStateTests", dependencies: ["FirstOpenState", "FirstOpenTestSupport"]),
        .testTarget(name: "FirstOpenContentTests", dependencies: ["FirstOpenContent", "FirstOpenTestSupport"]),
        .testTarget(name: "FirstOpenFlowTests", dependencies: ["FirstOpenFlow", "FirstOpenContent", "FirstOpenState", "FirstOpenTestSupport"]),
        .testTarget(name: "FirstOpenViewsTests", dependencies: ["FirstOpenViews", "FirstOpenGTKWrappers", "FirstOpenFlow", "FirstOpenContent", "FirstOpenState", "CGtk", "FirstOpenTestSupport"]),
        // An app's own GTK bindings next to FirstOpenViews (PublicAPITests): a client
        // that sees only the product's public declarations.
        .target(name: "OtherGTKBindings", path: "Tests/OtherGTKBindings"),
        .testTarget(name: "PublicAPITests", dependencies: ["FirstOpenViews", "OtherGTKBindings"]),
        .testTarget(name: "FirstOpenClientTests", dependencies: ["FirstOpenClient", "FirstOpenContent", "FirstOpenState", "CGLib", "FirstOpenTestSupport"]),
        .testTarget(name: "FirstOpenToolTests", dependencies: ["FirstOpenTestSupport"]),
        .testTarget(name: "FirstOpenToolSupportTests", dependencies: ["FirstOpenToolSupport", "FirstOpenFlow", "FirstOpenContent", "FirstOpenState", "FirstOpenTestSupport"]),
        // What holds across the repository: the docs against the tree and the package's
        // dependency graph, one version number, the data files against their validators.
        .testTarget(name: "RepositoryTests", dependencies: ["FirstOpenToolSupport", "FirstOpenTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Generic types used by concrete code (`[ReleaseNotes]`, `[String: String]`, an optional
// tuple…) get their metadata, by default, from the runtime's demangler on first use
// (smaller code): on the nothing-due login path that was ~200,000 instructions for ~20
// types, with a protocol-conformance scan for each Hashable key. Direct metadata
// accessors skip it (docs/performance.md). It is a frontend flag, which SwiftPM allows
// only in the root package: the project's own builds of its programs (Meson,
// scripts/test.sh, scripts/benchmark.sh) set FIRST_OPEN_PROGRAM_BUILD=1; a package that
// depends on FirstOpenViews builds without it, and gets the same behaviour.
if Context.environment["FIRST_OPEN_PROGRAM_BUILD"] == "1" {
    let directMetadata = SwiftSetting.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
    for target in package.targets where target.type != .test && target.type != .system
        && target.name.contains("FirstOpen") && !target.name.hasPrefix("C") {
        target.swiftSettings = (target.swiftSettings ?? []) + [directMetadata]
    }
}
