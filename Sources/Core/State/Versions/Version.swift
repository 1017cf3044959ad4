/// A software version as Linux systems write it, ordered the way a user expects.
///
/// The full rules, with examples, are in `docs/versions.md`. In short:
///
/// - Surrounding whitespace is trimmed; one leading `v` or `V` before a digit is
///   dropped (`v1.2` is `1.2`).
/// - An optional **epoch** `N:` comes first and outranks everything else
///   (`1:0.9 > 2.0`). No epoch is epoch 0.
/// - The **release** is numbers separated by `.`, compared numerically
///   (`1.9 < 1.10`); missing components count as 0 (`1.0 == 1.0.0`).
/// - A **pre-release** sorts before the release it leads to. It is written
///   - after `~` (Debian): `1.0~rc1 < 1.0`;
///   - after `-` (SemVer) when the text after `-` starts with a letter:
///     `2.0.0-beta.2 < 2.0.0`;
///   - as letters inside the dotted list (GNOME, Python): `46.alpha < 46.beta < 46.rc < 46.0`,
///     `2.4.0rc1 < 2.4.0`.
///
///   Pre-release identifiers are separated by `.` and compared as SemVer 2.0 does
///   (numbers numerically, numbers before words, `alpha < beta`, a longer list wins
///   when the shorter is its prefix: `beta < beta.2 < beta.11`), except that digit runs
///   inside a word compare numerically too (`rc2 < rc10`).
/// - A **post-release** sorts after the release it follows and before the next one,
///   as Repology's libversion reads it:
///   - letters glued to a number with no digit after them, unless they are a
///     pre-release word (`alpha`, `beta`, `rc`, `pre…`): `2.79 < 2.79a < 2.80`,
///     `1.1.1 < 1.1.1w`, `9 < 9a < 10`;
///   - a dotted-list word starting with `post` or `patch`, or `pl`, `errata`:
///     `1.0 < 1.0patch1 < 1.0.post2 < 1.0.1`.
///
///   A post-release can have its own pre-release: `2.79 < 2.79a~rc1 < 2.79a`.
/// - A `-` followed by a **digit** starts a distribution revision (`1.2-3`,
///   `1.2-0ubuntu1`, `1.0~rc1-2`). It is a packaging change, not a new release of the
///   software, so it is **ignored for ordering**: `1.2-3 == 1.2-4 == 1.2`.
/// - **Build metadata** after `+` is ignored for ordering (SemVer; this also covers
///   Debian's `+dfsg` repacks and `+deb12u1` rebuilds): `1.0+build.5 == 1.0`.
/// - Anything else (empty text, `abc!!`, `1..2`, `1.`, `alpha`, a number too large
///   for 64 bits) is a ``VersionError``, never a silent 0.
///
/// Equality follows the ordering: `Version("1.0") == Version("1.0.0")`, and the
/// hash agrees. ``description`` keeps the text as written.
public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The epoch before `:`; 0 when there is none.
    package let epoch: Int
    /// The numeric release components, in order (`[2, 4, 0]` for `2.4.0rc1`).
    package let release: [Int]
    /// The pre-release identifiers as written (`["beta", "2"]`); empty for a final release.
    package let prereleaseIdentifiers: [String]
    /// The post-release identifiers as written (`["w"]` for `1.1.1w`, `["post1"]` for
    /// `1.0.post1`); empty when the version is no post-release.
    package let postreleaseIdentifiers: [String]
    /// The distribution revision after `-` (`"3"` in `1.2-3`), if any. Ignored for ordering.
    package let revision: String?
    /// The build metadata after `+`, if any. Ignored for ordering.
    package let buildMetadata: String?
    /// The trimmed text without a leading `v`.
    public let description: String

    /// Pre-release identifiers in comparable form.
    private let prerelease: [VersionIdentifier]
    /// Post-release identifiers in comparable form.
    private let postrelease: [VersionIdentifier]

    /// Whether this is a pre-release (`1.0~rc1`, `2.0.0-beta.2`, `46.alpha`).
    package var isPrerelease: Bool { !prerelease.isEmpty }
    /// Whether this is (or is a pre-release of) a post-release (`1.1.1w`, `1.0patch1`).
    package var isPostrelease: Bool { !postrelease.isEmpty }
    /// The first release component.
    package var major: Int { component(0) }
    /// The second release component, 0 when missing.
    package var minor: Int { component(1) }
    /// The third release component, 0 when missing.
    package var patch: Int { component(2) }

    /// The release component at `index`, 0 when the version has fewer components.
    package func component(_ index: Int) -> Int {
        index < release.count ? release[index] : 0
    }

    /// Parses a version string; see the type's documentation for the rules.
    /// - Throws: ``VersionError`` naming the text when it is not a version.
    public init(_ text: String) throws(VersionError) {
        let trimmed = Self.trimmingWhitespace(text)
        guard !trimmed.isEmpty else { throw .empty }
        var parser = Parser(trimmed: trimmed)
        let parsed = try parser.parse()
        epoch = parsed.epoch
        release = parsed.release
        prerelease = parsed.prerelease
        prereleaseIdentifiers = parsed.prerelease.map(\.text)
        postrelease = parsed.postrelease
        postreleaseIdentifiers = parsed.postrelease.map(\.text)
        revision = parsed.revision
        buildMetadata = parsed.build
        description = parsed.shown
    }

    // MARK: Ordering

    /// Whether `lhs` is older than `rhs`, by the rules of docs/versions.md.
    public static func < (lhs: Version, rhs: Version) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Whether the two are the same version in ordering (`1.0` and `1.0.0` are).
    public static func == (lhs: Version, rhs: Version) -> Bool {
        compare(lhs, rhs) == 0
    }

    /// Hashes what ``==(_:_:)`` compares, so equal versions hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(epoch)
        // Trailing zeros do not change the order, so they must not change the hash.
        var significant = release[...]
        while let last = significant.last, last == 0 { significant = significant.dropLast() }
        hasher.combine(Array(significant))
        hasher.combine(postrelease)
        hasher.combine(prerelease)
    }

    /// -1, 0 or 1: epoch, then release components (missing ones are 0), then
    /// post-release (none ranks lowest), then pre-release (none ranks highest).
    static func compare(_ lhs: Version, _ rhs: Version) -> Int {
        if lhs.epoch != rhs.epoch { return lhs.epoch < rhs.epoch ? -1 : 1 }
        let releaseOrder = compareRelease(lhs, rhs)
        if releaseOrder != 0 { return releaseOrder }
        switch (lhs.postrelease.isEmpty, rhs.postrelease.isEmpty) {
        case (true, true): break
        case (true, false): return -1
        case (false, true): return 1
        case (false, false):
            let order = compareIdentifiers(lhs.postrelease, rhs.postrelease)
            if order != 0 { return order }
        }
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true): return 0
        case (true, false): return 1
        case (false, true): return -1
        case (false, false): return compareIdentifiers(lhs.prerelease, rhs.prerelease)
        }
    }

    /// Identifier lists left to right; when all shared ones are equal, the longer list wins.
    private static func compareIdentifiers(_ lhs: [VersionIdentifier], _ rhs: [VersionIdentifier]) -> Int {
        for (left, right) in zip(lhs, rhs) {
            let order = VersionIdentifier.compare(left, right)
            if order != 0 { return order }
        }
        if lhs.count == rhs.count { return 0 }
        return lhs.count < rhs.count ? -1 : 1
    }

    /// Compares only the numeric release components (missing ones are 0).
    static func compareRelease(_ lhs: Version, _ rhs: Version) -> Int {
        for index in 0..<max(lhs.release.count, rhs.release.count) {
            let left = lhs.component(index)
            let right = rhs.component(index)
            if left != right { return left < right ? -1 : 1 }
        }
        return 0
    }

    /// Whether both versions have the same pre-release identifiers (order-wise).
    func hasSamePrerelease(as other: Version) -> Bool {
        prerelease == other.prerelease
    }

    /// Whether both versions have the same post-release identifiers (order-wise).
    func hasSamePostrelease(as other: Version) -> Bool {
        postrelease == other.postrelease
    }

    private static func trimmingWhitespace(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }
}

extension Version {
    /// A single-use reader of one version string.
    private struct Parser {
        struct Result {
            var shown: String
            var epoch = 0
            var release: [Int] = []
            var prerelease: [VersionIdentifier] = []
            var postrelease: [VersionIdentifier] = []
            var revision: String?
            var build: String?
        }

        let trimmed: String

        func fail(_ reason: String) -> VersionError {
            .invalid(text: trimmed, reason: reason)
        }

        mutating func parse() throws(VersionError) -> Result {
            var rest = Substring(trimmed)
            // `v1.2` as in git tags; a `v` not followed by a digit is left to fail below.
            if let first = rest.first, first == "v" || first == "V",
               let second = rest.dropFirst().utf8.first, isASCIIDigit(second) {
                rest = rest.dropFirst()
            }
            var result = Result(shown: String(rest))

            for scalar in rest.unicodeScalars {
                guard scalar.isASCII, let byte = UInt8(exactly: scalar.value) else {
                    throw fail("unexpected character '\(Quoted.name(String(scalar)))'")
                }
                if isASCIIDigit(byte) || isASCIILetter(byte) { continue }
                switch byte {
                case UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "-"),
                     UInt8(ascii: "+"), UInt8(ascii: ":"):
                    continue
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    throw fail("contains whitespace")
                default:
                    throw fail("unexpected character '\(Quoted.name(String(scalar)))'")
                }
            }

            // Every character is ASCII now, so byte searches find them (a Character search
            // runs the grapheme breaker; this parse runs at every login).
            // Build metadata: everything after the first `+`.
            if let plus = rest.utf8.firstIndex(of: UInt8(ascii: "+")) {
                let build = rest[rest.index(after: plus)...]
                guard !build.isEmpty else { throw fail("nothing after '+'") }
                guard !build.contains(":") else { throw fail("':' in build metadata") }
                result.build = String(build)
                rest = rest[..<plus]
            }

            // Epoch: digits before a single `:`.
            if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")) {
                let epochText = rest[..<colon]
                guard !epochText.isEmpty, epochText.utf8.allSatisfy(isASCIIDigit) else {
                    throw fail("the epoch before ':' must be a number")
                }
                guard let epoch = Int(epochText) else { throw fail("the epoch is too large") }
                rest = rest[rest.index(after: colon)...]
                guard !rest.contains(":") else { throw fail("more than one ':'") }
                result.epoch = epoch
            }
            guard !rest.isEmpty else { throw fail("no version number") }

            let mainEnd = rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "-") })
                ?? rest.endIndex
            try parseDottedList(rest[..<mainEnd], into: &result)
            try parseSuffix(rest[mainEnd...], into: &result)
            return result
        }

        /// `1.2.3`, `46.alpha`, `2.4.0rc1`, `1.1.1w`, `1.0.post1`: numbers, then
        /// optionally pre- or post-release words (the first word decides which).
        private func parseDottedList(_ main: Substring, into result: inout Result) throws(VersionError) {
            guard !main.isEmpty else { throw fail("no version number before '\(trimmedSuffixMarker(main))'") }
            let components = main.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
                .map(Substring.init)
            // Where the words after the release go, once the first word is seen.
            var suffix: WritableKeyPath<Result, [VersionIdentifier]>?
            for (index, component) in components.enumerated() {
                guard !component.isEmpty else {
                    if index == 0 { throw fail("starts with '.'") }
                    if index == components.count - 1 { throw fail("ends with '.'") }
                    throw fail("empty component between dots ('..')")
                }
                if let suffix {
                    result[keyPath: suffix].append(VersionIdentifier(component))
                    continue
                }
                let digits = component[..<(component.utf8.firstIndex { !isASCIIDigit($0) } ?? component.endIndex)]
                if digits.isEmpty {
                    // `46.alpha`: a word in the dotted list starts the pre-release;
                    // `1.0.post1`, `1.0.patch2`: a post-release word starts a post-release.
                    guard index > 0 else { throw fail("must start with a number") }
                    let word = VersionIdentifier(component)
                    let target: WritableKeyPath<Result, [VersionIdentifier]> =
                        word.isPostreleaseWord ? \.postrelease : \.prerelease
                    suffix = target
                    result[keyPath: target].append(word)
                    continue
                }
                guard let number = Int(digits) else {
                    throw fail("the number \(digits) is too large")
                }
                result.release.append(number)
                let text = component[digits.endIndex...]
                if !text.isEmpty {
                    // `2.4.0rc1`, `1.0b2`, `1.0beta`: the letters start the pre-release;
                    // `1.1.1w`, `2.79a`, `1.0patch1`: a post-release (libversion's "letter
                    // suffix": letters glued to a number with no digit after them).
                    let word = VersionIdentifier(text)
                    let isLetterSuffix = text.utf8.allSatisfy(isASCIILetter) && !word.isPrereleaseWord
                    let target: WritableKeyPath<Result, [VersionIdentifier]> =
                        isLetterSuffix || word.isPostreleaseWord ? \.postrelease : \.prerelease
                    suffix = target
                    result[keyPath: target].append(word)
                }
            }
        }

        private func trimmedSuffixMarker(_ main: Substring) -> Character {
            main.base[main.endIndex...].first ?? "-"
        }

        /// `~rc1`, `-beta.2`, `-3`, `~rc1-2`.
        private func parseSuffix(_ suffix: Substring, into result: inout Result) throws(VersionError) {
            guard let marker = suffix.first else { return }
            var rest = suffix.dropFirst()
            if marker == "~" {
                let tildeEnd = rest.firstIndex(of: "-") ?? rest.endIndex
                let tilde = rest[..<tildeEnd]
                guard !tilde.isEmpty else { throw fail("nothing after '~'") }
                guard !tilde.contains("~") else { throw fail("more than one '~'") }
                try appendIdentifiers(of: tilde, after: "~", to: &result)
                rest = rest[tildeEnd...]
                // Only a `-` can end the `~` part.
                guard !rest.isEmpty else { return }
                rest = rest.dropFirst()
                guard let first = rest.utf8.first else { throw fail("nothing after '-'") }
                guard isASCIIDigit(first) else {
                    throw fail("after a '~' pre-release only a distribution revision (digits) may follow '-'")
                }
                result.revision = String(rest)
                return
            }
            // marker == "-"
            guard let first = rest.utf8.first else { throw fail("nothing after '-'") }
            if isASCIIDigit(first) {
                // `1.2-3`, `1.2-0ubuntu1`: a packaging revision, not a pre-release.
                result.revision = String(rest)
                return
            }
            guard !rest.contains("~") else { throw fail("'~' inside a '-' pre-release") }
            try appendIdentifiers(of: rest, after: "-", to: &result)
        }

        private func appendIdentifiers(
            of text: Substring, after marker: Character, to result: inout Result
        ) throws(VersionError) {
            for identifier in text.split(separator: ".", omittingEmptySubsequences: false) {
                guard !identifier.isEmpty else {
                    throw fail("empty pre-release identifier after '\(marker)'")
                }
                result.prerelease.append(VersionIdentifier(identifier))
            }
        }
    }
}
