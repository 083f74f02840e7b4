/// The H.264 decoder configuration record: the payload of an `avcC` box (ISO/IEC 14496-15 5.3.3).
public struct AVCDecoderConfigurationRecord: Sendable, Equatable {
    /// `configurationVersion`, always 1.
    public var configurationVersion: UInt8 = 1
    /// `AVCProfileIndication` (66 Baseline, 77 Main, 100 High, ...), from the SPS.
    public var profileIndication: UInt8
    /// `profile_compatibility` (the constraint-set flags byte of the SPS).
    public var profileCompatibility: UInt8
    /// `AVCLevelIndication` (for example 40 for level 4.0), from the SPS.
    public var levelIndication: UInt8
    /// NAL unit length field size in bytes minus one (3: 4-byte lengths).
    public var lengthSizeMinusOne: UInt8 = 3
    /// Sequence parameter set NAL units (with their NAL header byte).
    public var sequenceParameterSets: [[UInt8]]
    /// Picture parameter set NAL units.
    public var pictureParameterSets: [[UInt8]]
    /// `chroma_format_idc` (1 = 4:2:0); written only for High profiles 100, 110, 122 and 144.
    public var chromaFormat: UInt8 = 1
    /// `bit_depth_luma_minus8`; written only for the High profiles.
    public var bitDepthLumaMinus8: UInt8 = 0
    /// `bit_depth_chroma_minus8`; written only for the High profiles.
    public var bitDepthChromaMinus8: UInt8 = 0

    /// Builds a record from parameter sets, reading profile, level, chroma format and bit
    /// depth from the first SPS.
    /// - Parameters:
    ///   - sequenceParameterSets: SPS NAL units (type 7), with emulation prevention as coded.
    ///   - pictureParameterSets: PPS NAL units (type 8).
    /// - Throws: ``MediaError`` (`.corrupt`) when there is no SPS or PPS or the SPS is too short.
    public init(sequenceParameterSets: [[UInt8]], pictureParameterSets: [[UInt8]]) throws {
        guard let sps = sequenceParameterSets.first, sps.count >= 4 else {
            throw MediaError(.corrupt, "no H.264 sequence parameter set to build an avcC record from")
        }
        guard !pictureParameterSets.isEmpty else {
            throw MediaError(.corrupt, "no H.264 picture parameter set to build an avcC record from")
        }
        self.sequenceParameterSets = sequenceParameterSets
        self.pictureParameterSets = pictureParameterSets
        profileIndication = sps[1]
        profileCompatibility = sps[2]
        levelIndication = sps[3]
        if Self.hasHighProfileExtension(profileIndication) {
            // seq_parameter_set_id, then chroma_format_idc and the bit depths.
            var reader = NALBitReader(Array(AnnexB.removingEmulationPrevention(sps).dropFirst(4)))
            _ = try reader.unsignedGolomb()
            let chroma = try reader.unsignedGolomb()
            if chroma == 3 { try reader.skip(1) }
            chromaFormat = UInt8(truncatingIfNeeded: chroma)
            bitDepthLumaMinus8 = UInt8(truncatingIfNeeded: try reader.unsignedGolomb())
            bitDepthChromaMinus8 = UInt8(truncatingIfNeeded: try reader.unsignedGolomb())
        }
    }

    /// Parses an `avcC` payload.
    /// - Throws: ``MediaError`` (`.corrupt`) when the bytes are not a valid record.
    public init(parsing bytes: [UInt8]) throws {
        var reader = ConfigurationRecordReader(bytes, name: "avcC")
        configurationVersion = try reader.byte()
        guard configurationVersion == 1 else {
            throw MediaError(.corrupt, "avcC record has version \(configurationVersion), expected 1")
        }
        profileIndication = try reader.byte()
        profileCompatibility = try reader.byte()
        levelIndication = try reader.byte()
        lengthSizeMinusOne = try reader.byte() & 0x03
        let spsCount = Int(try reader.byte() & 0x1F)
        sequenceParameterSets = try (0..<spsCount).map { _ in try reader.bytes(Int(try reader.uint16())) }
        let ppsCount = Int(try reader.byte())
        pictureParameterSets = try (0..<ppsCount).map { _ in try reader.bytes(Int(try reader.uint16())) }
        if Self.hasHighProfileExtension(profileIndication), reader.remaining >= 4 {
            chromaFormat = try reader.byte() & 0x03
            bitDepthLumaMinus8 = try reader.byte() & 0x07
            bitDepthChromaMinus8 = try reader.byte() & 0x07
        }
    }

    /// The `avcC` payload bytes.
    public var serialized: [UInt8] {
        var out: [UInt8] = [configurationVersion, profileIndication, profileCompatibility, levelIndication]
        out.append(0xFC | (lengthSizeMinusOne & 0x03))
        out.append(0xE0 | UInt8(sequenceParameterSets.count & 0x1F))
        for sps in sequenceParameterSets { out += [UInt8(sps.count >> 8), UInt8(sps.count & 0xFF)] + sps }
        out.append(UInt8(pictureParameterSets.count & 0xFF))
        for pps in pictureParameterSets { out += [UInt8(pps.count >> 8), UInt8(pps.count & 0xFF)] + pps }
        if Self.hasHighProfileExtension(profileIndication) {
            out += [0xFC | (chromaFormat & 0x03), 0xF8 | (bitDepthLumaMinus8 & 0x07), 0xF8 | (bitDepthChromaMinus8 & 0x07), 0]
        }
        return out
    }

    /// Whether `profile` carries the chroma format and bit depth extension.
    static func hasHighProfileExtension(_ profile: UInt8) -> Bool {
        [100, 110, 122, 144].contains(profile)
    }
}
