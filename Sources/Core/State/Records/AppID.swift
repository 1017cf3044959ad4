/// Validation of app IDs, which name files in the state directory.
package enum AppID {
    /// The longest accepted app ID; leaves room for `.state`, `.window.lock` and
    /// `.corrupt-<timestamp>` within a 255-byte file name.
    package static let maximumLength = 200

    /// Whether `appID` is reverse-DNS-ish: ASCII letters, digits, `.`, `_` and `-`,
    /// not empty, not starting with `.`, at most ``maximumLength`` bytes. Such an ID
    /// cannot name a path outside the directory (no `/`, no `..` as a whole name).
    package static func isValid(_ appID: String) -> Bool {
        let bytes = appID.utf8
        guard let first = bytes.first, first != UInt8(ascii: "."),
              bytes.count <= maximumLength
        else { return false }
        return bytes.allSatisfy { byte in
            isASCIILetter(byte) || isASCIIDigit(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// Whether `appID` follows GApplication's rules for application IDs (the same as
    /// D-Bus well-known names): two or more non-empty elements separated by `.`, each of
    /// ASCII letters, digits, `_` and `-` and not starting with a digit, at most 255
    /// bytes. Written here rather than calling `g_application_id_is_valid` because that
    /// lives in GIO, and the login path links GLib alone.
    package static func isReverseDNS(_ appID: String) -> Bool {
        let elements = appID.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard appID.utf8.count <= 255, elements.count >= 2 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.first, !isASCIIDigit(first) else { return false }
            return element.allSatisfy { byte in
                isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
        }
    }

    /// Throws ``StoreError/invalidAppID(_:)`` unless ``isValid(_:)``.
    package static func validate(_ appID: String) throws(StoreError) {
        guard isValid(appID) else { throw .invalidAppID(appID) }
    }
}
