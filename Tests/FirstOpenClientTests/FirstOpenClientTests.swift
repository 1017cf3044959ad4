@testable import FirstOpenClient
import CGLib
import FirstOpenContent
import FirstOpenState
import FirstOpenTestSupport
import Foundation
import XCTest

/// The client's two halves that need no display: the spec it writes (read back with the
/// project's own spec parser, as first-open reads it) and how it reads first-open's exit;
/// and a whole run against a stand-in first-open, on a GLib main loop.
final class FirstOpenClientTests: XCTestCase {
    /// Text GKeyFile must escape: a leading space, newlines, a tab, a trailing backslash,
    /// `#`, `=`, brackets, markup, non-ASCII.
    static let hostile = [" leading space", "two\nlines", "tab\there", "trailing backslash\\",
                          "# not a comment", "a=b [Welcome 9]", "<b>&amp;</b>", "Grüße 🚋"]

    func testRowsReachTheSpecAsGiven() throws {
        let rows = Self.hostile.enumerated().map { index, text in
            InformationDetailView(title: text, subTitle: Self.hostile.reversed()[index], image: "emoji-travel-symbolic",
                                  mainColor: index == 0 ? FirstOpenColor("#26a269") : index == 1 ? .blue : .accent)
        }
        let welcome = FirstOpenOptions(appID: "org.example.Car", appName: " Car\\n", version: "1.3.0",
                                       imageName: "org.example.Car", mainColor: .orange, informationDetailViews: rows)
        let whatsNew = FirstOpenOptions(appID: "org.example.Car", version: "1.3.0", policy: UpdatePolicy(change: .patch),
                                        informationDetailViews: Array(rows.prefix(2)))
        let spec = try ClientSpec(appID: "org.example.Car", calls: [(.welcome, welcome), (.whatsNew, whatsNew)])
        let parsed = try SpecFile(data: Array(spec.text.utf8), name: "client.spec", directory: "/nonexistent", locale: "C")
            .loadingRows()
        XCTAssertEqual(parsed.appID, "org.example.Car")
        XCTAssertEqual(parsed.name, " Car\\n")
        XCTAssertEqual(parsed.iconName, "org.example.Car")
        XCTAssertEqual(parsed.accentColor, FirstOpenColor.orange.cssColor)
        XCTAssertEqual(parsed.policy, UpdatePolicy(change: .patch))
        XCTAssertTrue(parsed.showsWhatsNew)
        XCTAssertEqual(parsed.welcomeRows, rows.map(\.informationRow))
        XCTAssertEqual(parsed.releases.map(\.versionText), ["1.3.0"])
        XCTAssertEqual(parsed.releases.first?.rows, rows.prefix(2).map(\.informationRow))
    }

    func testWelcomeAloneLeavesAnUpdateAlone() throws {
        let welcome = FirstOpenOptions(appID: "org.example.Car", version: "2.0",
                                       informationDetailViews: [InformationDetailView(title: "Car", subTitle: "", image: "x")])
        let parsed = try SpecFile(data: Array(try ClientSpec(appID: "org.example.Car", calls: [(.welcome, welcome)]).text.utf8),
                                  name: "client.spec", directory: "/nonexistent", locale: "C")
        XCTAssertFalse(parsed.showsWhatsNew)
    }

    func testVersionsThatCannotNameAGroupAreRefused() {
        for version in ["1.0]", "[1.0", "1.0\n", "", "1.0\u{7f}"] {
            let options = FirstOpenOptions(appID: "org.example.Car", version: version, informationDetailViews: [])
            XCTAssertThrowsError(try ClientSpec(appID: "org.example.Car", calls: [(.whatsNew, options)]), version)
        }
        let a = FirstOpenOptions(version: "1.0", informationDetailViews: [])
        let b = FirstOpenOptions(version: "2.0", informationDetailViews: [])
        XCTAssertThrowsError(try ClientSpec(appID: "x", calls: [(.welcome, a), (.whatsNew, b)]))
    }

    /// `first-open show --detailed-status SPEC --parent HANDLE`'s exit status and lines
    /// (data/first-open.1): the status decides, never the words.
    func testOutcomesFromFirstOpensExit() {
        func exit(_ code: Int32) -> Int32 { code << 8 }
        XCTAssertEqual(FirstOpenRun.outcome(waitStatus: exit(0), output: ["welcome: continued; recorded org.example.Car 1.3.0"],
                                            errors: []), .shownAndDismissed(.welcome))
        XCTAssertEqual(FirstOpenRun.outcome(waitStatus: exit(0), output: ["whats-new: escaped; recorded org.example.Car 1.4.0"],
                                            errors: ["first-open: warning: x"]), .shownAndDismissed(.whatsNew))
        XCTAssertEqual(FirstOpenRun.outcome(waitStatus: exit(3), output: [
            "nothing: the parent window x11:0x1e00003 is gone; welcome was not shown; nothing recorded"], errors: []),
                       .parentGone)
        XCTAssertEqual(FirstOpenRun.outcome(waitStatus: exit(3), output: [], errors: []), .parentGone)
        XCTAssertEqual(FirstOpenRun.outcome(waitStatus: exit(4), output: ["nothing: another first-open is already showing org.example.Car"],
                                            errors: []), .nothingDue("another first-open is already showing org.example.Car"))
        XCTAssertEqual(FirstOpenRun.outcome(waitStatus: exit(2), output: [
            "nothing: whats-new is not due (org.example.Car 1.3.0 seen)"], errors: []),
                       .nothingDue("whats-new is not due (org.example.Car 1.3.0 seen)"))
        XCTAssertEqual(FirstOpenRun.outcome(waitStatus: exit(65), output: [],
                                            errors: ["first-open: client.spec: [First Open] Version: bad"]),
                       .failed(FirstOpenClientError(message: "client.spec: [First Open] Version: bad", exitStatus: 65)))
        XCTAssertEqual(FirstOpenRun.outcome(waitStatus: 9, output: [], errors: []),
                       .failed(FirstOpenClientError(message: "first-open was killed by signal 9")))
        XCTAssertEqual(FirstOpenRun.outcome(waitStatus: exit(0), output: [], errors: []).wasShown, false)
    }

    /// A whole run against a stand-in `first-open` (a shell script): the arguments, the
    /// spec it was given, the outcome delivered once per call on the GLib main loop
    /// (never before the calls of this turn are made), and no temporary file left, even
    /// while first-open runs.
    func testARunReportsOnTheMainLoop() throws {
        let standIn = try TemporaryDirectory("stand-in-first-open")
        defer { standIn.remove() }
        let folder = standIn.path
        let script = folder + "/first-open"
        let seen = folder + "/seen"
        try Data("""
            #!/bin/sh
            printf '%s\\n' "$@" > '\(seen)'
            cat "$6" >> '\(seen)'
            echo "left while running: $(ls -A "${TMPDIR:-/tmp}" | grep '^first-open-client-')" >> '\(seen)'
            echo 'first-open: warning: a warning the app sees on stderr' >&2
            echo 'whats-new: continued; recorded org.example.Car 1.4.0'
            """.utf8).write(to: URL(fileURLWithPath: script))
        chmod(script, 0o755)
        let tmp = FileManager.default.temporaryDirectory.path
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? [])
        MainActor.assumeIsolated {
            var outcomes: [String] = []
            let row = InformationDetailView(title: "Dark style", subTitle: "Follows the system.", image: "x")
            FirstOpenParent(portalHandle: "wayland:a b$\\;", command: script)
                .welcomeView(appID: "org.example.Car", version: "1.4.0", informationDetailViews: [row],
                             completion: { outcomes.append("welcome \($0)") })
                .whatsNewView(appID: "org.example.Car", version: "1.4.0", informationDetailViews: [row],
                              completion: { outcomes.append("whats-new \($0)") })
            XCTAssertEqual(outcomes, [], "reported before the main loop ran")
            let deadline = Date().addingTimeInterval(20)
            while outcomes.count < 2, Date() < deadline { g_main_context_iteration(nil, 1) }
            XCTAssertEqual(outcomes, ["welcome shown and dismissed: whats-new", "whats-new shown and dismissed: whats-new"])
        }
        let lines = try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(Array(lines.prefix(6)), ["show", "--detailed-status", "--parent", "wayland:a b$\\;", "--", "/dev/fd/3"])
        XCTAssertTrue(lines.contains("[Welcome 1]") && lines.contains("[Release 1.4.0 1]"), lines.joined(separator: "\n"))
        // The files were unlinked before first-open started: a killed app leaves nothing.
        XCTAssertTrue(lines.contains("left while running: "), lines.joined(separator: "\n"))
        let after = Set((try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? [])
        XCTAssertEqual(after.subtracting(before).filter { $0.hasPrefix("first-open-client-") }, [])
    }

    func testAMissingFirstOpenIsAFailure() {
        MainActor.assumeIsolated {
            var outcome: FirstOpenOutcome?
            FirstOpenParent(portalHandle: "x11:1", command: "/nonexistent/first-open")
                .welcomeView(version: "1.0", informationDetailViews: [], completion: { outcome = $0 })
            let deadline = Date().addingTimeInterval(10)
            while outcome == nil, Date() < deadline { g_main_context_iteration(nil, 1) }
            guard case .failed(let error) = outcome else { return XCTFail("\(String(describing: outcome))") }
            XCTAssertTrue(error.message.hasPrefix("cannot run /nonexistent/first-open"), error.message)
        }
    }

    /// This test process has GTK 3 loaded (the package's GTK tests are linked into it), not
    /// GTK 4: the handle lookup must refuse it at once rather than call GTK 3 as GTK 4.
    func testAGTK4WindowIsOnlyLookedUpInAGTK4Process() {
        MainActor.assumeIsolated {
            var answers: [FirstOpenParent?] = []
            var notAWidget = 0
            FirstOpenParent.whenMapped(gtk4Widget: &notAWidget) { answers.append($0) }
            XCTAssertEqual(answers.count, 1)
            XCTAssertNil(answers.first ?? nil)
        }
    }
}
