import Foundation
import XCTest
import FirstOpenTestSupport

/// docs/architecture.md's module table lists the tree's modules, one row per folder
/// of `Sources/*/*` and `native/*`, and per folder of `native/*/*` that holds a Swift
/// module (libfirst-open's Swift half and its bridge), sorted by path.
final class ArchitectureDocTests: XCTestCase {
    func testTheModuleTableMatchesTheTree() throws {
        let root = packageRoot
        let files = FileManager.default
        var folders: [String] = []
        for top in ["Sources", "native"] {
            let layers = top == "native" ? [""] : try files.contentsOfDirectory(atPath: root.appendingPathComponent(top).path).sorted()
            for layer in layers {
                let parent = layer.isEmpty ? top : top + "/" + layer
                var isDirectory: ObjCBool = false
                guard files.fileExists(atPath: root.appendingPathComponent(parent).path, isDirectory: &isDirectory),
                      isDirectory.boolValue else { continue }
                for name in try files.contentsOfDirectory(atPath: root.appendingPathComponent(parent).path).sorted() {
                    let path = parent + "/" + name
                    _ = files.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
                    if isDirectory.boolValue { folders.append(path) }
                    if top == "native", isDirectory.boolValue {
                        for inner in try files.contentsOfDirectory(atPath: root.appendingPathComponent(path).path) {
                            let innerPath = path + "/" + inner
                            let contents = (try? files.contentsOfDirectory(atPath: root.appendingPathComponent(innerPath).path)) ?? []
                            if contents.contains(where: { $0.hasSuffix(".swift") || $0 == "module.modulemap" }) {
                                folders.append(innerPath)
                            }
                        }
                    }
                }
            }
        }
        folders.sort()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let rows = doc.split(separator: "\n").filter { $0.hasPrefix("| `Sources/") || $0.hasPrefix("| `native/") }
        let listed = rows.map { $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        XCTAssertEqual(listed, folders)
    }
}
