/// Where an icon comes from: an icon-theme name (looked up in `directories` first, then
/// the default theme), or an absolute image path.
package enum IconSource: Equatable {
    case themed(String, directories: [String])
    case file(String)

    /// An absolute path (starting with `/`) is a file; anything else an icon name,
    /// looked up in `directories` (folders laid out like `/usr/share/icons`) first.
    package init(_ nameOrPath: String, directories: [String] = []) {
        self = nameOrPath.hasPrefix("/") ? .file(nameOrPath) : .themed(nameOrPath, directories: directories)
    }
}
