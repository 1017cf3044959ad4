import Foundation
import FirstOpenTestSupport
import XCTest

/// docs/architecture.md's rule of layers, checked against Package.swift's targets as
/// SwiftPM reads them (`swift package dump-package`) and against the imports of
/// Sources/Core: C at the bottom (Sources/Shims, the C modules of native/), Core above it
/// (Sources/Core), the front ends on top (Sources/FrontEnds, libfirst-open's Swift half);
/// a module uses only modules of its own layer and of the layers below it; no Core module
/// reaches GTK; the GTK wrappers use no Core module.
final class LayerTests: XCTestCase {
    /// The layers, bottom up.
    enum Layer: Int, Comparable, CustomStringConvertible {
        case c, core, frontEnds

        static func < (lhs: Layer, rhs: Layer) -> Bool { lhs.rawValue < rhs.rawValue }

        var description: String { ["C", "Core", "front ends"][rawValue] }
    }

    /// A target of the package outside Tests/.
    struct Module {
        let name: String
        let path: String
        let layer: Layer
        let dependencies: [String]
    }

    /// The GTK 3 module map: a module that reaches it links GTK.
    private static let gtk = "CGtk"
    private static let wrappers = "FirstOpenGTKWrappers"

    /// Why the modules could not be read.
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// The package's modules by name, read once.
    private static let modules: Result<[String: Module], ReadError> = {
        do { return .success(try readModules()) } catch { return .failure(ReadError(description: "\(error)")) }
    }()

    private static func readModules() throws -> [String: Module] {
        let json = try dumpPackage()
        guard let package = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let targets = package["targets"] as? [[String: Any]] else {
            throw NSError(domain: "LayerTests", code: 1,
                          userInfo: [NSLocalizedDescriptionKey: "dump-package: no targets"])
        }
        var modules: [String: Module] = [:]
        for target in targets {
            guard let name = target["name"] as? String, let type = target["type"] as? String,
                  type != "test", let path = target["path"] as? String, !path.hasPrefix("Tests/") else { continue }
            // {"byName": [NAME, CONDITION]} or {"target": [NAME, CONDITION]}; a product of
            // another package is none of ours.
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
            modules[name] = Module(name: name, path: path, layer: try layer(ofTargetAt: path, type: type),
                                   dependencies: dependencies)
        }
        return modules
    }

    /// The layer of a target's folder, as docs/architecture.md puts it.
    private static func layer(ofTargetAt path: String, type: String) throws -> Layer {
        if path.hasPrefix("Sources/Shims/") { return .c }
        if path.hasPrefix("Sources/Core/") { return .core }
        if path.hasPrefix("Sources/FrontEnds/") { return .frontEnds }
        if path.hasPrefix("native/") {
            // A module map or C target is C; libfirst-open's Swift half is a front end.
            let hasSwift = try !swiftFiles(under: path).isEmpty
            return type != "system" && hasSwift ? .frontEnds : .c
        }
        throw NSError(domain: "LayerTests", code: 2, userInfo: [
            NSLocalizedDescriptionKey: "\(path): a target in no layer of docs/architecture.md"])
    }

    /// `swift package dump-package` of the package, with a scratch folder and a TMPDIR of
    /// its own (SwiftPM leaves lock files in TMPDIR; the package's .build may be in use).
    private static func dumpPackage() throws -> Data {
        let folder = try TemporaryDirectory("first-open-dump-package")
        defer { folder.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", packageRoot.path,
                             "--scratch-path", folder.file("scratch"), "dump-package"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder.path
        process.environment = environment
        let output = try folder.write("package.json", Data())
        let errors = try folder.write("errors.txt", Data())
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "LayerTests", code: Int(process.terminationStatus), userInfo: [
                NSLocalizedDescriptionKey: "swift package dump-package: \((try? folder.read("errors.txt")) ?? "")"])
        }
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    private static func swiftFiles(under folder: String) throws -> [String] {
        let root = packageRoot.appendingPathComponent(folder).path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder + "/" + $0 }
    }

    /// Every module `name` reaches through its dependencies, itself excluded.
    private func reached(from name: String, in modules: [String: Module]) -> Set<String> {
        var seen: Set<String> = []
        var next = modules[name]?.dependencies ?? []
        while let dependency = next.popLast() {
            guard seen.insert(dependency).inserted else { continue }
            next += modules[dependency]?.dependencies ?? []
        }
        return seen
    }

    func testEveryModuleIsInALayerAndTheLayersAreAllThere() throws {
        let modules = try Self.modules.get()
        XCTAssertEqual(Set(modules.values.map(\.layer)), [.c, .core, .frontEnds])
        XCTAssertEqual(modules[Self.gtk]?.layer, .c, "GTK's module map")
        XCTAssertEqual(modules["LibFirstOpenSwift"]?.layer, .frontEnds, "libfirst-open's Swift half")
        XCTAssertEqual(modules["CFirstOpenBridge"]?.layer, .c, "libfirst-open's bridge")
    }

    func testNoModuleUsesOneOfALayerAboveItsOwn() throws {
        let modules = try Self.modules.get()
        for module in modules.values.sorted(by: { $0.name < $1.name }) {
            for name in module.dependencies {
                guard let dependency = modules[name] else {
                    XCTFail("\(module.name) depends on \(name), no module of the package")
                    continue
                }
                XCTAssertLessThanOrEqual(dependency.layer, module.layer,
                                         "\(module.name) (\(module.layer)) uses \(name) (\(dependency.layer))")
            }
        }
    }

    func testNoCoreModuleReachesGTK() throws {
        let modules = try Self.modules.get()
        for module in modules.values where module.layer == .core {
            XCTAssertFalse(reached(from: module.name, in: modules).contains(Self.gtk),
                           "\(module.name) reaches \(Self.gtk)")
        }
    }

    /// Belt and braces to the manifest: no file of Sources/Core imports GTK, GDK, or a
    /// module that reaches them.
    func testNoFileOfCoreImportsGTK() throws {
        let modules = try Self.modules.get()
        let withGTK = Set(modules.keys.filter { $0 == Self.gtk || reached(from: $0, in: modules).contains(Self.gtk) })
        let files = try Self.swiftFiles(under: "Sources/Core")
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                // `import X`, `@_exported import X`, `public import X`, `import struct X.Y`…
                let words = line.split(separator: " ").map(String.init)
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                      words[..<at].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains($0) })
                else { continue }
                let rest = words[(at + 1)...]
                let imported = (rest.count > 1 && ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(rest.first!)
                    ? rest.dropFirst().first! : rest.first!).split(separator: ".").first.map(String.init) ?? ""
                let named = ["Gtk", "Gdk", "GTK"].contains { imported.contains($0) }
                XCTAssertFalse(withGTK.contains(imported) || named, "\(file): \(line)")
            }
        }
    }

    /// The wrappers wrap GTK and nothing of Core.
    func testTheGTKWrappersUseNoCoreModule() throws {
        let modules = try Self.modules.get()
        let wrappers = try XCTUnwrap(modules[Self.wrappers])
        XCTAssertEqual(wrappers.layer, .frontEnds)
        let core = reached(from: Self.wrappers, in: modules).filter { modules[$0]?.layer == .core }
        XCTAssertEqual(core.sorted(), [], "\(Self.wrappers) uses Core")
    }

    /// docs/architecture.md's module table names each Swift module by the target SwiftPM
    /// builds from that folder.
    func testTheModuleTableNamesTheTargetOfEachFolder() throws {
        let modules = try Self.modules.get()
        let byPath = Dictionary(modules.values.map { ($0.path, $0.name) }, uniquingKeysWith: { first, _ in first })
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var checked = 0
        for row in doc.split(separator: "\n") where row.hasPrefix("| `Sources/") || row.hasPrefix("| `native/") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 1 else { continue }
            let path = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            guard cells[1].hasPrefix("`") else {
                XCTAssertNil(byPath[path], "\(path): the table names no module, SwiftPM builds \(byPath[path] ?? "")")
                continue
            }
            XCTAssertEqual(cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), byPath[path], path)
            checked += 1
        }
        XCTAssertEqual(checked, modules.count, "one row for each module of the package")
    }
}
