/// One pre-release identifier of a ``Version`` (`beta`, `2`, `rc1`), ordered as
/// SemVer 2.0 orders them, with one documented refinement (see docs/versions.md):
///
/// - an identifier of digits only is numeric and compares numerically (`2 < 11`);
/// - a numeric identifier is lower than an alphanumeric one (`1 < alpha`);
/// - alphanumeric identifiers compare run by run, letters in ASCII order and digit
///   runs numerically, so `rc2 < rc10` (SemVer's plain ASCII order would put `rc10`
///   first, which no release manager means).
struct VersionIdentifier: Sendable, Hashable, Comparable {
    /// The identifier as written.
    let text: String
    /// `text` with leading zeros removed from every digit run: equal keys mean equal
    /// identifiers, which keeps `Hashable` consistent with the ordering.
    let key: [UInt8]
    /// Digits only.
    let isNumeric: Bool

    init(_ text: Substring) {
        self.text = String(text)
        let bytes = Array(text.utf8)
        self.isNumeric = !bytes.isEmpty && bytes.allSatisfy(isASCIIDigit)
        self.key = Self.normalized(bytes)
    }

    /// The letters the identifier starts with, in lower case (`"rc"` for `RC1`).
    private var leadingWord: String {
        String(decoding: key.prefix(while: isASCIILetter).map { $0 | 0x20 }, as: UTF8.self)
    }

    /// A word that marks a pre-release even where a letter suffix would be a
    /// post-release (`1.0beta < 1.0`): libversion's `alpha`, `beta`, `rc`, `pre…`.
    var isPrereleaseWord: Bool {
        let word = leadingWord
        return word == "alpha" || word == "beta" || word == "rc" || word.hasPrefix("pre")
    }

    /// A word that marks a post-release (`1.0patch1`, `1.0.post2`, `1.0pl3`):
    /// libversion's `post…`, `patch…`, `pl`, `errata`.
    var isPostreleaseWord: Bool {
        let word = leadingWord
        return word.hasPrefix("post") || word.hasPrefix("patch") || word == "pl" || word == "errata"
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.isNumeric == rhs.isNumeric && lhs.key == rhs.key
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(isNumeric)
        hasher.combine(key)
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1.
    static func compare(_ lhs: Self, _ rhs: Self) -> Int {
        if lhs.isNumeric != rhs.isNumeric {
            return lhs.isNumeric ? -1 : 1
        }
        return naturalCompare(lhs.key, rhs.key)
    }

    /// Removes leading zeros from each run of digits (keeping one `0`).
    private static func normalized(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if isASCIIDigit(bytes[index]) {
                var end = index
                while end < bytes.count, isASCIIDigit(bytes[end]) { end += 1 }
                var start = index
                while start < end - 1, bytes[start] == UInt8(ascii: "0") { start += 1 }
                result.append(contentsOf: bytes[start..<end])
                index = end
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// Compares normalized keys run by run: digit runs numerically (no leading zeros
    /// left, so a longer run is larger), other runs byte-wise; digits sort before
    /// letters, and a key that is a prefix of the other is smaller.
    private static func naturalCompare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        var i = 0
        var j = 0
        while i < lhs.count, j < rhs.count {
            let lhsDigit = isASCIIDigit(lhs[i])
            let rhsDigit = isASCIIDigit(rhs[j])
            if lhsDigit != rhsDigit {
                return lhsDigit ? -1 : 1
            }
            var iEnd = i
            while iEnd < lhs.count, isASCIIDigit(lhs[iEnd]) == lhsDigit { iEnd += 1 }
            var jEnd = j
            while jEnd < rhs.count, isASCIIDigit(rhs[jEnd]) == rhsDigit { jEnd += 1 }
            let lhsRun = lhs[i..<iEnd]
            let rhsRun = rhs[j..<jEnd]
            if lhsDigit, lhsRun.count != rhsRun.count {
                return lhsRun.count < rhsRun.count ? -1 : 1
            }
            if lhsRun.elementsEqual(rhsRun) == false {
                return lhsRun.lexicographicallyPrecedes(rhsRun) ? -1 : 1
            }
            i = iEnd
            j = jEnd
        }
        if i == lhs.count, j == rhs.count { return 0 }
        return i == lhs.count ? -1 : 1
    }
}

@inline(__always)
func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

@inline(__always)
func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
}
