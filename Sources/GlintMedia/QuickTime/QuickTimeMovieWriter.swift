/// Writes a QuickTime movie: `ftyp`, one `mdat` that grows as samples arrive, and the `moov`
/// at the end, all through an ``AtomicFileWriter`` so that a failure leaves no partial file.
///
/// Samples are appended as they are produced (a frame at a time), so memory stays bounded; only
/// the sample tables are kept until ``finish(moov:)``.
public final class QuickTimeMovieWriter {
    private let output: AtomicFileWriter
    private let mdatOffset: Int64
    private var finished = false

    /// The destination path.
    public var destination: String { output.destination }

    /// Starts a movie at `destination` (written to a temporary file until ``finish(moov:)``).
    /// - Parameter majorBrand: `qt  ` for QuickTime movies.
    public init(destination: String, majorBrand: FourCC = "qt  ") throws {
        output = try AtomicFileWriter(destination: destination)
        var w = ByteWriter()
        Box("ftyp", payload: majorBrand.bytes + [0, 0, 0, 0] + majorBrand.bytes).write(to: &w)
        Box("wide", payload: []).write(to: &w)
        mdatOffset = Int64(w.count)
        // A 64-bit mdat header; the size is patched when the movie is finished.
        w.write(UInt32(1))
        w.write(FourCC("mdat"))
        w.write(UInt64(0))
        try output.write(w.bytes)
    }

    /// Appends one sample (or chunk) of media data.
    /// - Returns: The file offset where it starts.
    @discardableResult
    public func append<C: Collection>(_ bytes: C) throws -> UInt64 where C.Element == UInt8 {
        let offset = UInt64(output.offset)
        try output.write(bytes)
        return offset
    }

    /// Copies every chunk of `track` from `movie` into this file, byte for byte, and returns the
    /// track's `trak` box with its chunk offsets rewritten to the new positions.
    public func copyTrack(_ track: MovieTrack, from movie: QuickTimeMovie) throws -> Box {
        var offsets: [UInt64] = []
        for chunk in try track.chunkRanges() {
            offsets.append(UInt64(output.offset))
            var copied: Int64 = 0
            while copied < chunk.length {
                let piece = Int(min(chunk.length - copied, 4 << 20))
                try output.write(try movie.file.read(at: Int64(chunk.offset) + copied, count: piece))
                copied += Int64(piece)
            }
        }
        var trak = track.box
        trak.modify(["mdia", "minf", "stbl"]) { stbl in
            stbl.removeChildren("stco")
            stbl.removeChildren("co64")
            stbl.children?.append(SampleTable.makeChunkOffsetBox(offsets))
        }
        return trak
    }

    /// Patches the `mdat` size, writes `moov` and moves the file into place.
    public func finish(moov: Box) throws {
        let mdatSize = UInt64(output.offset - mdatOffset)
        var w = ByteWriter()
        w.write(mdatSize)
        try output.overwrite(w.bytes, at: mdatOffset + 8)
        try output.write(moov.serialized)
        try output.commit()
        finished = true
    }

    /// Abandons the movie; nothing is left at the destination.
    public func discard() {
        output.discard()
    }
}
