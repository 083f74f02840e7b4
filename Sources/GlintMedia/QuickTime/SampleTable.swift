/// A track's sample table (`stbl`): where each sample lives in the file, how big it is, and when
/// it is decoded and presented.
public struct SampleTable: Sendable, Equatable {
    /// A run of samples with the same duration (`stts`) or composition offset (`ctts`).
    public struct Run: Sendable, Equatable {
        public var count: UInt32
        public var value: Int64
        public init(count: UInt32, value: Int64) {
            self.count = count
            self.value = value
        }
    }

    /// A `stsc` entry: from `firstChunk` (1-based) on, chunks hold `samplesPerChunk` samples.
    public struct ChunkRun: Sendable, Equatable {
        public var firstChunk: UInt32
        public var samplesPerChunk: UInt32
        public var sampleDescriptionIndex: UInt32
    }

    /// A chunk: a contiguous byte range in the file holding consecutive samples.
    public struct Chunk: Sendable, Equatable {
        /// Offset of the chunk's first byte in the file.
        public var offset: UInt64
        /// Index of the chunk's first sample (0-based).
        public var firstSample: Int
        /// Number of samples in the chunk.
        public var sampleCount: Int
    }

    /// Decode-time deltas (`stts`).
    public var timeToSample: [Run]
    /// Composition offsets (`ctts`), empty when presentation order is decode order.
    public var compositionOffsets: [Run]
    /// Chunk layout (`stsc`).
    public var sampleToChunk: [ChunkRun]
    /// Size shared by every sample, or 0 when sizes are listed in ``sampleSizes``.
    public var uniformSampleSize: UInt32
    /// Number of samples.
    public var sampleCount: Int
    /// Per-sample sizes when ``uniformSampleSize`` is 0.
    public var sampleSizes: [UInt32]
    /// File offsets of chunks (`stco` or `co64`).
    public var chunkOffsets: [UInt64]
    /// 1-based numbers of sync samples (`stss`), or `nil` when every sample is a sync sample.
    public var syncSamples: [UInt32]?

    /// The most samples a track may have: over an hour of 30 fps video, or about 5 minutes of
    /// 48 kHz sound stored a frame a sample. A uniform sample size lets a few bytes of `stsz`
    /// claim billions of samples (chunks may overlap, so the file's size does not bound them),
    /// and every time table would be allocated for each of them.
    public static let sampleCountLimit = 1 << 24

    /// Parses the tables of an `stbl` box.
    public init(_ stbl: Box) throws {
        timeToSample = try Self.runs(stbl.child("stts"), name: "stts", signed: false)
        compositionOffsets = try Self.runs(stbl.child("ctts"), name: "ctts", signed: true)
        sampleToChunk = []
        if let stsc = stbl.child("stsc") {
            var r = ByteReader(stsc.payload, context: "stsc box")
            try r.skip(4)
            let count = Int(try r.readUInt32())
            guard count <= r.remaining / 12 else { throw MediaError(.corrupt, "stsc box claims \(count) entries") }
            for _ in 0..<count {
                let entry = ChunkRun(firstChunk: try r.readUInt32(), samplesPerChunk: try r.readUInt32(), sampleDescriptionIndex: try r.readUInt32())
                guard entry.firstChunk >= 1, sampleToChunk.last.map({ $0.firstChunk < entry.firstChunk }) ?? true else {
                    throw MediaError(.corrupt, "stsc box has chunk runs out of order")
                }
                sampleToChunk.append(entry)
            }
        }
        guard let stsz = stbl.child("stsz") else { throw MediaError(.corrupt, "sample table has no stsz box") }
        var r = ByteReader(stsz.payload, context: "stsz box")
        try r.skip(4)
        uniformSampleSize = try r.readUInt32()
        sampleCount = Int(try r.readUInt32())
        guard sampleCount <= Self.sampleCountLimit else {
            throw MediaError(.tooLarge, "stsz box lists \(sampleCount) samples, over the limit of \(Self.sampleCountLimit) a track may have")
        }
        sampleSizes = []
        if uniformSampleSize == 0 {
            guard sampleCount <= r.remaining / 4 else { throw MediaError(.corrupt, "stsz box claims \(sampleCount) samples") }
            sampleSizes.reserveCapacity(sampleCount)
            for _ in 0..<sampleCount { sampleSizes.append(try r.readUInt32()) }
        }
        chunkOffsets = []
        if let stco = stbl.child("stco") ?? stbl.child("co64") {
            let wide = stco.type == "co64"
            var r = ByteReader(stco.payload, context: "\(stco.type) box")
            try r.skip(4)
            let count = Int(try r.readUInt32())
            guard count <= r.remaining / (wide ? 8 : 4) else { throw MediaError(.corrupt, "\(stco.type) box claims \(count) chunks") }
            for _ in 0..<count { chunkOffsets.append(wide ? try r.readUInt64() : UInt64(try r.readUInt32())) }
        } else if sampleCount > 0 {
            throw MediaError(.corrupt, "sample table has no chunk offsets (stco/co64)")
        }
        if let stss = stbl.child("stss") {
            var r = ByteReader(stss.payload, context: "stss box")
            try r.skip(4)
            let count = Int(try r.readUInt32())
            guard count <= r.remaining / 4 else { throw MediaError(.corrupt, "stss box claims \(count) entries") }
            syncSamples = try (0..<count).map { _ in try r.readUInt32() }
        }
        let timed = timeToSample.reduce(0) { $0 + Int($1.count) }
        guard timed == sampleCount else {
            throw MediaError(.corrupt, "sample table times \(timed) samples but stsz lists \(sampleCount)")
        }
    }

    private static func runs(_ box: Box?, name: String, signed: Bool) throws -> [Run] {
        guard let box else { return [] }
        var r = ByteReader(box.payload, context: "\(name) box")
        try r.skip(4)
        let count = Int(try r.readUInt32())
        guard count <= r.remaining / 8 else { throw MediaError(.corrupt, "\(name) box claims \(count) entries") }
        return try (0..<count).map { _ in
            let n = try r.readUInt32()
            let v = try r.readUInt32()
            return Run(count: n, value: signed ? Int64(Int32(bitPattern: v)) : Int64(v))
        }
    }

    /// The size of sample `index` (0-based).
    public func size(ofSample index: Int) -> UInt32 {
        uniformSampleSize != 0 ? uniformSampleSize : sampleSizes[index]
    }

    /// The chunks in order, with the samples each holds.
    /// - Throws: when the chunk layout does not account for every sample.
    public func chunks() throws -> [Chunk] {
        var chunks: [Chunk] = []
        chunks.reserveCapacity(chunkOffsets.count)
        var sample = 0
        for (index, offset) in chunkOffsets.enumerated() {
            let number = UInt32(index + 1)
            guard let run = sampleToChunk.last(where: { $0.firstChunk <= number }) else {
                throw MediaError(.corrupt, "stsc box does not cover chunk \(number)")
            }
            let count = min(Int(run.samplesPerChunk), sampleCount - sample)
            chunks.append(Chunk(offset: offset, firstSample: sample, sampleCount: max(count, 0)))
            sample += max(count, 0)
        }
        guard sample == sampleCount else {
            throw MediaError(.corrupt, "chunks hold \(sample) samples but the table lists \(sampleCount)")
        }
        return chunks
    }

    /// Decode times of every sample, in media-timescale units.
    public func decodeTimes() -> [Int64] {
        var times: [Int64] = []
        times.reserveCapacity(sampleCount)
        var t: Int64 = 0
        for run in timeToSample {
            for _ in 0..<run.count {
                times.append(t)
                t += run.value
            }
        }
        return times
    }

    /// Presentation times (decode time plus composition offset) of every sample, in decode order.
    public func presentationTimes() -> [Int64] {
        var times = decodeTimes()
        var i = 0
        // Runs past the last sample are ignored (a damaged ctts may count billions).
        for run in compositionOffsets where i < times.count {
            let end = min(times.count, i + Int(run.count))
            while i < end {
                times[i] += run.value
                i += 1
            }
        }
        return times
    }

    /// Total media duration (sum of the decode deltas).
    public var mediaDuration: Int64 { timeToSample.reduce(0) { $0 + Int64($1.count) * $1.value } }

    /// Builds an `stco` (or `co64` when needed) box for `offsets`.
    public static func makeChunkOffsetBox(_ offsets: [UInt64]) -> Box {
        var w = ByteWriter()
        w.write(UInt32(offsets.count))
        if offsets.contains(where: { $0 > UInt64(UInt32.max) }) {
            for offset in offsets { w.write(offset) }
            return Box("co64", version: 0, flags: 0, body: w.bytes)
        }
        for offset in offsets { w.write(UInt32(offset)) }
        return Box("stco", version: 0, flags: 0, body: w.bytes)
    }

    /// Builds an `stts` or `ctts` box from runs.
    public static func makeRunBox(_ type: FourCC, _ runs: [Run], version: UInt8 = 0) -> Box {
        var w = ByteWriter()
        w.write(UInt32(runs.count))
        for run in runs {
            w.write(run.count)
            w.write(UInt32(truncatingIfNeeded: run.value))
        }
        return Box(type, version: version, flags: 0, body: w.bytes)
    }

    /// Compresses per-sample values into runs.
    public static func runs(of values: [Int64]) -> [Run] {
        var runs: [Run] = []
        for value in values {
            if let last = runs.last, last.value == value {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(Run(count: 1, value: value))
            }
        }
        return runs
    }
}
