import Foundation
import XCTest

/// The package root, found from this file's path (Tests/FirstOpenContentTests/…).
let packageRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A file of data/examples.
func example(_ name: String) -> String {
    packageRoot + "/data/examples/" + name
}

/// A fresh directory under the system's temporary directory, removed on deinit.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var base = NSTemporaryDirectory()
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        let template = base + "/first-open-content-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let created = mkdtemp(&bytes) else {
            throw NSError(domain: "TemporaryDirectory", code: Int(errno))
        }
        path = String(cString: created)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` in the directory and returns the file's path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let file = path + "/" + name
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }
}

/// The head of a valid spec, for tests that add groups or vary one key.
let minimalMain = """
    [First Open]
    AppId=org.example.Test
    Name=Test
    Version=2.0

    """
