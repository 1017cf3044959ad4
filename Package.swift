// swift-tools-version:6.0
// FirstOpenViews for GTK: a "Welcome" / "What's New" window for GTK 3 desktops.

import PackageDescription

// `first-open` runs at every login of every user: it is linked fully static (Swift
// runtime, GLib, PCRE2 and glibc; docs/architecture.md says why and what it costs).
// Distributions that forbid static linking build with FIRST_OPEN_LOGIN_LINKING=dynamic
// (Meson: -Dlogin_linking=dynamic); the Swift runtime is then linked as
// `--static-swift-stdlib` says.
let loginLinkingIsStatic = Context.environment["FIRST_OPEN_LOGIN_LINKING"] != "dynamic"
let loginLinkerSettings: [LinkerSetting] = loginLinkingIsStatic
    ? [.unsafeFlags(["-static-executable"]), .linkedLibrary("pcre2-8")]  // GLib's own dependency
    : []

let package = Package(
    name: "FirstOpenViews",
    products: [
        // The embedding API for Swift GTK apps.
        .library(name: "FirstOpenViews", targets: ["FirstOpenViews"]),
        // Decision and record keeping without GTK (login path, scripts).
        .library(name: "FirstOpenState", targets: ["FirstOpenState"]),
        // `first-open`: decides without loading GTK, hands over to the window helper.
        .executable(name: "first-open", targets: ["FirstOpenTool"]),
        // `first-open-window`: the GTK half of the CLI (show, screenshot), installed in libexec.
        .executable(name: "first-open-window", targets: ["FirstOpenWindowTool"]),
        // libfirst-open.so: the C / GObject Introspection interface for apps in C, Vala,
        // Python and JavaScript (first-open.h). Meson installs libFirstOpenLibrary.so as
        // libfirst-open.so.0.1.0 (its SONAME is libfirst-open.so.0).
        .library(name: "FirstOpenLibrary", type: .dynamic, targets: ["FirstOpenLibrary"]),
        // A small GTK app that embeds the API on its own main window.
        .executable(name: "first-open-demo", targets: ["FirstOpenDemo"]),
    ],
    targets: [
        // GLib alone (no GIO, no GTK): the login path loads nothing it does not use.
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // GTK 3 with a shim header for macros and variadic functions.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        .target(name: "FirstOpenState", dependencies: ["CGLib"]),
        .target(name: "FirstOpenContent", dependencies: ["FirstOpenState", "CGLib"]),
        // The one presentation flow (decide, quiet check, lock, decide again, content,
        // record) and its typed failure, driven by every front end; no GTK.
        .target(name: "FirstOpenFlow", dependencies: ["FirstOpenState", "FirstOpenContent"]),
        // GDK's X11 and Wayland calls for a parent window of another process (--parent):
        // C, because <gdk/gdkx.h> cannot be imported into Swift next to GTK's own types.
        .target(
            name: "CForeignWindow",
            dependencies: ["CGtk"],
            linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("wayland-client")]
        ),
        .target(name: "FirstOpenViews", dependencies: ["CGtk", "CForeignWindow", "FirstOpenState", "FirstOpenContent", "FirstOpenFlow"]),
        // What both executables share: option parsing (GOption), exit codes, the
        // first-open -> first-open-window hand-over; no GTK.
        .target(name: "FirstOpenToolSupport", dependencies: ["CGLib", "FirstOpenState", "FirstOpenContent", "FirstOpenFlow"]),
        .executableTarget(
            name: "FirstOpenTool",
            dependencies: ["FirstOpenToolSupport", "FirstOpenFlow", "FirstOpenState", "FirstOpenContent"],
            linkerSettings: loginLinkerSettings
        ),
        .executableTarget(
            name: "FirstOpenWindowTool",
            dependencies: ["FirstOpenToolSupport", "FirstOpenFlow", "FirstOpenViews", "FirstOpenContent", "FirstOpenState"]
        ),
        .executableTarget(name: "FirstOpenDemo", dependencies: ["FirstOpenViews"]),
        // libfirst-open's C half: GObject types, argument checks, signals (first-open.h).
        .target(
            name: "FirstOpenGObject",
            dependencies: ["CGtk"],
            exclude: ["libfirst-open.map", "meson.build"]
        ),
        // libfirst-open's Swift half: the decision and the window, through the modules above.
        // The shared library carries the Swift runtime (no toolchain needed at run time)
        // and exports the C interface alone (libfirst-open.map).
        .target(
            name: "FirstOpenLibrary",
            dependencies: ["FirstOpenGObject", "FirstOpenViews", "CGtk"],
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib",
                    "-Xlinker", "-soname=libfirst-open.so.0",
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/FirstOpenGObject/libfirst-open.map",
                ]),
            ]
        ),
        // What the test targets share: a seeded RNG, the display requirement (fail under
        // scripts/test.sh, skip elsewhere), waits on conditions.
        .target(name: "FirstOpenTestSupport", path: "Tests/FirstOpenTestSupport"),
        .testTarget(name: "FirstOpenStateTests", dependencies: ["FirstOpenState", "FirstOpenTestSupport"]),
        .testTarget(name: "FirstOpenContentTests", dependencies: ["FirstOpenContent", "FirstOpenTestSupport"]),
        .testTarget(name: "FirstOpenFlowTests", dependencies: ["FirstOpenFlow"]),
        .testTarget(name: "FirstOpenViewsTests", dependencies: ["FirstOpenViews", "CGtk", "FirstOpenTestSupport"]),
        .testTarget(name: "FirstOpenToolTests", dependencies: ["FirstOpenToolSupport", "FirstOpenTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
