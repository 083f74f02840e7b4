/// The HEVC decoder configuration record: the payload of an `hvcC` box (ISO/IEC 14496-15 8.3.3).
public struct HEVCDecoderConfigurationRecord: Sendable, Equatable {
    /// One array of parameter-set NAL units of one type.
    public struct NALArray: Sendable, Equatable {
        /// Whether every NAL unit of this type is in the array (no more in the samples).
        public var isComplete: Bool
        /// The NAL unit type: 32 VPS, 33 SPS, 34 PPS, 39/40 SEI.
        public var nalUnitType: UInt8
        /// The NAL units, with their 2-byte headers.
        public var units: [[UInt8]]

        /// Creates an array.
        /// - Parameters:
        ///   - isComplete: `array_completeness`.
        ///   - nalUnitType: The NAL unit type.
        ///   - units: The NAL units.
        public init(isComplete: Bool, nalUnitType: UInt8, units: [[UInt8]]) {
            self.isComplete = isComplete
            self.nalUnitType = nalUnitType
            self.units = units
        }
    }

    /// `configurationVersion`, always 1.
    public var configurationVersion: UInt8 = 1
    /// `general_profile_space` (2 bits).
    public var generalProfileSpace: UInt8
    /// `general_tier_flag`.
    public var generalTierFlag: Bool
    /// `general_profile_idc` (1 Main, 2 Main 10, ...).
    public var generalProfileIDC: UInt8
    /// `general_profile_compatibility_flags` (32 bits).
    public var generalProfileCompatibilityFlags: UInt32
    /// `general_constraint_indicator_flags` (48 bits, in the low bits).
    public var generalConstraintIndicatorFlags: UInt64
    /// `general_level_idc` (30 times the level, for example 120 for 4.0).
    public var generalLevelIDC: UInt8
    /// `min_spatial_segmentation_idc` (12 bits); 0 when unknown.
    public var minSpatialSegmentationIDC: UInt16 = 0
    /// `parallelismType` (2 bits); 0 when unknown.
    public var parallelismType: UInt8 = 0
    /// `chromaFormat` (1 = 4:2:0).
    public var chromaFormat: UInt8 = 1
    /// `bitDepthLumaMinus8`.
    public var bitDepthLumaMinus8: UInt8 = 0
    /// `bitDepthChromaMinus8`.
    public var bitDepthChromaMinus8: UInt8 = 0
    /// `avgFrameRate` in frames per 256 s; 0 = unspecified (variable frame rate).
    public var averageFrameRate: UInt16 = 0
    /// `constantFrameRate` (2 bits); 0 = not known to be constant.
    public var constantFrameRate: UInt8 = 0
    /// `numTemporalLayers` (3 bits): `sps_max_sub_layers_minus1 + 1`.
    public var numTemporalLayers: UInt8 = 1
    /// `temporalIdNested`: the SPS's `sps_temporal_id_nesting_flag`.
    public var temporalIDNested: Bool = false
    /// NAL unit length field size in bytes minus one (3: 4-byte lengths).
    public var lengthSizeMinusOne: UInt8 = 3
    /// Parameter-set arrays, VPS, SPS, PPS in that order.
    public var arrays: [NALArray]

    /// Builds a record from parameter sets, reading profile, tier, level and temporal layers
    /// from the SPS's `profile_tier_level` (after removing emulation-prevention bytes). Chroma
    /// format 4:2:0 and 8-bit depth are recorded, as Glint encodes 8-bit 4:2:0.
    /// - Parameters:
    ///   - videoParameterSets: VPS NAL units (type 32).
    ///   - sequenceParameterSets: SPS NAL units (type 33).
    ///   - pictureParameterSets: PPS NAL units (type 34).
    /// - Throws: ``MediaError`` (`.corrupt`) when a set is missing or the SPS is too short.
    public init(videoParameterSets: [[UInt8]], sequenceParameterSets: [[UInt8]], pictureParameterSets: [[UInt8]]) throws {
        guard !videoParameterSets.isEmpty, !pictureParameterSets.isEmpty, let sps = sequenceParameterSets.first else {
            throw MediaError(.corrupt, "an HEVC VPS, SPS and PPS are all needed to build an hvcC record")
        }
        let rbsp = AnnexB.removingEmulationPrevention(sps)
        // 2-byte NAL header, 1 byte (vps id, max_sub_layers_minus1, temporal_id_nesting),
        // then the 12-byte general profile_tier_level.
        guard rbsp.count >= 15 else {
            throw MediaError(.corrupt, "the HEVC sequence parameter set is too short (\(rbsp.count) bytes)")
        }
        numTemporalLayers = ((rbsp[2] >> 1) & 0x07) + 1
        temporalIDNested = rbsp[2] & 0x01 == 1
        let ptl = Array(rbsp[3..<15])
        generalProfileSpace = ptl[0] >> 6
        generalTierFlag = (ptl[0] >> 5) & 1 == 1
        generalProfileIDC = ptl[0] & 0x1F
        generalProfileCompatibilityFlags = ptl[1...4].reduce(0) { $0 << 8 | UInt32($1) }
        generalConstraintIndicatorFlags = ptl[5...10].reduce(0) { $0 << 8 | UInt64($1) }
        generalLevelIDC = ptl[11]
        arrays = [
            NALArray(isComplete: true, nalUnitType: 32, units: videoParameterSets),
            NALArray(isComplete: true, nalUnitType: 33, units: sequenceParameterSets),
            NALArray(isComplete: true, nalUnitType: 34, units: pictureParameterSets),
        ]
    }

    /// Parses an `hvcC` payload.
    /// - Throws: ``MediaError`` (`.corrupt`) when the bytes are not a valid record.
    public init(parsing bytes: [UInt8]) throws {
        var reader = ConfigurationRecordReader(bytes, name: "hvcC")
        configurationVersion = try reader.byte()
        guard configurationVersion == 1 else {
            throw MediaError(.corrupt, "hvcC record has version \(configurationVersion), expected 1")
        }
        let first = try reader.byte()
        generalProfileSpace = first >> 6
        generalTierFlag = (first >> 5) & 1 == 1
        generalProfileIDC = first & 0x1F
        generalProfileCompatibilityFlags = try reader.bytes(4).reduce(0) { $0 << 8 | UInt32($1) }
        generalConstraintIndicatorFlags = try reader.bytes(6).reduce(0) { $0 << 8 | UInt64($1) }
        generalLevelIDC = try reader.byte()
        minSpatialSegmentationIDC = try reader.uint16() & 0x0FFF
        parallelismType = try reader.byte() & 0x03
        chromaFormat = try reader.byte() & 0x03
        bitDepthLumaMinus8 = try reader.byte() & 0x07
        bitDepthChromaMinus8 = try reader.byte() & 0x07
        averageFrameRate = try reader.uint16()
        let packed = try reader.byte()
        constantFrameRate = packed >> 6
        numTemporalLayers = (packed >> 3) & 0x07
        temporalIDNested = (packed >> 2) & 1 == 1
        lengthSizeMinusOne = packed & 0x03
        let arrayCount = Int(try reader.byte())
        arrays = try (0..<arrayCount).map { _ in
            let header = try reader.byte()
            let count = Int(try reader.uint16())
            let units = try (0..<count).map { _ in try reader.bytes(Int(try reader.uint16())) }
            return NALArray(isComplete: header & 0x80 != 0, nalUnitType: header & 0x3F, units: units)
        }
    }

    /// The `hvcC` payload bytes.
    public var serialized: [UInt8] {
        var out: [UInt8] = [configurationVersion]
        out.append(generalProfileSpace << 6 | (generalTierFlag ? 0x20 : 0) | (generalProfileIDC & 0x1F))
        out += (0..<4).map { UInt8(truncatingIfNeeded: generalProfileCompatibilityFlags >> (24 - 8 * UInt32($0))) }
        out += (0..<6).map { UInt8(truncatingIfNeeded: generalConstraintIndicatorFlags >> (40 - 8 * UInt64($0))) }
        out.append(generalLevelIDC)
        out += [0xF0 | UInt8(minSpatialSegmentationIDC >> 8 & 0x0F), UInt8(minSpatialSegmentationIDC & 0xFF)]
        out.append(0xFC | (parallelismType & 0x03))
        out.append(0xFC | (chromaFormat & 0x03))
        out.append(0xF8 | (bitDepthLumaMinus8 & 0x07))
        out.append(0xF8 | (bitDepthChromaMinus8 & 0x07))
        out += [UInt8(averageFrameRate >> 8), UInt8(averageFrameRate & 0xFF)]
        out.append(
            (constantFrameRate & 0x03) << 6 | (numTemporalLayers & 0x07) << 3
                | (temporalIDNested ? 0x04 : 0) | (lengthSizeMinusOne & 0x03))
        out.append(UInt8(arrays.count))
        for array in arrays {
            out.append((array.isComplete ? 0x80 : 0) | (array.nalUnitType & 0x3F))
            out += [UInt8(array.units.count >> 8), UInt8(array.units.count & 0xFF)]
            for unit in array.units { out += [UInt8(unit.count >> 8), UInt8(unit.count & 0xFF)] + unit }
        }
        return out
    }
}
