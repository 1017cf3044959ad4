/// NULL-terminated C string arrays (`gchar **`, `const gchar * const *`), as GLib
/// returns them, read into Swift arrays in one place.
package enum StringVector {
    /// The strings of a NULL-terminated array; an absent array is empty. The array is
    /// not freed (GLib owns many of them; free with `g_strfreev` where you own it).
    package static func strings(_ vector: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
        guard let vector else { return [] }
        var result: [String] = []
        var index = 0
        while let item = vector[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }

    /// The same for a mutable `gchar **`.
    package static func strings(_ vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
        guard let vector else { return [] }
        return vector.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: 1) { strings(UnsafePointer($0)) }
    }
}
