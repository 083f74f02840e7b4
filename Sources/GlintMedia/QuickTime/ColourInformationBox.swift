/// A sample entry's `colr` box with an H.273 colour description: QuickTime's `nclc`
/// (primaries, transfer, matrix) or ISO's `nclx` (the same plus a full-range flag).
///
/// `colr` boxes carrying ICC profiles (`prof`, `rICC`) are not parsed; ``init(_:)`` returns
/// `nil` for them.
public struct ColourInformationBox: Sendable, Equatable {
    /// `nclc` (QuickTime) or `nclx` (ISO).
    public var kind: FourCC
    public var primaries: VideoColourPrimaries
    public var transfer: VideoTransferFunction
    public var matrix: VideoColourMatrix
    /// The `nclx` full-range flag (`nclc` has none and reads as limited).
    public var fullRange: Bool

    /// Creates a box description.
    public init(
        kind: FourCC = "nclc", primaries: VideoColourPrimaries, transfer: VideoTransferFunction,
        matrix: VideoColourMatrix, fullRange: Bool = false
    ) {
        self.kind = kind
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// Reads a `colr` box; `nil` when it is not one or carries an ICC profile or too few bytes.
    public init?(_ box: Box) {
        guard box.type == "colr", box.payload.count >= 10 else { return nil }
        var reader = ByteReader(box.payload, context: "colr")
        guard let kind = try? reader.readUInt32(), kind == FourCC("nclc").rawValue || kind == FourCC("nclx").rawValue,
            let primaries = try? reader.readUInt16(), let transfer = try? reader.readUInt16(),
            let matrix = try? reader.readUInt16()
        else { return nil }
        self.kind = FourCC(rawValue: kind)
        self.primaries = VideoColourPrimaries(rawValue: Int32(primaries))
        self.transfer = VideoTransferFunction(rawValue: Int32(transfer))
        self.matrix = VideoColourMatrix(rawValue: Int32(matrix))
        fullRange = self.kind == "nclx" && ((try? reader.readUInt8()) ?? 0) & 0x80 != 0
    }

    /// The colour description as a ``VideoColourInfo`` (range unspecified for `nclc`).
    public var colourInfo: VideoColourInfo {
        VideoColourInfo(
            range: kind == "nclx" ? (fullRange ? .full : .limited) : .unspecified,
            primaries: primaries, transfer: transfer, matrix: matrix)
    }

    /// The `colr` box.
    public var box: Box {
        var writer = ByteWriter()
        writer.write(kind)
        writer.write(UInt16(clamping: primaries.rawValue))
        writer.write(UInt16(clamping: transfer.rawValue))
        writer.write(UInt16(clamping: matrix.rawValue))
        if kind == "nclx" { writer.write(UInt8(fullRange ? 0x80 : 0)) }
        return Box("colr", payload: writer.bytes)
    }
}

extension VideoColourInfo {
    /// These tags with what they leave unspecified (primaries, transfer, matrix) taken from
    /// `entry`'s `colr` box, when it has one with code points.
    public func fillingUnspecified(from entry: VisualSampleEntry) -> VideoColourInfo {
        guard let described = entry.extensions.lazy.compactMap(ColourInformationBox.init).first else { return self }
        var tags = self
        if tags.primaries == .unspecified { tags.primaries = described.primaries }
        if tags.transfer == .unspecified { tags.transfer = described.transfer }
        if tags.matrix == .unspecified { tags.matrix = described.matrix }
        return tags
    }
}
