/// Where an icon comes from: an icon-theme name, or an absolute image path.
enum IconSource: Equatable {
    case themed(String)
    case file(String)

    /// An absolute path (starting with `/`) is a file; anything else an icon name.
    init(_ nameOrPath: String) {
        self = nameOrPath.hasPrefix("/") ? .file(nameOrPath) : .themed(nameOrPath)
    }
}
