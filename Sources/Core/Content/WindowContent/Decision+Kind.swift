package import FirstOpenState

extension Decision {
    /// The window the decision asks for, or `nil` for "nothing".
    package var kind: FirstOpenWindowKind? {
        switch self {
        case .welcome: .welcome
        case .whatsNew: .whatsNew
        case .nothing: nil
        }
    }
}
