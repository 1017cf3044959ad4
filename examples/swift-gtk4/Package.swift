// swift-tools-version:6.0
// A Swift GTK 4 app that embeds FirstOpenClient: its code is docs/embedding.md's
// "Swift GTK 4 and Adwaita for Swift" example. GTK 4 only: it must never load GTK 3.
//
//     swift run --package-path examples/swift-gtk4 car-app-gtk4 [VERSION]
//
// Like examples/swift it depends on the package by URL and version (map the URL to a
// clone with `swift package config set-mirror`; Tests/Embedding/swift-gtk4-example.sh
// does that with a snapshot of this checkout). It needs `first-open` in PATH.
import PackageDescription

let package = Package(
    name: "CarAppGtk4",
    products: [.executable(name: "car-app-gtk4", targets: ["CarAppGtk4"])],
    dependencies: [
        .package(url: "https://example.org/first-open/FirstOpenViews.git", from: "0.1.0"),
    ],
    targets: [
        // The app's own GTK 4 binding (an Adwaita for Swift app has its own).
        .systemLibrary(name: "CGtk4", path: "Sources/CGtk4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .executableTarget(
            name: "CarAppGtk4",
            dependencies: ["CGtk4", .product(name: "FirstOpenClient", package: "FirstOpenViews")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
