/// Reads big-endian fields from a decoder configuration record.
struct ConfigurationRecordReader {
    private let data: [UInt8]
    private let name: String
    private var position = 0

    init(_ data: [UInt8], name: String) {
        self.data = data
        self.name = name
    }

    /// Bytes not yet read.
    var remaining: Int { data.count - position }

    mutating func byte() throws -> UInt8 { try bytes(1)[0] }

    mutating func uint16() throws -> UInt16 {
        let b = try bytes(2)
        return UInt16(b[0]) << 8 | UInt16(b[1])
    }

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard count <= remaining else {
            throw MediaError(.corrupt, "\(name) record ends early (needs \(count) bytes at offset \(position))")
        }
        defer { position += count }
        return Array(data[position..<(position + count)])
    }
}
