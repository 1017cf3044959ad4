import Foundation
import XCTest
@testable import FirstOpenState
import FirstOpenTestSupport

final class FirstOpenSettingsTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private let appID = "org.example.Car"
    private let conf = "first-open/first-open.conf"

    override func setUpWithError() throws {
        temp = try TemporaryDirectory()
    }

    override func tearDown() {
        temp.remove()
    }

    private var admin1: String { temp.path + "/etc-xdg" }
    private var admin2: String { temp.path + "/usr-share-xdg" }
    private var user: String { temp.path + "/home-config" }

    private func load(_ app: String? = nil) -> (FirstOpenSettings, warnings: [String]) {
        FirstOpenSettings.load(appID: app ?? appID, systemConfigDirs: [admin1, admin2], userConfigDir: user)
    }

    func testDefaultsWithoutFiles() {
        let (settings, warnings) = load()
        XCTAssertEqual(warnings, [])
        XCTAssertTrue(settings.showsWhatsNew)
        XCTAssertNil(settings.policy)
        XCTAssertFalse(settings.showsInLiveSessions)
        XCTAssertFalse(settings.showsForSystemAccounts)
        XCTAssertEqual(settings.lockedKeys, [])
        XCTAssertEqual(settings.userConfigFile, user + "/" + conf)
        XCTAssertEqual(settings.updatePolicy(default: UpdatePolicy(change: .patch)), UpdatePolicy(change: .patch))
    }

    func testAdminDefaultsApply() throws {
        try temp.write("etc-xdg/" + conf,
                       "[Defaults]\nShowWhatsNew=false\nPolicy=major\nShowInLiveSessions=true\nShowForSystemAccounts=true\n")
        let (settings, warnings) = load()
        XCTAssertEqual(warnings, [])
        XCTAssertFalse(settings.showsWhatsNew)
        XCTAssertEqual(settings.policy, .major)
        XCTAssertTrue(settings.showsInLiveSessions)
        XCTAssertTrue(settings.showsForSystemAccounts)
        XCTAssertEqual(settings.updatePolicy(default: .default), UpdatePolicy(change: .major))
    }

    func testUserOverridesAdmin() throws {
        try temp.write("etc-xdg/" + conf, "[Defaults]\nShowWhatsNew=false\nPolicy=major\n")
        try temp.write("home-config/" + conf, "[Defaults]\nShowWhatsNew=true\nPolicy=patch\n")
        let (settings, warnings) = load()
        XCTAssertEqual(warnings, [])
        XCTAssertTrue(settings.showsWhatsNew)
        XCTAssertEqual(settings.policy, .patch)
    }

    func testLockedKeysIgnoreTheUser() throws {
        try temp.write("etc-xdg/" + conf, "[Defaults]\nShowWhatsNew=true\nPolicy=minor\nLocked=ShowWhatsNew;Policy\n")
        try temp.write("home-config/" + conf,
                       "[Defaults]\nShowWhatsNew=false\nPolicy=any\nShowInLiveSessions=true\n[App org.example.Car]\nShowWhatsNew=false\n")
        let (settings, warnings) = load()
        XCTAssertEqual(warnings, [])
        XCTAssertTrue(settings.showsWhatsNew, "locked")
        XCTAssertEqual(settings.policy, .minor, "locked")
        XCTAssertTrue(settings.showsInLiveSessions, "not locked: the user's value counts")
        XCTAssertEqual(settings.lockedKeys, [.showWhatsNew, .policy])
    }

    func testPerAppGroups() throws {
        try temp.write("etc-xdg/" + conf, """
            [Defaults]
            Policy=minor
            [App org.example.Car]
            Policy=patch
            ShowWhatsNew=false
            Locked=ShowWhatsNew
            [App org.example.Other]
            Policy=any
            """)
        try temp.write("home-config/" + conf, "[App org.example.Car]\nShowWhatsNew=true\n[Defaults]\nPolicy=major\n")
        let (car, carWarnings) = load()
        XCTAssertEqual(carWarnings, [])
        XCTAssertEqual(car.policy, .major, "the user file overrides the admin's app group")
        XCTAssertFalse(car.showsWhatsNew, "locked for this app")

        let (other, _) = load("org.example.Other")
        XCTAssertEqual(other.policy, .major)
        XCTAssertEqual(other.lockedKeys, [])

        let (third, _) = load("org.example.Third")
        XCTAssertEqual(third.policy, .major)
        XCTAssertTrue(third.showsWhatsNew)
    }

    func testFirstSystemDirectoryWinsPerKey() throws {
        try temp.write("etc-xdg/" + conf, "[Defaults]\nPolicy=patch\n")
        try temp.write("usr-share-xdg/" + conf, "[Defaults]\nPolicy=major\nShowWhatsNew=false\nLocked=ShowWhatsNew\n")
        try temp.write("home-config/" + conf, "[Defaults]\nShowWhatsNew=true\n")
        let (settings, warnings) = load()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(settings.policy, .patch)
        XCTAssertFalse(settings.showsWhatsNew, "a lock in any admin directory holds")
    }

    func testBrokenFilesAndValuesAreWarnings() throws {
        try temp.write("etc-xdg/" + conf, "this is not a key file\n")
        try temp.write("usr-share-xdg/" + conf, "[Defaults]\nShowWhatsNew=false\n")
        try temp.write("home-config/" + conf, """
            [Defaults]
            Policy=sometimes
            ShowInLiveSessions=maybe
            Colour=blue
            Locked=Policy
            [Default]
            ShowWhatsNew=true
            """)
        let (settings, warnings) = load()
        XCTAssertFalse(settings.showsWhatsNew, "the readable admin file still applies")
        XCTAssertNil(settings.policy)
        XCTAssertFalse(settings.showsInLiveSessions)
        XCTAssertEqual(settings.lockedKeys, [], "users cannot lock")
        XCTAssertEqual(warnings.count, 6, warnings.joined(separator: "\n"))
        let userFile = user + "/" + conf
        XCTAssertTrue(warnings.contains { $0.hasPrefix(admin1 + "/" + conf + ": ignored: ") }, "\(warnings)")
        XCTAssertTrue(warnings.contains("\(userFile): [Defaults] Policy: unknown policy \"sometimes\": expected one of major, minor, patch, any"), "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.hasPrefix("\(userFile): [Defaults] ShowInLiveSessions: ") }, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.hasPrefix("\(userFile): [Defaults] Colour: unknown key") }, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.hasPrefix("\(userFile): [Defaults] Locked: ignored") }, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.hasPrefix("\(userFile): unknown group [Default]") }, "\(warnings)")
        for warning in warnings { XCTAssertFalse(warning.contains("\n"), warning) }
    }

    func testUnknownLockedKeyIsAWarning() throws {
        try temp.write("etc-xdg/" + conf, "[Defaults]\nLocked=ShowWhatsNew;Colour;\n")
        let (settings, warnings) = load()
        XCTAssertEqual(settings.lockedKeys, [.showWhatsNew])
        XCTAssertEqual(warnings, ["\(admin1)/\(conf): [Defaults] Locked: unknown key \"Colour\" ignored"])
    }

    func testSetUserShowsWhatsNewWritesAtomicallyAndKeepsTheRest() throws {
        try temp.write("home-config/" + conf, "# my settings\n[Defaults]\nPolicy=patch\n")
        let (settings, _) = load()
        try settings.setUserShowsWhatsNew(false, appID: appID)
        let (reloaded, warnings) = load()
        XCTAssertEqual(warnings, [])
        XCTAssertFalse(reloaded.showsWhatsNew)
        XCTAssertEqual(reloaded.policy, .patch)
        let text = try temp.read("home-config/" + conf)
        XCTAssertTrue(text.contains("# my settings"), text)
        XCTAssertTrue(text.contains("[App org.example.Car]\nShowWhatsNew=false"), text)
        XCTAssertTrue(load("org.example.Other").0.showsWhatsNew, "only this app")
        XCTAssertEqual(try temp.contents().filter { $0.hasPrefix("home-config") }, ["home-config"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: user + "/first-open").sorted(),
                       ["first-open.conf", "first-open.conf.lock"], "no temp file left behind")

        try reloaded.setUserShowsWhatsNew(false, appID: nil)
        XCTAssertFalse(load("org.example.Other").0.showsWhatsNew, "[Defaults]: every app")
    }

    func testSetUserShowsWhatsNewCreatesTheDirectory() throws {
        let (settings, _) = load()
        try settings.setUserShowsWhatsNew(false, appID: nil)
        XCTAssertEqual(try temp.read("home-config/" + conf).contains("[Defaults]\nShowWhatsNew=false"), true)
    }

    func testSetUserShowsWhatsNewRespectsLocksAndBrokenFiles() throws {
        try temp.write("etc-xdg/" + conf, "[Defaults]\nLocked=ShowWhatsNew\n")
        let (locked, _) = load()
        XCTAssertThrowsError(try locked.setUserShowsWhatsNew(false, appID: appID)) { error in
            XCTAssertEqual(error as? SettingsError, .locked(key: "ShowWhatsNew"))
            XCTAssertEqual("\(error)", "ShowWhatsNew is locked by the administrator")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: user + "/" + conf))

        try temp.write("etc-xdg/" + conf, "[Defaults]\nLocked=\n")
        try temp.write("home-config/" + conf, "broken\n")
        let (settings, _) = load()
        XCTAssertThrowsError(try settings.setUserShowsWhatsNew(false, appID: appID)) { error in
            guard case .unwritable? = error as? SettingsError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try temp.read("home-config/" + conf), "broken\n", "left alone")
        XCTAssertThrowsError(try settings.setUserShowsWhatsNew(false, appID: "../x")) { error in
            XCTAssertEqual(error as? SettingsError, .invalidAppID("../x"))
        }
    }

    // MARK: Quiet sessions

    private func detect(uid: UInt32 = 1000, user: String = "alice", sessionClass: String? = "user",
                        cmdline: String? = "BOOT_IMAGE=/vmlinuz root=/dev/sda1 quiet", live: Bool = false) -> QuietSession? {
        QuietSession.detect(uid: uid, userName: user, sessionClass: sessionClass,
                            kernelCommandLine: cmdline, liveMediumPresent: live)
    }

    func testQuietSessionDetection() {
        XCTAssertNil(detect())
        XCTAssertNil(detect(uid: 0, user: "root", sessionClass: "greeter", cmdline: "boot=live", live: true),
                     "root is never quiet")
        XCTAssertEqual(detect(uid: 112), QuietSession(kind: .systemAccount, reason: "system account (uid 112)"))
        XCTAssertEqual(detect(uid: 999)?.kind, .systemAccount)
        XCTAssertEqual(detect(uid: 65534)?.kind, .systemAccount)
        XCTAssertNil(detect(uid: 1000))
        XCTAssertEqual(detect(sessionClass: "greeter")?.kind, .liveSession)
        XCTAssertEqual(detect(user: "guest-x7Qa1"), QuietSession(kind: .liveSession, reason: "guest session (user guest-x7Qa1)"))
        XCTAssertEqual(detect(live: true)?.reason, "live session (/run/live exists)")
        XCTAssertEqual(detect(cmdline: "quiet boot=live components\n")?.reason, "live session (boot=live on the kernel command line)")
        XCTAssertEqual(detect(cmdline: "rd.live.image quiet")?.kind, .liveSession)
        XCTAssertEqual(detect(cmdline: "boot=casper")?.kind, .liveSession)
        XCTAssertNil(detect(cmdline: "no_guest_host noboot=live2"), "whole tokens only")
        XCTAssertNil(detect(cmdline: nil))
    }

    func testQuietReasonHonoursSettings() {
        let system = QuietSession(kind: .systemAccount, reason: "system account (uid 112)")
        let live = QuietSession(kind: .liveSession, reason: "live session (/run/live exists)")
        let defaults = FirstOpenSettings()
        XCTAssertEqual(defaults.quietReason(for: system), system.reason)
        XCTAssertEqual(defaults.quietReason(for: live), live.reason)
        XCTAssertNil(defaults.quietReason(for: nil))
        XCTAssertNil(FirstOpenSettings(showsForSystemAccounts: true).quietReason(for: system))
        XCTAssertEqual(FirstOpenSettings(showsForSystemAccounts: true).quietReason(for: live), live.reason)
        XCTAssertNil(FirstOpenSettings(showsInLiveSessions: true).quietReason(for: live))
        XCTAssertEqual(FirstOpenSettings(showsInLiveSessions: true).quietReason(for: system), system.reason)
    }

    /// An injected environment reads nothing from the host; its verdict applies the
    /// settings to the session as `quietReason(for:)` does.
    func testFixedSessionEnvironmentDecidesWithoutTheHost() {
        let live = QuietSession(kind: .liveSession, reason: "live session (/run/live exists)")
        let quiet = SessionEnvironment.fixed(quietSession: live).settings(for: "org.example.Car")
        XCTAssertEqual(quiet.settings, FirstOpenSettings())
        XCTAssertEqual(quiet.warnings, [])
        XCTAssertEqual(quiet.quietReason, live.reason)
        let allowed = SessionEnvironment.fixed(FirstOpenSettings(showsInLiveSessions: true), quietSession: live)
        XCTAssertNil(allowed.settings(for: "org.example.Car").quietReason)
        XCTAssertNil(SessionEnvironment.fixed().settings(for: "org.example.Car").quietReason)
        let optedOut = SessionEnvironment.fixed(FirstOpenSettings(showsWhatsNew: false)).settings(for: "org.example.Car")
        XCTAssertFalse(optedOut.settings.showsWhatsNew)
    }

    func testRootIsNeverQuiet() throws {
        // The one fact about the running session that holds on every machine this runs
        // on as root (CI); the kinds of quiet session are tested above with fixtures.
        guard getuid() == 0 else { throw XCTSkip("only meaningful as root") }
        XCTAssertNil(QuietSession.current(), "root (CI) is not quiet")
    }
}
