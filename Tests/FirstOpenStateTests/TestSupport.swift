import Foundation
import XCTest

/// Runs a program to completion and returns its exit status.
@discardableResult
func runProgram(_ executable: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// The path of a program on `PATH` (tests need `flock` from util-linux).
func which(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// File mode bits of `path` (`st_mode & 0o7777`).
func permissions(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}
