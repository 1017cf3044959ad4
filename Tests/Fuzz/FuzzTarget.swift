// libFuzzer target over the spec parser, the metainfo reader and the version parser,
// built by scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address` from the package's
// FirstOpenState and FirstOpenContent sources (SwiftPM cannot build a libFuzzer
// target). The first byte of an input picks the parser; the rest is its input.
// A broken invariant traps, which libFuzzer reports as a crash with the input saved.
import FirstOpenContent
import FirstOpenState
import Foundation

/// Where spec inputs are written: the validator reads files only.
nonisolated(unsafe) private var scratch: String = {
    let directory = NSTemporaryDirectory() + "first-open-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
}()

/// One line, no terminal escapes, bounded: what every message must be.
private func checkMessage(_ text: String) {
    precondition(!text.contains("\n") && !text.utf8.contains(0x1B), "multi-line or raw ESC message: \(text.debugDescription)")
    precondition(text.utf8.count < 2_000, "unbounded message (\(text.utf8.count) bytes)")
}

/// `validate` and the loader give the same verdict; messages are single lines.
private func fuzzSpec(_ bytes: [UInt8]) {
    let path = scratch + "/fuzz.spec"
    guard ((try? Data(bytes).write(to: URL(fileURLWithPath: path))) != nil) else { return }
    let problems = SpecValidator(path: path, locale: "C").validate()
    let validatorFails = problems.contains { $0.severity == .error }
    var loaderError: SpecError?
    do {
        _ = try SpecFile(path: path, locale: "C")
    } catch {
        loaderError = error
    }
    precondition(validatorFails == (loaderError != nil),
                 "validate \(problems.map(\.description)) vs loader \(String(describing: loaderError))")
    for problem in problems { checkMessage(problem.description) }
    if let loaderError { checkMessage("\(loaderError)") }
}

/// The metainfo reader: capped, one-line errors.
private func fuzzMetainfo(_ bytes: [UInt8]) {
    do {
        let parsed = try MetainfoReleases(xml: String(decoding: bytes, as: UTF8.self), file: "fuzz.xml")
        precondition(parsed.releases.count <= SpecLimits.metainfoReleases)
    } catch {
        checkMessage("\(error)")
    }
}

/// The version parser: up to three versions separated by NUL bytes; a total order.
private func fuzzVersions(_ bytes: [UInt8]) {
    let versions = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        .compactMap { try? Version(String(decoding: $0, as: UTF8.self)) }
    for version in versions {
        precondition(version == version && !(version < version), "\(version) is not equal to itself")
        _ = try? Version(version.description)  // its own spelling parses back without a crash
    }
    guard versions.count == 3 else { return }
    let (a, b, c) = (versions[0], versions[1], versions[2])
    precondition(!(a < b && b < a), "\(a) < \(b) and \(b) < \(a)")
    precondition((a == b) == (!(a < b) && !(b < a)), "\(a) vs \(b): equality and order disagree")
    if a < b && b < c { precondition(a < c, "\(a) < \(b) < \(c) but not \(a) < \(c)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 3 {
    case 0: fuzzSpec(input)
    case 1: fuzzMetainfo(input)
    default: fuzzVersions(input)
    }
    return 0
}
