import FirstOpenToolSupport

/// How different two images may be and still match (`--tolerance CHANNEL[,PERCENT]`).
///
/// A pixel differs when any of its red, green, blue or alpha values differs by more
/// than ``channel`` (out of 255). The images match when at most ``percent`` % of the
/// pixels differ. Images of different sizes never match.
struct ImageTolerance: Equatable, Sendable, CustomStringConvertible {
    /// Largest difference of one channel (0–255) that still counts as equal.
    var channel: Int
    /// Largest share of differing pixels, in percent (0–100), that still matches.
    var percent: Double

    /// `8,0.1`: absorbs antialiasing noise, catches any visible change (a colour,
    /// a moved or changed word).
    static let `default` = ImageTolerance(channel: 8, percent: 0.1)

    init(channel: Int, percent: Double) {
        self.channel = channel
        self.percent = percent
    }

    /// Parses `CHANNEL` or `CHANNEL,PERCENT`, e.g. `8` or `8,0.1`; a missing
    /// PERCENT is the default's.
    init(parsing text: String) throws(CommandFailure) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let usage = CommandFailure(
            "screenshot: --tolerance '\(text)': expected CHANNEL[,PERCENT], CHANNEL 0-255 and PERCENT 0-100 (e.g. 8,0.1)",
            code: .usage)
        guard (1...2).contains(parts.count),
              let channel = Int(parts[0].trimmingSpaces), (0...255).contains(channel)
        else { throw usage }
        var percent = Self.default.percent
        if parts.count == 2 {
            guard let value = Double(parts[1].trimmingSpaces), value.isFinite, (0...100).contains(value) else {
                throw usage
            }
            percent = value
        }
        self.init(channel: channel, percent: percent)
    }

    var description: String { "\(channel),\(Self.format(percent))" }

    /// A percentage for messages: `0.1`, `2.35`, `0`.
    static func format(_ percent: Double) -> String {
        var text = String(Double((percent * 1000).rounded()) / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
