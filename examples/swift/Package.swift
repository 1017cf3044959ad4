// swift-tools-version:6.0
// A Swift GTK app that embeds FirstOpenViews: its code is the README's Swift example.
//
//     swift run --package-path examples/swift car-app [VERSION]
//
// It depends on FirstOpenViews the way apps do, by URL and version. The URL is a
// placeholder until the project has a public home: point it at wherever you got the
// package, or map it to a local clone without editing this file:
//     swift package config set-mirror --original https://example.org/first-open/FirstOpenViews.git \
//         --mirror file:///path/to/a/clone/with/a/version/tag
// (Tests/Embedding/swift-example.sh does that with a snapshot of this checkout).
import PackageDescription

let package = Package(
    name: "CarApp",
    products: [.executable(name: "car-app", targets: ["CarApp"])],
    dependencies: [
        .package(url: "https://example.org/first-open/FirstOpenViews.git", from: "0.1.0"),
    ],
    targets: [
        .executableTarget(
            name: "CarApp",
            dependencies: [.product(name: "FirstOpenViews", package: "FirstOpenViews")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
