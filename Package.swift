// swift-tools-version:6.0
// FirstOpenViews for GTK: a "Welcome" / "What's New" window for GTK 3 desktops.

import PackageDescription

let package = Package(
    name: "FirstOpenViews",
    products: [
        // The embedding API for Swift GTK apps.
        .library(name: "FirstOpenViews", targets: ["FirstOpenViews"]),
        // Decision and record keeping without GTK (login path, scripts).
        .library(name: "FirstOpenState", targets: ["FirstOpenState"]),
        // `first-open`: decides without loading GTK, hands over to the window helper.
        .executable(name: "first-open", targets: ["FirstOpenCLI"]),
        // `first-open-window`: the GTK half of the CLI (show, screenshot), installed in libexec.
        .executable(name: "first-open-window", targets: ["FirstOpenHelper"]),
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
        .target(name: "FirstOpenViews", dependencies: ["CGtk", "FirstOpenState", "FirstOpenContent"]),
        // Option parsing (GOption), exit codes and shared command plumbing; no GTK.
        .target(name: "FirstOpenCommandLine", dependencies: ["CGLib", "FirstOpenState", "FirstOpenContent"]),
        .executableTarget(name: "FirstOpenCLI", dependencies: ["FirstOpenCommandLine", "FirstOpenState", "FirstOpenContent"]),
        .executableTarget(
            name: "FirstOpenHelper",
            dependencies: ["FirstOpenCommandLine", "FirstOpenViews", "FirstOpenContent", "FirstOpenState"]
        ),
        .executableTarget(name: "FirstOpenDemo", dependencies: ["FirstOpenViews"]),
        .testTarget(name: "FirstOpenStateTests", dependencies: ["FirstOpenState"]),
        .testTarget(name: "FirstOpenContentTests", dependencies: ["FirstOpenContent"]),
        .testTarget(name: "FirstOpenViewsTests", dependencies: ["FirstOpenViews", "CGtk"]),
        .testTarget(name: "FirstOpenCLITests", dependencies: ["FirstOpenCommandLine"]),
    ],
    swiftLanguageModes: [.v6]
)
