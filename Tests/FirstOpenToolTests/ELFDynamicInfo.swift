import Foundation

/// What an ELF64 little-endian executable asks the dynamic loader for: its program
/// interpreter (`PT_INTERP`) and its `DT_NEEDED` libraries. A binary with neither
/// is statically linked: nothing but itself is mapped at start-up.
struct ELFDynamicInfo {
    var interpreter: String?
    var neededLibraries: [String]

    var isStatic: Bool { interpreter == nil && neededLibraries.isEmpty }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func integer(_ offset: Int, _ size: Int) throws -> Int {
            guard offset >= 0, offset + size <= data.count else { throw Malformed(description: "\(path): truncated") }
            var value = 0
            for index in (0..<size).reversed() { value = value << 8 | Int(data[offset + index]) }
            return value
        }
        guard data.count > 64, data[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), data[4] == 2, data[5] == 1 else {
            throw Malformed(description: "\(path) is not a 64-bit little-endian ELF file")
        }
        let programHeaders = try integer(32, 8), entrySize = try integer(54, 2), count = try integer(56, 2)
        var interpreter: String?
        var dynamic: (offset: Int, size: Int)?
        var loads: [(address: Int, offset: Int, size: Int)] = []
        for index in 0..<count {
            let header = programHeaders + index * entrySize
            let type = try integer(header, 4), offset = try integer(header + 8, 8)
            let address = try integer(header + 16, 8), size = try integer(header + 32, 8)
            switch type {
            case 1: loads.append((address, offset, size))                      // PT_LOAD
            case 2: dynamic = (offset, size)                                   // PT_DYNAMIC
            case 3: interpreter = String(decoding: data[offset..<(offset + size)].prefix { $0 != 0 }, as: UTF8.self)
            default: break
            }
        }
        var needed: [String] = []
        if let dynamic {
            var stringTable: Int?
            var neededOffsets: [Int] = []
            for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
                let tag = try integer(entry, 8), value = try integer(entry + 8, 8)
                if tag == 0 { break }                                          // DT_NULL
                if tag == 1 { neededOffsets.append(value) }                    // DT_NEEDED
                if tag == 5 { stringTable = value }                            // DT_STRTAB (an address)
            }
            if !neededOffsets.isEmpty {
                guard let stringTable,
                      let segment = loads.first(where: { stringTable >= $0.address && stringTable < $0.address + $0.size })
                else { throw Malformed(description: "\(path): DT_NEEDED without a string table") }
                let base = segment.offset + stringTable - segment.address
                for offset in neededOffsets {
                    let start = base + offset
                    guard start < data.count else { throw Malformed(description: "\(path): bad DT_NEEDED") }
                    needed.append(String(decoding: data[start...].prefix { $0 != 0 }, as: UTF8.self))
                }
            }
        }
        self.interpreter = interpreter
        self.neededLibraries = needed
    }
}
