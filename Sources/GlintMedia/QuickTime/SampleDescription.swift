/// One entry of a sample description table (`stsd`): the codec of a track's samples.
public struct SampleDescription: Sendable, Equatable {
    /// The sample entry's format code (`avc1`, `hvc1`, `lpcm`, `mp4a`, `mebx`, ...).
    public var format: FourCC
    /// The entry's bytes after its 8-byte header (6 reserved bytes and the data reference index
    /// included), exactly as stored.
    public var body: [UInt8]

    /// Parses every entry of an `stsd` box.
    public static func entries(of stsd: Box) throws -> [SampleDescription] {
        var reader = ByteReader(stsd.payload, context: "stsd box")
        try reader.skip(4)
        let count = Int(try reader.readUInt32())
        var entries: [SampleDescription] = []
        for _ in 0..<count {
            let size = Int(try reader.readUInt32())
            let format = try reader.readFourCC()
            guard size >= 16, size - 8 <= reader.remaining else {
                throw MediaError(.corrupt, "stsd entry '\(format)' has an impossible size \(size)")
            }
            entries.append(SampleDescription(format: format, body: Array(try reader.readBytes(size - 8))))
        }
        return entries
    }

    /// Builds an `stsd` box holding `entries`.
    public static func makeBox(_ entries: [SampleDescription]) -> Box {
        var w = ByteWriter()
        w.write(UInt32(entries.count))
        for entry in entries {
            w.write(UInt32(entry.body.count + 8))
            w.write(entry.format)
            w.write(bytes: entry.body)
        }
        return Box("stsd", version: 0, flags: 0, body: w.bytes)
    }

    /// Child boxes following `fixedFieldsLength` bytes of format-specific fields.
    func childBoxes(after fixedFieldsLength: Int) throws -> [Box] {
        guard body.count >= fixedFieldsLength else { return [] }
        return try BoxParser.parseBoxes(body[fixedFieldsLength...], context: "\(format) sample entry")
    }
}

/// The fields of a video sample entry (`avc1`, `hvc1`, ...).
public struct VisualSampleEntry: Sendable, Equatable {
    /// Length of the visual fields after the 8-byte sample-entry header.
    static let fixedLength = 8 + 70
    /// Coded width in pixels.
    public var width: Int
    /// Coded height in pixels.
    public var height: Int
    /// Extension boxes (`avcC`, `hvcC`, `colr`, `pasp`, `clap`, ...).
    public var extensions: [Box]

    /// Reads a video sample entry.
    public init(_ description: SampleDescription) throws {
        var r = ByteReader(description.body, context: "\(description.format) sample entry")
        try r.skip(8 + 16)
        width = Int(try r.readUInt16())
        height = Int(try r.readUInt16())
        extensions = try description.childBoxes(after: Self.fixedLength)
    }

    /// The clean aperture (`clap`) as a pixel rectangle, centred as the box prescribes.
    public var cleanAperture: Rect? {
        guard let clap = extensions.first(where: { $0.type == "clap" }) else { return nil }
        var r = ByteReader(clap.payload, context: "clap box")
        func ratio() throws -> Double {
            let n = Double(try r.readInt32())
            let d = Double(try r.readInt32())
            return d == 0 ? 0 : n / d
        }
        guard let w = try? ratio(), let h = try? ratio(), let ho = try? ratio(), let vo = try? ratio(),
            w > 0, h > 0, w <= Double(width), h <= Double(height)
        else { return nil }
        return Rect(x: (Double(width) - w) / 2 + ho, y: (Double(height) - h) / 2 + vo, width: w, height: h)
    }

    /// Builds a video sample entry.
    /// - Parameters:
    ///   - format: `avc1` or `hvc1`.
    ///   - width: Coded width.
    ///   - height: Coded height.
    ///   - compressorName: Shown by QuickTime (at most 31 bytes).
    ///   - extensions: Boxes such as `avcC`/`hvcC`, `colr`, `pasp`.
    public static func make(format: FourCC, width: Int, height: Int, compressorName: String, extensions: [Box]) -> SampleDescription {
        var w = ByteWriter()
        w.writeZeros(6)
        w.write(UInt16(1))  // data reference index
        w.writeZeros(16)  // version, revision, vendor, temporal and spatial quality
        w.write(UInt16(width))
        w.write(UInt16(height))
        w.write(UInt32(0x0048_0000))
        w.write(UInt32(0x0048_0000))
        w.write(UInt32(0))
        w.write(UInt16(1))
        let name = Array(compressorName.utf8.prefix(31))
        w.write(UInt8(name.count))
        w.write(bytes: name)
        w.writeZeros(31 - name.count)
        w.write(UInt16(0x0018))
        w.write(UInt16(0xFFFF))  // colour table id -1
        for box in extensions { box.write(to: &w) }
        return SampleDescription(format: format, body: w.bytes)
    }
}

/// The fields of a sound sample entry (QuickTime versions 0, 1 and 2, and ISO `mp4a`).
public struct SoundSampleEntry: Sendable, Equatable {
    /// Samples (frames) per second.
    public var sampleRate: Double
    /// Channel count.
    public var channels: Int
    /// Bits per sample for uncompressed audio (0 when compressed).
    public var bitsPerSample: Int
    /// Whether LPCM samples are little-endian (`sowt`, or `lpcm` without the big-endian flag).
    public var isLittleEndian: Bool
    /// Whether LPCM samples are floating point.
    public var isFloat: Bool
    /// Bytes in one audio frame for uncompressed audio (all channels), 0 when unknown.
    public var bytesPerFrame: Int
    /// The entry version (0, 1 or 2).
    public var version: Int

    /// Reads a sound sample entry.
    public init(_ description: SampleDescription) throws {
        var r = ByteReader(description.body, context: "\(description.format) sample entry")
        try r.skip(8)
        version = Int(try r.readUInt16())
        try r.skip(2 + 4)
        let format = description.format
        isFloat = format == "fl32" || format == "fl64"
        isLittleEndian = format == "sowt"
        if version == 2 {
            try r.skip(2 + 2 + 2 + 2 + 4 + 4)
            sampleRate = Double(bitPattern: try r.readUInt64())
            channels = Int(try r.readUInt32())
            try r.skip(4)
            bitsPerSample = Int(try r.readUInt32())
            let flags = try r.readUInt32()
            bytesPerFrame = Int(try r.readUInt32())
            if format == "lpcm" {
                isFloat = flags & 1 != 0
                isLittleEndian = flags & 2 == 0
            }
        } else {
            channels = Int(try r.readUInt16())
            bitsPerSample = Int(try r.readUInt16())
            try r.skip(4)
            sampleRate = Double(try r.readUInt32()) / 65536
            bytesPerFrame = channels * bitsPerSample / 8
            if version == 1 {
                let samplesPerPacket = Int(try r.readUInt32())
                try r.skip(4)
                let perFrame = Int(try r.readUInt32())
                if perFrame > 0 && samplesPerPacket == 1 { bytesPerFrame = perFrame }
            }
        }
        guard sampleRate.isFinite, sampleRate >= 0, sampleRate <= Self.maximumSampleRate, channels >= 0 else {
            throw MediaError(.corrupt, "\(format) sample entry has an impossible sample rate or channel count")
        }
    }

    /// The highest sample rate read (10 MHz, far above any audio): higher ones are damage.
    static let maximumSampleRate: Double = 10_000_000

    /// Whether the samples are uncompressed PCM.
    public static func isLPCM(_ format: FourCC) -> Bool {
        ["lpcm", "sowt", "twos", "in24", "in32", "fl32", "fl64", "raw "].contains(format)
    }
}

/// The keys of a timed-metadata sample entry (`mebx`).
public struct MetadataSampleEntry: Sendable, Equatable {
    /// The key strings (e.g. `com.apple.quicktime.still-image-time`) by local key id.
    public var keys: [UInt32: String]

    /// Reads a `mebx` entry.
    public init(_ description: SampleDescription) throws {
        keys = [:]
        let boxes = try description.childBoxes(after: 8)
        guard let keysBox = boxes.first(where: { $0.type == "keys" }) else { return }
        for entry in try BoxParser.parseBoxes(keysBox.payload[...], context: "mebx keys", parentType: "ilst") {
            guard let keyd = entry.child("keyd"), keyd.payload.count > 4 else { continue }
            keys[entry.type.rawValue] = String(decoding: keyd.payload.dropFirst(4), as: UTF8.self)
        }
    }
}
