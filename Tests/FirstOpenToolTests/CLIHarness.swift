import Foundation
import FirstOpenTestSupport
import XCTest

/// Runs the real `first-open` binary as a subprocess with private XDG directories,
/// as a login session would.
final class CLIHarness {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let root: URL
    let stateHome: URL
    let configHome: URL
    let configDirs: URL
    var environment: [String: String]

    /// The package's root folder (for data/ examples).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder holding the built products (next to the test bundle).
    static let productsDirectory: URL = {
        let me = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var directory = me.deletingLastPathComponent()
        // On Linux the bundle is `<products>/FirstOpenViewsPackageTests.xctest`.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("first-open").path),
              directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }()

    static var firstOpen: URL { productsDirectory.appendingPathComponent("first-open") }

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("first-open-cli-\(UUID().uuidString)")
        stateHome = root.appendingPathComponent("state")
        configHome = root.appendingPathComponent("config")
        configDirs = root.appendingPathComponent("etc-xdg")
        for directory in [stateHome, configHome, configDirs] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = stateHome.path
        environment["XDG_CONFIG_HOME"] = configHome.path
        environment["XDG_CONFIG_DIRS"] = configDirs.path
        environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
        environment["HOME"] = root.path
        environment["LANGUAGE"] = "en"
        environment["LC_ALL"] = "C.UTF-8"
        environment["GDK_GL"] = "disable"
        environment["NO_AT_BRIDGE"] = "1"
        self.environment = environment
    }

    /// Processes started with ``start(_:extraEnvironment:removing:)``.
    private var running: [Process] = []

    deinit {
        // A test that failed half-way must not leave a window or a helper behind.
        for process in running where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// The state file of an app id.
    func recordURL(_ appID: String) -> URL {
        stateHome.appendingPathComponent("first-open/\(appID).state")
    }

    /// The recorded version of an app id, read straight from the keyfile.
    func recordedVersion(_ appID: String) -> String? {
        guard let text = try? String(contentsOf: recordURL(appID), encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("Version=") {
            return String(line.dropFirst("Version=".count))
        }
        return nil
    }

    /// Writes a file under the private root and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }

    /// A process started by the harness; its output goes to files, so a chatty process
    /// (LD_DEBUG) can never block on a full pipe.
    struct Started {
        let process: Process
        let stdout: URL
        let stderr: URL
    }

    /// Starts `first-open ARGUMENTS` without waiting. The harness kills it at the end of
    /// the test if it is still running.
    func start(_ arguments: [String], extraEnvironment: [String: String] = [:],
               removing: [String] = []) throws -> Started {
        var environment = self.environment.merging(extraEnvironment) { $1 }
        removing.forEach { environment.removeValue(forKey: $0) }
        let started = try Self.launch(Self.firstOpen, arguments, environment: environment, outputIn: root)
        running.append(started.process)
        return started
    }

    /// Starts `first-open ARGUMENTS` in a D-Bus session bus of its own
    /// (`dbus-run-session`), as in a desktop session: GIO then talks to the bus and logs
    /// from its worker threads. The status is first-open's.
    func startInSessionBus(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> Started {
        var environment = self.environment.merging(extraEnvironment) { $1 }
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        let started = try Self.launch(URL(fileURLWithPath: "/usr/bin/dbus-run-session"),
                                      ["--", Self.firstOpen.path] + arguments, environment: environment, outputIn: root)
        running.append(started.process)
        return started
    }

    /// Runs `first-open ARGUMENTS` to the end.
    func run(_ arguments: [String], extraEnvironment: [String: String] = [:],
             removing: [String] = []) throws -> Result {
        Self.finish(try start(arguments, extraEnvironment: extraEnvironment, removing: removing))
    }

    /// Waits for a started process to end; one still running after `timeout` seconds is
    /// killed and the test fails, so a broken feature fails the suite instead of hanging it.
    static func finish(_ started: Started, timeout: TimeInterval = 60,
                       file: StaticString = #filePath, line: UInt = #line) -> Result {
        let process = started.process
        waitUntil(timeout: timeout, polling: 0.02) { !process.isRunning }
        if process.isRunning {
            XCTFail("\(process.executableURL?.lastPathComponent ?? "process") \(process.arguments ?? []) "
                        + "still running after \(Int(timeout)) s: killed", file: file, line: line)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let out = (try? Data(contentsOf: started.stdout)) ?? Data()
        let err = (try? Data(contentsOf: started.stderr)) ?? Data()
        try? FileManager.default.removeItem(at: started.stdout)
        try? FileManager.default.removeItem(at: started.stderr)
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    private static func launch(_ executable: URL, _ arguments: [String], environment: [String: String]?,
                               outputIn folder: URL) throws -> Started {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let name = UUID().uuidString
        let stdout = folder.appendingPathComponent("\(name).out")
        let stderr = folder.appendingPathComponent("\(name).err")
        // Not FileManager.createFile: Foundation writes it atomically through a
        // TemporaryDirectory.* folder it never removes.
        try Data().write(to: stdout)
        try Data().write(to: stderr)
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Started(process: process, stdout: stdout, stderr: stderr)
    }

    /// Runs another program (xdotool, desktop-file-validate) and returns its status and output.
    static func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        finish(try launchTool(path, arguments, environment: environment))
    }

    /// Starts another program without waiting (``finish(_:timeout:file:line:)`` ends it).
    static func launchTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Started {
        try launch(URL(fileURLWithPath: path), arguments, environment: environment,
                   outputIn: FileManager.default.temporaryDirectory)
    }
}
