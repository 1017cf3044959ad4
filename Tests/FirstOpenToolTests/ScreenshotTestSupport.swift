import Foundation
import XCTest
import FirstOpenTestSupport

/// Shared pieces of the `first-open screenshot` tests: the golden matrix, paths,
/// and small readers for what the renderer writes.
enum ScreenshotFixture {
    /// The example spec the golden images are rendered from.
    static var exampleSpec: URL {
        packageRoot.appendingPathComponent("data/examples/org.example.Car.spec")
    }

    /// The committed golden images of the release the tests run on: Debian 12's in
    /// Tests/Golden, Debian 13's in Tests/Golden/debian-13 (its font stack draws text a
    /// few pixels apart: 0.2–0.6 % of an English window, over the 0.1 % tolerance).
    /// scripts/update-goldens.sh picks the folder the same way.
    static var goldenDirectory: URL {
        let root = packageRoot.appendingPathComponent("Tests/Golden")
        return releaseFolder.map { root.appendingPathComponent($0) } ?? root
    }

    /// `debian-13` on Debian 13 (from /etc/os-release), `nil` elsewhere.
    static var releaseFolder: String? {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
        let fields = text.split(separator: "\n").map { $0.replacingOccurrences(of: "\"", with: "") }
        return fields.contains("ID=debian") && fields.contains("VERSION_ID=13") ? "debian-13" : nil
    }

    /// Where the golden test leaves its renders and diff images for a human to look at.
    static var outputDirectory: URL { packageRoot.appendingPathComponent(".build/golden-out") }

    /// The file-name pattern of the golden images.
    static let pattern = "{kind}-{locale}-{theme}@{scale}x.png"

    /// The matrix of the golden images; keep in step with scripts/update-goldens.sh.
    static let matrixArguments = [
        "--kind", "welcome,whats-new", "--locale", "en,he", "--theme", "light,dark", "--scale", "1,2", "--width", "480",
    ]

    /// Every golden file name, e.g. `whats-new-he-dark@2x.png`.
    static var goldenNames: [String] {
        var names: [String] = []
        for kind in ["welcome", "whats-new"] {
            for locale in ["en", "he"] {
                for theme in ["light", "dark"] {
                    for scale in [1, 2] { names.append("\(kind)-\(locale)-\(theme)@\(scale)x.png") }
                }
            }
        }
        return names
    }

    /// The long What's New of AppStream release notes (Tests/Golden/notes): the spec,
    /// its matrix and file names; keep in step with scripts/update-goldens.sh.
    static var notesSpec: URL {
        packageRoot.appendingPathComponent("Tests/Golden/notes/org.example.Maps.spec")
    }
    static var notesGoldenDirectory: URL { goldenDirectory.appendingPathComponent("notes") }
    static let notesMatrixArguments = [
        "--kind", "whats-new", "--from", "2.4", "--locale", "en,he", "--theme", "light,dark", "--scale", "1",
        "--width", "480",
    ]
    static let notesGoldenNames = ["en-light", "en-dark", "he-light", "he-dark"].map { "whats-new-\($0)@1x.png" }

    /// How to regenerate the goldens, for failure messages.
    static let updateHint = "If the change is intended, run scripts/update-goldens.sh, look at the images "
        + "(git diff --stat Tests/Golden) and commit them."

    /// Copies the example spec (and the metainfo file it reads) into `cli`'s private
    /// folder, with `AccentColor=` replaced; returns the copy's path.
    static func exampleSpecCopy(in cli: CLIHarness, accentColor: String) throws -> String {
        let text = try String(contentsOf: exampleSpec, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("AccentColor=") ? "AccentColor=\(accentColor)" : String(line)
        }
        let metainfo = exampleSpec.deletingLastPathComponent().appendingPathComponent("org.example.Car.metainfo.xml")
        try cli.write("spec/org.example.Car.metainfo.xml", String(contentsOf: metainfo, encoding: .utf8))
        let copy = try cli.write("spec/org.example.Car.spec", lines.joined(separator: "\n"))
        // The app icon lives in the icons folder next to the spec: only the colour differs.
        try FileManager.default.createSymbolicLink(
            at: URL(fileURLWithPath: copy).deletingLastPathComponent().appendingPathComponent("icons"),
            withDestinationURL: exampleSpec.deletingLastPathComponent().appendingPathComponent("icons"))
        return copy
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ path: String) throws -> (width: Int, height: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count > 24, Array(data.prefix(8)) == signature, data[12..<16].elementsEqual("IHDR".utf8) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
        }
        func number(_ offset: Int) -> Int {
            data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        return (number(16), number(20))
    }

    /// The private Xvfb's pid and display number from `--verbose` output
    /// ("private Xvfb :3 (pid 1234, …").
    static func privateServer(in stderr: String) -> (pid: Int32, display: Int)? {
        guard let range = stderr.range(of: "private Xvfb :") else { return nil }
        let rest = stderr[range.upperBound...]
        let display = Int(rest.prefix { $0.isNumber })
        guard let pidRange = rest.range(of: "(pid ") else { return nil }
        let pid = Int32(rest[pidRange.upperBound...].prefix { $0.isNumber })
        guard let display, let pid else { return nil }
        return (pid, display)
    }

    /// Whether a process with this id exists (zombies count as gone).
    static func processExists(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        return !status.contains("State:\tZ")
    }
}
