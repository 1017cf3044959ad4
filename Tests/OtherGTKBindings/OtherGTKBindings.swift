// Stands in for an app's own Swift GTK bindings (SwiftGtk, adwaita-swift): the names
// they declare, which FirstOpenViews must not declare publicly (PublicAPITests).

/// The bindings' widget.
open class Widget {
    /// What the bindings call it.
    public let name: String

    /// A widget named `name`.
    public init(name: String) {
        self.name = name
    }
}

/// The bindings' window.
open class Window: Widget {}

/// The bindings' entry point.
public enum GTK {
    /// The bindings' version.
    public static let bindingsVersion = "1.0"
}

/// The bindings' colour.
public struct Color: Equatable {
    /// The colour's name.
    public var name: String

    /// A colour named `name`.
    public init(_ name: String) {
        self.name = name
    }
}
