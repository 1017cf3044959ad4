import Foundation
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
        environment["HOME"] = root.path
        environment["LANGUAGE"] = "en"
        environment["LC_ALL"] = "C.UTF-8"
        environment["GDK_GL"] = "disable"
        environment["NO_AT_BRIDGE"] = "1"
        self.environment = environment
    }

    deinit {
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
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Starts `first-open ARGUMENTS` without waiting.
    func start(_ arguments: [String], extraEnvironment: [String: String] = [:],
               removing: [String] = []) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = Self.firstOpen
        process.arguments = arguments
        var environment = self.environment.merging(extraEnvironment) { $1 }
        removing.forEach { environment.removeValue(forKey: $0) }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Runs `first-open ARGUMENTS` to the end.
    func run(_ arguments: [String], extraEnvironment: [String: String] = [:],
             removing: [String] = []) throws -> Result {
        let (process, out, err) = try start(arguments, extraEnvironment: extraEnvironment, removing: removing)
        return Self.finish(process, out, err)
    }

    static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Result {
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs another program (xdotool, desktop-file-validate) and returns its status and output.
    static func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return finish(process, out, err)
    }
}
