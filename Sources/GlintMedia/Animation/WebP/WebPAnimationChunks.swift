/// Reads the frame list of an animated WebP file: the `ANMF` chunks of its RIFF container, each
/// with its duration in milliseconds. Used to report what libwebp actually stored.
enum WebPAnimationChunks {
    /// The duration (ms) of every `ANMF` frame in `bytes`, in order.
    /// - Throws: ``MediaError`` `.corrupt` when the RIFF structure is broken.
    static func frameDurations(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [Int] {
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        guard bytes.count >= 12, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8) else {
            throw MediaError(.corrupt, "not a WebP file")
        }
        var durations: [Int] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let type = Array(bytes[offset..<(offset + 4)])
            let size = u32(offset + 4)
            let payload = offset + 8
            guard size <= bytes.count - payload else { throw MediaError(.corrupt, "WebP chunk runs past the end of the file") }
            if type == Array("ANMF".utf8) {
                guard size >= 16 else { throw MediaError(.corrupt, "WebP frame chunk is too short") }
                durations.append(Int(bytes[payload + 12]) | Int(bytes[payload + 13]) << 8 | Int(bytes[payload + 14]) << 16)
            }
            offset = payload + size + (size & 1)
        }
        return durations
    }
}
