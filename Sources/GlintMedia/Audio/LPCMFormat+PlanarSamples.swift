extension LPCMFormat {
    /// Converts whole interleaved frames to one array of samples per channel, full scale at ±1
    /// (the input of ``AACEncoder``). Bytes of a trailing partial frame are ignored; non-finite
    /// floating-point samples become silence.
    public func planarSamples(from bytes: ArraySlice<UInt8>) -> [[Float]] {
        let frames = bytes.count / bytesPerFrame
        let width = bytesPerSample
        var planes = [[Float]](repeating: [], count: channels)
        for channel in 0..<channels { planes[channel].reserveCapacity(frames) }
        var frameStart = bytes.startIndex
        for _ in 0..<frames {
            for channel in 0..<channels {
                planes[channel].append(sample(bytes, at: frameStart + channel * width, width: width))
            }
            frameStart += bytesPerFrame
        }
        return planes
    }

    /// One sample as a float.
    private func sample(_ bytes: ArraySlice<UInt8>, at index: Int, width: Int) -> Float {
        var raw: UInt64 = 0
        for i in 0..<width {
            raw = raw << 8 | UInt64(bytes[isLittleEndian ? index + width - 1 - i : index + i])
        }
        switch encoding {
        case .float:
            let value = width == 4 ? Float(bitPattern: UInt32(raw)) : Float(Double(bitPattern: raw))
            return value.isFinite ? value : 0
        case .unsignedInteger:
            let half = Double(UInt64(1) << UInt64(width * 8 - 1))
            return Float((Double(raw) - half) / half)
        case .signedInteger:
            let bits = UInt64(width * 8)
            let value = Int64(bitPattern: raw << (64 - bits)) >> Int64(64 - bits)
            return Float(Double(value) / Double(Int64(1) << (bits - 1)))
        }
    }
}
