/// How uncompressed (PCM) audio is laid out: integer or floating point, sample width, byte
/// order, channel count and rate. Frames are interleaved: one sample per channel, in turn.
public struct PCMFormat: Sendable, Equatable, CustomStringConvertible {
    /// The numeric type of one sample.
    public enum Encoding: Sendable, Equatable {
        /// Two's-complement integers (8, 16, 24 or 32 bits).
        case signedInteger
        /// Offset-binary integers (8 bits, as QuickTime's `raw `).
        case unsignedInteger
        /// IEEE floating point (32 or 64 bits).
        case float
    }

    /// The numeric type of one sample.
    public var encoding: Encoding
    /// Bits of one sample of one channel.
    public var bitsPerSample: Int
    /// Whether multi-byte samples are little-endian.
    public var isLittleEndian: Bool
    /// Channels per frame.
    public var channels: Int
    /// Frames per second.
    public var sampleRate: Int
    /// Bytes from one frame to the next (at least `channels * bitsPerSample / 8`).
    public var bytesPerFrame: Int

    /// Creates a format; `bytesPerFrame` defaults to the packed size.
    public init(encoding: Encoding, bitsPerSample: Int, isLittleEndian: Bool, channels: Int, sampleRate: Int,
                bytesPerFrame: Int? = nil) {
        self.encoding = encoding
        self.bitsPerSample = bitsPerSample
        self.isLittleEndian = isLittleEndian
        self.channels = channels
        self.sampleRate = sampleRate
        self.bytesPerFrame = bytesPerFrame ?? channels * bitsPerSample / 8
    }

    /// Reads the format of a QuickTime sound sample entry: `lpcm` (version 2, with its flags),
    /// `sowt`, `twos`, `in24`, `in32`, `fl32`, `fl64` or `raw `.
    /// - Throws: ``MediaError`` `.unsupported` for compressed audio or a layout this type cannot
    ///   describe; `.corrupt` for a damaged entry.
    public init(_ description: SampleDescription) throws {
        let format = description.format
        guard SoundSampleEntry.isLPCM(format) else {
            throw MediaError(.unsupported, "audio in '\(format)' is compressed, not PCM")
        }
        let entry = try SoundSampleEntry(description)
        var encoding: Encoding = entry.isFloat ? .float : .signedInteger
        var bits = entry.bitsPerSample
        var littleEndian = entry.isLittleEndian
        switch format {
        case "raw ": encoding = .unsignedInteger; bits = 8
        case "in24": bits = 24
        case "in32": bits = 32
        case "fl32": encoding = .float; bits = 32
        case "fl64": encoding = .float; bits = 64
        case "lpcm":
            // Version 2 format-specific flags: 1 float, 2 big-endian, 4 signed integer.
            let flagsAt = 52
            if description.body.count >= flagsAt + 4 {
                let flags = description.body[flagsAt..<flagsAt + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                encoding = flags & 1 != 0 ? .float : (flags & 4 != 0 || bits > 8 ? .signedInteger : .unsignedInteger)
                littleEndian = flags & 2 == 0
            }
        default: break
        }
        guard entry.sampleRate >= 1, entry.sampleRate.rounded() == entry.sampleRate else {
            throw MediaError(.unsupported, "audio sample rate \(entry.sampleRate) Hz is not a whole number")
        }
        let packed = entry.channels * bits / 8
        self.init(encoding: encoding, bitsPerSample: bits, isLittleEndian: littleEndian, channels: entry.channels,
                  sampleRate: Int(entry.sampleRate), bytesPerFrame: max(entry.bytesPerFrame, packed))
        try validate()
    }

    /// Checks that samples of this format can be converted.
    /// - Throws: ``MediaError`` `.unsupported` naming what is not handled.
    public func validate() throws {
        let widths: Set<Int> = encoding == .float ? [32, 64] : encoding == .unsignedInteger ? [8] : [8, 16, 24, 32]
        guard widths.contains(bitsPerSample) else {
            throw MediaError(.unsupported, "\(bitsPerSample)-bit \(encoding == .float ? "floating-point " : "")PCM audio is not supported")
        }
        guard (1...8).contains(channels) else {
            throw MediaError(.unsupported, "PCM audio with \(channels) channels is not supported (1 to 8)")
        }
        guard sampleRate > 0, bytesPerFrame >= channels * bitsPerSample / 8 else {
            throw MediaError(.unsupported, "PCM audio layout is impossible (\(bytesPerFrame) bytes per frame)")
        }
    }

    /// For example `s16le, 1 ch, 44100 Hz`.
    public var description: String {
        let kind = encoding == .float ? "f" : encoding == .unsignedInteger ? "u" : "s"
        let order = bitsPerSample > 8 ? (isLittleEndian ? "le" : "be") : ""
        return "\(kind)\(bitsPerSample)\(order), \(channels) ch, \(sampleRate) Hz"
    }

    /// Converts whole interleaved frames to one array of samples in -1...1 per channel.
    /// Bytes of a trailing partial frame are ignored.
    public func planarSamples(from bytes: ArraySlice<UInt8>) -> [[Float]] {
        let frames = bytes.count / bytesPerFrame
        let width = bitsPerSample / 8
        var planes = [[Float]](repeating: [], count: channels)
        for channel in 0..<channels { planes[channel].reserveCapacity(frames) }
        var frameStart = bytes.startIndex
        for _ in 0..<frames {
            for channel in 0..<channels {
                let at = frameStart + channel * width
                planes[channel].append(sample(bytes, at: at, width: width))
            }
            frameStart += bytesPerFrame
        }
        return planes
    }

    /// One sample as a float.
    private func sample(_ bytes: ArraySlice<UInt8>, at index: Int, width: Int) -> Float {
        var raw: UInt64 = 0
        for i in 0..<width {
            let byte = UInt64(bytes[isLittleEndian ? index + width - 1 - i : index + i])
            raw = raw << 8 | byte
        }
        switch encoding {
        case .float:
            let value = width == 4 ? Float(bitPattern: UInt32(raw)) : Float(Double(bitPattern: raw))
            return value.isFinite ? value : 0
        case .unsignedInteger:
            return (Float(raw) - 128) / 128
        case .signedInteger:
            let bits = UInt64(width * 8)
            let shifted = Int64(bitPattern: raw << (64 - bits)) >> Int64(64 - bits)
            return Float(Double(shifted) / Double(Int64(1) << (bits - 1)))
        }
    }
}
