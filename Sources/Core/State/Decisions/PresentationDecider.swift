/// Decides what to present at start-up from the recorded and the current version.
/// Pure: it reads and writes nothing.
package enum PresentationDecider {
    /// - No record → ``Decision/welcome(current:)``.
    /// - Same version (in ordering) → nothing, ``NothingReason/sameVersion(_:)``.
    /// - Lower current version → nothing, ``NothingReason/downgrade(recorded:current:)``
    ///   (the store never lowers a record, so the higher version stays).
    /// - An upgrade the policy does not count → nothing,
    ///   ``NothingReason/insignificant(from:to:policy:)``. This is checked before
    ///   `showsWhatsNew` so that the reason names the real cause.
    /// - What's New turned off → nothing, ``NothingReason/whatsNewDisabled(from:to:)``.
    /// - Otherwise ``Decision/whatsNew(from:to:)``.
    package static func decide(
        recorded: Version?,
        current: Version,
        policy: UpdatePolicy,
        showsWhatsNew: Bool = true
    ) -> Decision {
        guard let recorded else { return .welcome(current: current) }
        if recorded == current { return .nothing(.sameVersion(current)) }
        if current < recorded { return .nothing(.downgrade(recorded: recorded, current: current)) }
        guard policy.isSignificant(from: recorded, to: current) else {
            return .nothing(.insignificant(from: recorded, to: current, policy: policy))
        }
        guard showsWhatsNew else {
            return .nothing(.whatsNewDisabled(from: recorded, to: current))
        }
        return .whatsNew(from: recorded, to: current)
    }
}
