/// Where a spec's current version comes from: `Version=` or `VersionFrom=`.
package enum VersionSource: Sendable, Hashable, CustomStringConvertible {
    /// `Version=1.3.0`: the version as written.
    case literal(String)
    /// `VersionFrom=os-release:VERSION_ID`: a key of `/etc/os-release` (falling back to
    /// `/usr/lib/os-release`), for a whole distribution's welcome.
    case osRelease(key: String)
    /// `VersionFrom=metainfo:PATH`: the highest `<release version>` of an AppStream
    /// metainfo file; a relative path is resolved against the spec file's directory.
    case metainfo(path: String)

    /// The `VersionFrom=` prefix of ``osRelease(key:)``.
    package static let osReleasePrefix = "os-release:"
    /// The `VersionFrom=` prefix of ``metainfo(path:)``.
    package static let metainfoPrefix = "metainfo:"

    /// How the spec file spells it: `1.3.0`, `os-release:VERSION_ID` or
    /// `metainfo:/usr/share/metainfo/org.example.Car.metainfo.xml`.
    package var description: String {
        switch self {
        case let .literal(text): return text
        case let .osRelease(key): return VersionSource.osReleasePrefix + key
        case let .metainfo(path): return VersionSource.metainfoPrefix + path
        }
    }
}
