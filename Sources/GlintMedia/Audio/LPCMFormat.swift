/// The layout of uncompressed (LPCM) audio samples, read from a QuickTime sound sample entry:
/// how many bits, integer or floating point, signed or not, which byte order, how many channels.
///
/// Covers what QuickTime movies carry: `lpcm` (sound description version 2, described by its
/// format flags), `sowt` (16-bit little-endian), `twos` (8 or 16-bit big-endian), `in24`,
/// `in32`, `fl32`, `fl64` (big-endian) and `raw ` (unsigned 8-bit). Samples are packed and
/// interleaved: a frame holds one sample per channel.
public struct LPCMFormat: Sendable, Equatable {
    /// How a sample's bits are read.
    public enum Encoding: String, Sendable, Equatable, Codable {
        /// Two's complement integers.
        case signedInteger
        /// Unsigned integers, silence at half scale (8-bit `raw `).
        case unsignedInteger
        /// IEEE floating point (32 or 64 bits), full scale at 1.0.
        case float
    }

    /// Integer, unsigned or floating point.
    public var encoding: Encoding
    /// Bits in one sample (8, 16, 24, 32 or 64).
    public var bitsPerSample: Int
    /// Whether the bytes of a sample are stored least significant first.
    public var isLittleEndian: Bool
    /// Samples per frame.
    public var channels: Int
    /// Samples (frames) per second.
    public var sampleRate: Double

    /// Bytes in one sample.
    public var bytesPerSample: Int { bitsPerSample / 8 }
    /// Bytes in one frame (all channels).
    public var bytesPerFrame: Int { bytesPerSample * channels }

    /// Creates a format.
    public init(encoding: Encoding, bitsPerSample: Int, isLittleEndian: Bool, channels: Int, sampleRate: Double) {
        self.encoding = encoding
        self.bitsPerSample = bitsPerSample
        self.isLittleEndian = isLittleEndian
        self.channels = channels
        self.sampleRate = sampleRate
    }

    /// Reads the format of a sound sample entry.
    /// - Throws: ``MediaError`` `.unsupported` for compressed audio (AAC and the like) and for
    ///   uncompressed layouts other than packed 8/16/24/32-bit integers and 32/64-bit floats.
    public init(_ description: SampleDescription) throws {
        let format = description.format
        guard SoundSampleEntry.isLPCM(format) else {
            throw MediaError(.unsupported, "the audio is compressed ('\(format)'): only uncompressed (LPCM) audio can be trimmed or have its volume changed")
        }
        let entry = try SoundSampleEntry(description)
        channels = entry.channels
        sampleRate = entry.sampleRate
        bitsPerSample = entry.bitsPerSample
        switch format {
        case "lpcm":
            // Core Audio format flags: 1 float, 2 big-endian, 4 signed integer.
            var reader = ByteReader(description.body, context: "lpcm sample entry")
            try reader.skip(52)
            let flags = try reader.readUInt32()
            encoding = flags & 1 != 0 ? .float : flags & 4 != 0 ? .signedInteger : .unsignedInteger
            isLittleEndian = flags & 2 == 0
        case "raw ":
            encoding = .unsignedInteger
            isLittleEndian = true
            bitsPerSample = 8
        case "sowt":
            encoding = .signedInteger
            isLittleEndian = true
        case "in24":
            (encoding, isLittleEndian, bitsPerSample) = (.signedInteger, false, 24)
        case "in32":
            (encoding, isLittleEndian, bitsPerSample) = (.signedInteger, false, 32)
        case "fl32":
            (encoding, isLittleEndian, bitsPerSample) = (.float, false, 32)
        case "fl64":
            (encoding, isLittleEndian, bitsPerSample) = (.float, false, 64)
        default:  // twos
            encoding = .signedInteger
            isLittleEndian = false
        }
        let supported: Set<Int> = encoding == .float ? [32, 64] : [8, 16, 24, 32]
        guard supported.contains(bitsPerSample), channels > 0 else {
            throw MediaError(
                .unsupported, "uncompressed audio with \(bitsPerSample)-bit \(encoding.rawValue) samples and \(channels) channels is not supported")
        }
        if entry.bytesPerFrame > 0 && entry.bytesPerFrame != bytesPerFrame {
            throw MediaError(
                .unsupported,
                "uncompressed audio whose frames are \(entry.bytesPerFrame) bytes for \(channels) x \(bitsPerSample)-bit samples (unpacked samples) is not supported"
            )
        }
    }

    /// A short description, e.g. `s16le 44100 Hz mono`.
    public var name: String {
        let kind = encoding == .float ? "f" : encoding == .signedInteger ? "s" : "u"
        let order = bitsPerSample == 8 ? "" : isLittleEndian ? "le" : "be"
        let layout = channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) channels"
        return "\(kind)\(bitsPerSample)\(order) \(Int(sampleRate)) Hz \(layout)"
    }
}
