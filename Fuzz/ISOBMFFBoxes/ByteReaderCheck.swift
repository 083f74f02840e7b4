import FuzzSupport
import GlintProbe

/// `ByteReader` held to its promises: over a slice of the input (so its indices do not start at
/// zero), up to 256 reads chosen by the input's last bytes each return the big-endian value of
/// the bytes at the reader's position and move it by their length, or throw and leave it where it
/// was; the position never leaves the slice.
enum ByteReaderCheck {
    static func run(_ bytes: [UInt8]) {
        var choices = FuzzedBytes(bytes)
        let lower = choices.integer(in: 0...min(bytes.count, 64))
        let upper = bytes.count - choices.integer(in: 0...(bytes.count - lower))
        let slice = bytes[lower..<upper]
        var reader = ByteReader(slice, context: "fuzz")
        for _ in 0..<256 where !choices.isEmpty {
            let before = reader.position
            let choice = choices.choice(11)
            let width = [1, 2, 3, 4, 8, 4, 8, 4, 0, 0, 0][choice]
            let value = try? read(choice, from: &reader, choices: &choices)
            precondition(reader.position >= slice.startIndex && reader.position <= slice.endIndex, "a ByteReader left its bytes")
            guard let value else {
                precondition(reader.position == before, "a ByteReader moved on a read that failed")
                continue
            }
            if width > 0 {
                precondition(reader.position == before + width, "a \(width)-byte read moved the reader by \(reader.position - before)")
                let expected = slice[before..<before + width].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                precondition(value == expected, "a \(width)-byte read returned \(value), not \(expected)")
            }
        }
        FuzzUse.keep(reader.isAtEnd)
    }

    /// One read: fixed-width integers (their bits as an unsigned value), bytes, a skip, the rest.
    private static func read(_ choice: Int, from reader: inout ByteReader, choices: inout FuzzedBytes) throws -> UInt64 {
        switch choice {
        case 0: return UInt64(try reader.readUInt8())
        case 1: return UInt64(try reader.readUInt16())
        case 2: return UInt64(try reader.readUInt24())
        case 3: return UInt64(try reader.readUInt32())
        case 4: return try reader.readUInt64()
        case 5: return UInt64(UInt32(bitPattern: try reader.readInt32()))
        case 6: return UInt64(bitPattern: try reader.readInt64())
        case 7: return UInt64(try reader.readFourCC().rawValue)
        case 8:
            let count = choices.integer(in: -2...(reader.remaining + 2))
            let before = reader.position
            let read = try reader.readBytes(count)
            precondition(read.count == count && read.startIndex == before, "readBytes(\(count)) returned \(read.count) bytes from \(read.startIndex)")
            return 0
        case 9:
            let count = choices.integer(in: -2...(reader.remaining + 2))
            let before = reader.position
            try reader.skip(count)
            precondition(reader.position == before + count, "skip(\(count)) moved the reader by \(reader.position - before)")
            return 0
        default:
            let remaining = reader.remaining
            precondition(reader.readRemaining().count == remaining && reader.isAtEnd, "readRemaining reads what remains")
            return 0
        }
    }
}
