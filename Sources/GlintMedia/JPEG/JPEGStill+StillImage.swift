extension JPEGStill: StillImage {
    public var format: StillFormat { .jpeg }

    /// Stored width (the frame header's).
    public var width: Int { header.width }

    /// Stored height (the frame header's).
    public var height: Int { header.height }

    /// The XMP packet of the standard XMP APP1 segment.
    public var xmpPacket: [UInt8]? { file.xmpPacket }

    /// The ICC profile reassembled from its APP2 chunks; `nil` when absent or its chunks are
    /// inconsistent.
    public var iccProfile: [UInt8]? { (try? file.iccProfile()) ?? nil }

    /// Always `nil`: JPEG has no `nclx` colour description.
    public var nclxProfile: NCLXColourProfile? { nil }

    /// Encodes a baseline JPEG at `encoding.jpegQuality` with this still's application segments
    /// and comments (ICC, XMP, JFIF, ...) in their order, `exif` in place of the Exif segment,
    /// no MPF index, and `encoding.colourSpace`'s ICC profile in place of the still's when set.
    public func encodeEdited(_ image: RGBImage, exif: ExifMetadata?, encoding: StillEncoding) throws -> [UInt8] {
        try MediaError.naming(path) {
            let encoded = try JPEGEncoder.encode(image, quality: encoding.jpegQuality)
            let profile = try encoding.colourSpace?.iccProfile()
            return try JPEGAssembler.assemble(encoded: encoded, segments: try file.editedMetadataSegments(exif: exif, iccProfile: profile))
        }
    }
}
