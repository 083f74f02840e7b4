import Foundation
import GlintTestSupport
import Testing

@testable import GlintProbe

/// GlintProbe's header probe (this test target's own `MediaProbe` runs ffprobe).
private typealias HeaderProbe = GlintProbe.MediaProbe

/// The submission probe's caps (GlintProbe's `MediaProbe`): hostile headers are typed errors or
/// bounded answers from a few small reads, never a whole box that claims gigabytes nor a walk past
/// a cap. What a probe reads is counted (`RandomAccessFile.readCount`, `bytesRead`), not timed.
@Suite("MediaProbe caps (hostile headers)", .suiteTimeLimit)
struct ProbeCapsTests {
    /// Probes `bytes` written to a file (or extended sparsely to `size`), and checks what the probe
    /// read of it: at most `reads` reads, and each written byte at most twice (a HEIF's `meta` box
    /// is read for its image size and again for its items) give or take ``readSlack``, so never the
    /// sparse bytes a box claims nor the same bytes again and again.
    /// What a probe may read past twice the written bytes: its 32-byte head, and 16 bytes a box
    /// header where a box has 8.
    static let readSlack: Int64 = 4096

    fileprivate static func probe(
        _ bytes: [UInt8], size: UInt64? = nil, reads: Int = 32, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result<HeaderProbe, MediaError> {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("input")
        if let size { try HostileMedia.writeSparse(bytes, size: size, to: url) } else { try Data(bytes).write(to: url) }
        let file = try RandomAccessFile(path: url.path)
        defer {
            #expect(file.readCount <= reads, "\(file.readCount) reads, over \(reads)", sourceLocation: sourceLocation)
            #expect(
                file.bytesRead <= 2 * Int64(bytes.count) + readSlack, "read \(file.bytesRead) bytes of the \(bytes.count) written",
                sourceLocation: sourceLocation)
        }
        do {
            return .success(try HeaderProbe.probe(file: file))
        } catch let error as MediaError {
            return .failure(error)
        }
    }

    @Test("a moov that claims 3 GB (a sparse file) gives its mvhd's duration without being read")
    func hugeMoov() throws {
        let claimed: UInt64 = 3 << 30
        let bytes = HostileMedia.movieStart(claimingMoov: claimed, seconds: 7)
        let probe = try Self.probe(bytes, size: UInt64(bytes.count - HostileMedia.movieHeader(seconds: 7).count - 8) + claimed).get()
        #expect(probe == HeaderProbe(format: .movie, duration: 7))
    }

    @Test("boxes that claim 4 GB past the end, a truncated moov and a 64-bit size are typed errors")
    func claimsPastTheEnd() throws {
        let cases: [[UInt8]] = [
            HostileMedia.movieStart(claimingMoov: 0xFFFF_FFF0),
            HostileMedia.movieStart(claimingMoov: 1 << 40),
            Array(HostileMedia.movieStart(claimingMoov: 4000).prefix(60)),
            HostileMedia.box("ftyp", Array("qt  ".utf8) + [0, 0, 0, 0]) + HostileMedia.box("moov", HostileMedia.boxHeader("mvhd", claiming: 1 << 32)),
        ]
        for bytes in cases {
            guard case .failure(let error) = try Self.probe(bytes) else {
                Issue.record("probed a movie whose boxes claim more than the file")
                continue
            }
            #expect([.truncated, .corrupt].contains(error.kind), "\(error)")
        }
    }

    @Test("an mvhd behind more moov children than the cap, or one over its size cap, is refused")
    func moovChildCaps() throws {
        let free = (0..<2000).flatMap { _ in HostileMedia.box("free", []) }
        let ftyp = HostileMedia.box("ftyp", Array("qt  ".utf8) + [0, 0, 0, 0])
        let behind = ftyp + HostileMedia.box("moov", free + HostileMedia.movieHeader(seconds: 2))
        // One read a child header up to the cap, then none: not 2,000 (nor one per byte).
        guard case .failure(let error) = try Self.probe(behind, reads: MovieDurationProbe.moovChildLimit + 16) else {
            Issue.record("found an mvhd past the cap")
            return
        }
        #expect(error.kind == .corrupt && error.problem.contains("mvhd"), "\(error)")
        let large = ftyp + HostileMedia.box("moov", HostileMedia.fullBox("mvhd", [UInt8](repeating: 0, count: 8000)))
        guard case .failure(let largeError) = try Self.probe(large) else {
            Issue.record("read an 8 kB mvhd")
            return
        }
        #expect(largeError.kind == .corrupt, "\(largeError)")
        let many = ftyp + (0..<5000).flatMap { _ in HostileMedia.box("free", []) }
        guard case .failure(let manyError) = try Self.probe(many, reads: MovieDurationProbe.topLevelBoxLimit + 16) else {
            Issue.record("listed 5,000 top-level boxes")
            return
        }
        #expect(manyError.kind == .tooLarge, "\(manyError)")
    }

    @Test("a HEIF whose ispe says 65535x65535 gives that size; its XMP nested 400,000 deep is no Motion Photo")
    func hostileHEIF() throws {
        let huge = try Self.probe(HostileMedia.heif(width: 65535, height: 65535)).get()
        #expect(huge == HeaderProbe(format: .heic, width: 65535, height: 65535))
        #expect(huge.pixelCount == 65535 * 65535)
        let deep = try Self.probe(HostileMedia.heif(width: 100, height: 50, xmp: HostileMedia.deepXMP(depth: 400_000))).get()
        #expect(deep == HeaderProbe(format: .heic, width: 100, height: 50))
        // 2,000 items of 65,535 extents each, every field 0 bytes wide: 131 million extents for 12 kB.
        let extents: [UInt8] = [0x00, 0x00, 0x07, 0xD0] + (0..<2000).flatMap { _ -> [UInt8] in [0, 1, 0, 0, 0xFF, 0xFF] }
        let iloc = try Self.probe(HostileMedia.heif(width: 100, height: 50, ilocPayload: extents)).get()
        #expect(iloc == HeaderProbe(format: .heic, width: 100, height: 50))
        // They are refused at the iloc's cap (65,536 extents a box), not listed.
        let refused = #expect(throws: MediaError.self) { try HEIFItemLocations([0, 0, 0, 0] + extents) }
        #expect(refused.map { "\($0)".contains("more than \(HEIFItemLocations.extentLimit) extents") } == true, "\(String(describing: refused))")
    }

    @Test("a JPEG with 1,000 APP segments and a deep XMP APP1 gives its frame header")
    func hostileJPEG() throws {
        // A segment costs four small reads at most (its marker, its marker byte, its length, an
        // APP segment's signature): 1,000 segments about 4,000; 5,000 no more than the cap's 4,096.
        let segments = try Self.probe(HostileMedia.jpeg(width: 300, height: 200, appSegments: 1000), reads: 4 * 1000 + 16).get()
        #expect(segments == HeaderProbe(format: .jpeg, width: 300, height: 200))
        let deep = try Self.probe(HostileMedia.jpeg(xmp: HostileMedia.deepXMP(depth: 9000))).get()
        #expect(deep == HeaderProbe(format: .jpeg, width: 64, height: 48))
        let tooMany = HostileMedia.jpeg(appSegments: 5000)
        guard case .failure(let error) = try Self.probe(tooMany, reads: 4 * JPEGFrameProbe.segmentLimit + 16) else {
            Issue.record("walked 5,000 segments")
            return
        }
        #expect(error.kind == .corrupt, "\(error)")
    }

    @Test("a Samsung trailer listing 100,000 blocks or a 1 MB block name is refused, not read")
    func hostileSamsungTrailer() throws {
        let jpeg = HostileMedia.jpeg()
        func trailer(count: UInt32, nameLength: UInt32) -> [UInt8] {
            let block = [0, 0, 0x30, 0x0A] + Self.littleEndian(nameLength) + Array("MotionPhoto_Data".utf8)
            var directory = Array("SEFH".utf8) + Self.littleEndian(UInt32(107)) + Self.littleEndian(count)
            directory += [0, 0, 0x30, 0x0A] + Self.littleEndian(UInt32(block.count)) + Self.littleEndian(UInt32(block.count))
            return block + directory + Self.littleEndian(UInt32(directory.count)) + Array("SEFT".utf8)
        }
        for (count, nameLength) in [(UInt32(100_000), UInt32(16)), (1, 1 << 20)] {
            guard case .failure(let error) = try Self.probe(jpeg + trailer(count: count, nameLength: nameLength)) else {
                Issue.record("read a trailer of \(count) blocks, a name of \(nameLength) bytes")
                continue
            }
            #expect(error.kind == .corrupt, "\(error)")
        }
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
}
