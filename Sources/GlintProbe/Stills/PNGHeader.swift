/// The header (`IHDR`) of a PNG image: enough to recognise a PNG and give its size, without
/// decoding it.
public struct PNGHeader: Sendable, Equatable {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per sample.
    public var bitDepth: Int
    /// PNG colour type (0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA).
    public var colourType: Int

    /// Reads the header from the first bytes of a file (at least 29).
    /// - Throws: ``MediaError`` `.unsupported` when the bytes are not a PNG, `.corrupt` when the
    ///   first chunk is not a valid `IHDR`.
    public init(_ head: [UInt8]) throws {
        guard head.starts(with: Self.signature) else { throw MediaError(.unsupported, "not a PNG image") }
        guard head.count >= 29 else { throw MediaError(.truncated, "PNG ends inside its header") }
        var r = ByteReader(head[8...], context: "PNG IHDR chunk")
        let length = try r.readUInt32()
        guard try r.readFourCC() == "IHDR", length == 13 else { throw MediaError(.corrupt, "PNG does not start with an IHDR chunk") }
        width = Int(try r.readUInt32())
        height = Int(try r.readUInt32())
        bitDepth = Int(try r.readUInt8())
        colourType = Int(try r.readUInt8())
        guard width > 0, height > 0 else { throw MediaError(.corrupt, "PNG declares a \(width)x\(height) image") }
    }
}
