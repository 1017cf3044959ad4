/// Validation of app IDs, which name files in the state directory.
public enum AppID {
    /// The longest accepted app ID; leaves room for `.state`, `.lock` and
    /// `.corrupt-<timestamp>` within a 255-byte file name.
    public static let maximumLength = 200

    /// Whether `appID` is reverse-DNS-ish: ASCII letters, digits, `.`, `_` and `-`,
    /// not empty, not starting with `.`, at most ``maximumLength`` bytes. Such an ID
    /// cannot name a path outside the directory (no `/`, no `..` as a whole name).
    public static func isValid(_ appID: String) -> Bool {
        let bytes = appID.utf8
        guard let first = bytes.first, first != UInt8(ascii: "."),
              bytes.count <= maximumLength
        else { return false }
        return bytes.allSatisfy { byte in
            isASCIILetter(byte) || isASCIIDigit(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// Throws ``StoreError/invalidAppID(_:)`` unless ``isValid(_:)``.
    public static func validate(_ appID: String) throws(StoreError) {
        guard isValid(appID) else { throw .invalidAppID(appID) }
    }
}
