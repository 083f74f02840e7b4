/// ISO 21496-1 gain map metadata in its binary form: the payload of a JPEG APP2 segment after
/// ``urn`` (and of a HEIF `tmap` item), big-endian:
///
/// `minimum_version u16, writer_version u16`, then (when there is more than the versions, as on
/// the gain map image; the primary image carries the versions alone) `flags u8` (bit 7: one
/// value per channel; bit 6: the map applies in the base's colour space; bit 3: one common
/// denominator), and either `common_denominator u32, base_hdr_headroom_n u32,
/// alternate_hdr_headroom_n u32` and per channel `gain_map_min_n s32, gain_map_max_n s32,
/// gamma_n u32, base_offset_n s32, alternate_offset_n s32`, or each of those as a numerator and a
/// u32 denominator. Only `minimum_version` 0 is read.
public struct ISO21496Metadata: Sendable, Equatable {
    /// What the APP2 payload starts with: `urn:iso:std:iso:ts:21496:-1` and a NUL.
    public static let urn: [UInt8] = Array("urn:iso:std:iso:ts:21496:-1".utf8) + [0]

    public var minimumVersion: UInt16
    public var writerVersion: UInt16
    /// The map's parameters; nil in the versions-only form a primary image carries.
    public var parameters: GainMapParameters?
    /// Whether the map applies in the base picture's colour space.
    public var usesBaseColourSpace: Bool

    public init(parameters: GainMapParameters?, usesBaseColourSpace: Bool = true) {
        minimumVersion = 0
        writerVersion = 0
        self.parameters = parameters
        self.usesBaseColourSpace = usesBaseColourSpace
    }

    /// Parses `payload` (after ``urn``).
    /// - Throws: ``MediaError`` `.unsupported` for a minimum version other than 0, `.corrupt` for a
    ///   zero denominator, `.truncated` when the payload ends early.
    public init(_ payload: ArraySlice<UInt8>) throws {
        var reader = ByteReader(payload, context: "ISO 21496-1 gain map metadata")
        minimumVersion = try reader.readUInt16()
        writerVersion = try reader.readUInt16()
        guard minimumVersion == 0 else {
            throw MediaError(.unsupported, "ISO 21496-1 gain map metadata needs version \(minimumVersion), only 0 is read")
        }
        usesBaseColourSpace = true
        guard !reader.isAtEnd else { return }
        let flags = try reader.readUInt8()
        usesBaseColourSpace = flags & 0x40 != 0
        let channels = flags & 0x80 != 0 ? 3 : 1
        var fractions = try FractionReader(reader: reader, commonDenominator: flags & 0x08 != 0)
        let baseHeadroom = try fractions.unsigned()
        let alternateHeadroom = try fractions.unsigned()
        var columns = [[Double]](repeating: [], count: 5)
        for _ in 0..<channels {
            columns[0].append(try fractions.signed())
            columns[1].append(try fractions.signed())
            columns[2].append(try fractions.unsigned())
            columns[3].append(try fractions.signed())
            columns[4].append(try fractions.signed())
        }
        parameters = GainMapParameters(
            gainMapMin: columns[0], gainMapMax: columns[1], gamma: columns[2], offsetSDR: columns[3], offsetHDR: columns[4],
            hdrCapacityMin: baseHeadroom, hdrCapacityMax: alternateHeadroom, baseRenditionIsHDR: alternateHeadroom < baseHeadroom)
    }

    /// The payload (without ``urn``): fractions with their own denominators, 1 or 3 channels.
    public var serialized: [UInt8] {
        var writer = ByteWriter()
        writer.write(minimumVersion)
        writer.write(writerVersion)
        guard let parameters else { return writer.bytes }
        let channels =
            [parameters.gainMapMin, parameters.gainMapMax, parameters.gamma, parameters.offsetSDR, parameters.offsetHDR]
                .contains { $0.count == 3 } ? 3 : 1
        writer.write(UInt8((channels == 3 ? 0x80 : 0) | (usesBaseColourSpace ? 0x40 : 0)))
        Self.writeUnsigned(parameters.hdrCapacityMin, to: &writer)
        Self.writeUnsigned(parameters.hdrCapacityMax, to: &writer)
        for channel in 0..<channels {
            func value(_ list: [Double]) -> Double { list.count == 3 ? list[channel] : list[0] }
            Self.writeSigned(value(parameters.gainMapMin), to: &writer)
            Self.writeSigned(value(parameters.gainMapMax), to: &writer)
            Self.writeUnsigned(value(parameters.gamma), to: &writer)
            Self.writeSigned(value(parameters.offsetSDR), to: &writer)
            Self.writeSigned(value(parameters.offsetHDR), to: &writer)
        }
        return writer.bytes
    }

    /// The denominator every written fraction uses: 2^20 keeps 6 decimal digits of a value up to 2048.
    static let denominator: UInt32 = 1 << 20

    private static func writeSigned(_ value: Double, to writer: inout ByteWriter) {
        let scaled = value.isFinite ? (value * Double(denominator)).rounded() : 0
        writer.write(Int32(max(Double(Int32.min), min(Double(Int32.max), scaled))))
        writer.write(denominator)
    }

    private static func writeUnsigned(_ value: Double, to writer: inout ByteWriter) {
        let scaled = value.isFinite ? (max(0, value) * Double(denominator)).rounded() : 0
        writer.write(UInt32(min(Double(UInt32.max), scaled)))
        writer.write(denominator)
    }
}

/// Reads ISO 21496-1 fractions: each a numerator and its own denominator, or numerators over one
/// common denominator read first.
private struct FractionReader {
    var reader: ByteReader
    let common: UInt32?

    init(reader: ByteReader, commonDenominator: Bool) throws {
        self.reader = reader
        common = commonDenominator ? try self.reader.readUInt32() : nil
        if common == 0 { throw MediaError(.corrupt, "ISO 21496-1 gain map metadata has a zero common denominator") }
    }

    mutating func unsigned() throws -> Double { try fraction(Double(try reader.readUInt32())) }

    mutating func signed() throws -> Double { try fraction(Double(try reader.readInt32())) }

    private mutating func fraction(_ numerator: Double) throws -> Double {
        let denominator = try common ?? reader.readUInt32()
        guard denominator != 0 else { throw MediaError(.corrupt, "ISO 21496-1 gain map metadata has a zero denominator") }
        return numerator / Double(denominator)
    }
}
