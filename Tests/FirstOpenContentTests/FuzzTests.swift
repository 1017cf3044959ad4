import FirstOpenContent
import FirstOpenState
import Foundation
import FirstOpenTestSupport
import XCTest

/// A mutation fuzzer (fixed seed, bounded count) over the spec parser, the metainfo
/// reader and the version parser: no crash, no hang, one-line messages, and the loader
/// and the validator always give the same verdict. `FIRST_OPEN_RELIABILITY_ROUNDS`
/// (scripts/reliability.sh) multiplies the count for the long campaign.
///
/// libFuzzer (`swiftc -sanitize=fuzzer`) needs the toolchain's fuzzer runtime and a
/// separate build of the package; a seeded mutation fuzzer runs inside `swift test`,
/// reproduces exactly from its seed, and keeps the campaign in CI.
final class FuzzTests: XCTestCase {
    static var rounds: Int {
        Int(ProcessInfo.processInfo.environment["FIRST_OPEN_RELIABILITY_ROUNDS"] ?? "") ?? 1
    }

    static var corpus: [[UInt8]] {
        let directory = packageRoot.path + "/Tests/Corpus/specs"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory).sorted()) ?? []
        return names.compactMap { FileManager.default.contents(atPath: directory + "/" + $0).map(Array.init) }
            + [Array((try? String(contentsOfFile: example("org.example.Car.spec"), encoding: .utf8))?.utf8 ?? "".utf8)]
    }

    func testSpecParserVerdictsAgreeOnMutatedSpecs() throws {
        let directory = try TemporaryDirectory()
        // The metainfo file the example spec names, next to the mutants.
        try directory.write("org.example.Car.metainfo.xml",
                            Data(contentsOf: URL(fileURLWithPath: example("org.example.Car.metainfo.xml"))))
        var random = SeededRandom(seed: 0xF0_2217)
        let corpus = Self.corpus
        XCTAssertGreaterThan(corpus.count, 20, "the committed corpus is found")
        let count = 300 * Self.rounds
        var errors = 0
        for index in 0..<count {
            let bytes = Mutator.mutate(corpus[Int(random.next() % UInt64(corpus.count))], using: &random)
            let path = try directory.write("fuzz.spec", Data(bytes))
            let problems = SpecValidator(path: path, locale: "C").validate()
            let hasError = problems.contains { $0.severity == .error }
            var loaderError: SpecError?
            do {
                _ = try SpecFile(path: path, locale: "C")
            } catch {
                loaderError = error
            }
            XCTAssertEqual(hasError, loaderError != nil,
                           "case \(index): validate \(problems.map(\.description)) vs loader \(String(describing: loaderError))")
            for problem in problems {
                let line = problem.description
                XCTAssertFalse(line.contains("\n") || line.utf8.contains(0x1B), "case \(index): \(line)")
                XCTAssertLessThan(line.utf8.count, 2_000, "case \(index)")
            }
            if hasError { errors += 1 }
        }
        // The fuzzer reaches both outcomes.
        XCTAssertGreaterThan(errors, count / 10)
        XCTAssertLessThan(errors, count)
    }

    func testMetainfoReaderSurvivesMutatedXML() throws {
        let seed = Array(try String(contentsOfFile: example("org.example.Car.metainfo.xml"), encoding: .utf8).utf8)
        var random = SeededRandom(seed: 0x3E7A_1F0)
        for index in 0..<(2_000 * Self.rounds) {
            let bytes = Mutator.mutate(seed, using: &random)
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let parsed = try MetainfoReleases(xml: text, file: "fuzz.xml")
                XCTAssertLessThanOrEqual(parsed.releases.count, SpecLimits.metainfoReleases, "case \(index)")
            } catch {
                XCTAssertFalse("\(error)".contains("\n"), "case \(index): \(error)")
            }
        }
    }

    func testVersionParserAndOrderingOnRandomText() {
        var random = SeededRandom(seed: 0x7E25_1011)
        let pieces = ["1", "0", "10", "9", ".", "~", "-", "+", ":", "rc", "alpha", "beta", "a", "z", "post", "_",
                      " ", "\u{0}", "é", "99999999999999999999", "1.2.3", "~rc1"]
        var versions: [Version] = []
        for _ in 0..<(3_000 * Self.rounds) {
            let text = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            if let version = try? Version(text) {
                versions.append(version)
                XCTAssertEqual(version, version)
                XCTAssertFalse(version < version)
            }
        }
        XCTAssertGreaterThan(versions.count, 100)
        // A total order: antisymmetric and transitive on the parsed sample.
        for _ in 0..<(3_000 * Self.rounds) {
            let a = versions[Int(random.next() % UInt64(versions.count))]
            let b = versions[Int(random.next() % UInt64(versions.count))]
            let c = versions[Int(random.next() % UInt64(versions.count))]
            XCTAssertFalse(a < b && b < a, "\(a) \(b)")
            XCTAssertEqual(a == b, !(a < b) && !(b < a), "\(a) \(b)")
            if a < b && b < c { XCTAssertTrue(a < c, "\(a) < \(b) < \(c)") }
        }
    }
}

/// Byte-level mutations of a seed input, biased towards what breaks key files.
enum Mutator {
    static let tokens: [[UInt8]] = [
        [0], [0x1B], [0xE9], [0xFF], Array("\n".utf8), Array("=".utf8), Array("[".utf8), Array("]".utf8),
        Array("\n[Welcome 1]\n".utf8), Array("\n[Release 1.3.0 1]\nIcon=a\nTitle=b\n".utf8),
        Array("\nAccentColor=Light Blue\n".utf8), Array("\nAccentColor=#1c71d8\t\n".utf8),
        Array("\nVersion=2.0\n".utf8), Array("\nIcon=/dev/zero\n".utf8), Array("\\".utf8), Array("Title[de]=".utf8),
    ]

    static func mutate(_ seed: [UInt8], using random: inout SeededRandom) -> [UInt8] {
        var bytes = seed
        for _ in 0..<(1 + Int(random.next() % 4)) {
            let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
            switch random.next() % 5 {
            case 0 where !bytes.isEmpty && position < bytes.count:
                bytes[position] = UInt8(truncatingIfNeeded: random.next())
            case 1:
                bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: position)
            case 2 where position < bytes.count:
                let end = min(bytes.count, position + 1 + Int(random.next() % 16))
                bytes.removeSubrange(position..<end)
            case 3:
                // Repeat a stretch: duplicate groups and keys.
                let end = min(bytes.count, position + Int(random.next() % 64))
                bytes.insert(contentsOf: Array(bytes[position..<end]), at: end)
            default:
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
            }
        }
        return bytes
    }
}

