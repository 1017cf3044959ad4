import Foundation
import XCTest
import FirstOpenTestSupport

/// The project's own golden images: the example window in both kinds, light and dark,
/// scale 1 and 2, English and Hebrew (right-to-left), rendered in one process and
/// compared with Tests/Golden/ by `first-open screenshot --compare`.
final class ScreenshotGoldenTests: XCTestCase {
    func testAllSixteenVariantsMatchTheGoldenImages() throws {
        let cli = try CLIHarness()
        let out = ScreenshotFixture.outputDirectory
        try? FileManager.default.removeItem(at: out)
        let goldenFiles = try FileManager.default.contentsOfDirectory(atPath: ScreenshotFixture.goldenDirectory.path)
            .filter { $0.hasSuffix(".png") }
        XCTAssertEqual(Set(goldenFiles), Set(ScreenshotFixture.goldenNames), "Tests/Golden holds exactly the 16 images")

        let result = try cli.run(
            ["screenshot", ScreenshotFixture.exampleSpec.path] + ScreenshotFixture.matrixArguments + [
                "--output", out.appendingPathComponent(ScreenshotFixture.pattern).path,
                "--compare", ScreenshotFixture.goldenDirectory.appendingPathComponent(ScreenshotFixture.pattern).path,
            ])

        XCTAssertEqual(result.status, 0, """
            rendered images differ from Tests/Golden:
            \(result.stderr)
            Renders and diff images (red = differing pixels): \(out.path)
            \(ScreenshotFixture.updateHint)
            """)
        let matching = result.stdout.split(separator: "\n").filter { $0.contains(": matches ") }
        XCTAssertEqual(matching.count, 16, result.stdout)
        for name in ScreenshotFixture.goldenNames {
            let rendered = out.appendingPathComponent(name).path
            XCTAssertTrue(FileManager.default.fileExists(atPath: rendered), "\(name) was rendered")
            if result.status == 0 {
                let diff = rendered.replacingOccurrences(of: ".png", with: "-diff.png")
                XCTAssertFalse(FileManager.default.fileExists(atPath: diff), "no diff image for a match")
            }
        }
    }

    /// A long What's New from AppStream release notes: every version from 2.4 to 3.5
    /// (pre-releases marked), headings with dates, paragraphs, bullets, numbers,
    /// italic and monospace text, in light, dark and right-to-left.
    func testLongReleaseNotesMatchTheGoldenImages() throws {
        let cli = try CLIHarness()
        let out = ScreenshotFixture.outputDirectory.appendingPathComponent("notes")
        try? FileManager.default.removeItem(at: out)
        let goldenFiles = try FileManager.default.contentsOfDirectory(atPath: ScreenshotFixture.notesGoldenDirectory.path)
            .filter { $0.hasSuffix(".png") }
        XCTAssertEqual(Set(goldenFiles), Set(ScreenshotFixture.notesGoldenNames))

        let result = try cli.run(
            ["screenshot", ScreenshotFixture.notesSpec.path] + ScreenshotFixture.notesMatrixArguments + [
                "--output", out.appendingPathComponent(ScreenshotFixture.pattern).path,
                "--compare", ScreenshotFixture.notesGoldenDirectory.appendingPathComponent(ScreenshotFixture.pattern).path,
            ])
        XCTAssertEqual(result.status, 0, """
            rendered images differ from Tests/Golden/notes:
            \(result.stderr)
            Renders and diff images (red = differing pixels): \(out.path)
            \(ScreenshotFixture.updateHint)
            """)
        XCTAssertEqual(result.stdout.split(separator: "\n").filter { $0.contains(": matches ") }.count, 4, result.stdout)
    }

    func testChangedAccentColourFailsTheComparisonAndWritesADiff() throws {
        let cli = try CLIHarness()
        let spec = try ScreenshotFixture.exampleSpecCopy(in: cli, accentColor: "#e01b24")
        let output = cli.root.appendingPathComponent("out/welcome.png").path
        let golden = ScreenshotFixture.goldenDirectory.appendingPathComponent("welcome-en-light@1x.png").path
        let diff = cli.root.appendingPathComponent("out/welcome-diff.png").path

        let result = try cli.run(["screenshot", spec, "--kind", "welcome", "--locale", "en", "--theme", "light",
                                  "--width", "480", "--output", output, "--compare", golden])

        XCTAssertEqual(result.status, 1, result.stderr)
        let line = result.stderr.split(separator: "\n").first { $0.contains("differs from") }.map(String.init) ?? ""
        XCTAssertTrue(line.contains(output) && line.contains(golden) && line.contains(diff), result.stderr)
        // The share of differing pixels is measured and far above the 0.1 % tolerance.
        let share = line.firstMatch(of: /([0-9.]+)% of pixels differ/).flatMap { Double($0.1) }
        XCTAssertGreaterThan(share ?? 0, 1, line)
        XCTAssertTrue(FileManager.default.fileExists(atPath: diff), "the diff image was written")
        let outputSize = try ScreenshotFixture.pngSize(output)
        let diffSize = try ScreenshotFixture.pngSize(diff)
        XCTAssertEqual(diffSize.width, outputSize.width)
        XCTAssertEqual(diffSize.height, outputSize.height)
    }

    func testTheSameVariantRendersTheSamePixelsAloneAndInABatch() throws {
        let cli = try CLIHarness()
        let spec = ScreenshotFixture.exampleSpec.path
        let variant = ["--kind", "whats-new", "--locale", "he", "--theme", "dark", "--scale", "2", "--width", "480"]
        let first = cli.root.appendingPathComponent("first.png").path
        let second = cli.root.appendingPathComponent("second.png").path

        XCTAssertEqual(try cli.run(["screenshot", spec, "--output", first] + variant).status, 0)
        XCTAssertEqual(try cli.run(["screenshot", spec, "--output", second] + variant).status, 0)
        let firstBytes = try Data(contentsOf: URL(fileURLWithPath: first))
        XCTAssertGreaterThan(firstBytes.count, 10_000)
        XCTAssertEqual(firstBytes, try Data(contentsOf: URL(fileURLWithPath: second)), "same input, same PNG bytes")

        // In a batch the window is drawn after other languages, themes and scales:
        // nothing of them may leak in. Compared on decoded pixels with zero tolerance.
        let batch = try cli.run(["screenshot", spec, "--kind", "welcome,whats-new", "--locale", "en,he",
                                 "--theme", "light,dark", "--scale", "1,2", "--width", "480",
                                 "--output", cli.root.appendingPathComponent("batch/{kind}-{locale}-{theme}@{scale}x.png").path,
                                 "--compare", first, "--tolerance", "0,0"])
        // Only the one variant that matches `first` may match it; all others differ.
        let matching = batch.stdout.split(separator: "\n").filter { $0.contains(": matches ") }
        XCTAssertEqual(matching.count, 1, batch.stdout + batch.stderr)
        XCTAssertTrue(matching.first?.contains("batch/whats-new-he-dark@2x.png: matches") == true, batch.stdout)
        XCTAssertTrue(matching.first?.contains("(0% of pixels differ") == true, batch.stdout)
        XCTAssertEqual(batch.status, 1, "the other 15 variants differ from it")
    }
}
