import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// Sample tables, sound entries and HEIF item locations whose numbers no real file has, found by
/// fuzzing (`Fuzz/QuickTimeMovie`, `Fuzz/QuickTimeSampleTable`, `Fuzz/QuickTimeSampleDescription`,
/// `Fuzz/HEIFMetadataEditor`): each is refused with a typed error instead of trapping.
@Suite("Hostile movie tables and HEIF item locations", .suiteTimeLimit)
struct HostileMovieTableTests {
    /// A track whose one chunk, at `chunkOffset`, holds `sampleCount` samples of `sampleSize`
    /// bytes each.
    static func track(sampleCount: UInt32, sampleSize: UInt32, soundEntry: SampleDescription? = nil, chunkOffset: UInt64 = 0) -> Box {
        func table(_ type: FourCC, _ values: [UInt32]) -> Box {
            var w = ByteWriter()
            for value in values { w.write(value) }
            return Box(type, version: 0, flags: 0, body: w.bytes)
        }
        let stbl = Box(
            "stbl",
            children: [
                SampleDescription.makeBox(soundEntry.map { [$0] } ?? []),
                table("stts", [1, sampleCount, 1]),
                table("stsc", [1, 1, sampleCount, 1]),
                table("stsz", [sampleSize, sampleCount]),
                SampleTable.makeChunkOffsetBox([chunkOffset]),
            ])
        return Box(
            "trak",
            children: [
                TrackHeader.make(trackID: 1, duration: 1),
                Box(
                    "mdia",
                    children: [
                        TrackHeader.makeMediaHeader(timescale: 600, duration: 1),
                        TrackHeader.makeHandler(componentType: "mhlr", subtype: soundEntry == nil ? "vide" : "soun", name: ""),
                        Box("minf", children: [stbl]),
                    ]),
            ])
    }

    /// A version-2 `lpcm` sound entry: stereo, 16-bit signed little-endian, one frame a packet.
    static func lpcmEntry(sampleRate: Double, bytesPerFrame: UInt32) -> SampleDescription {
        var w = ByteWriter()
        w.writeZeros(6)
        w.write(UInt16(1))
        w.write(UInt16(2))
        w.writeZeros(6 + 16)
        w.write(sampleRate.bitPattern)
        for value in [UInt32(2), 0x7F00_0000, 16, 0xC, bytesPerFrame, 1] { w.write(value) }
        return SampleDescription(format: "lpcm", body: w.bytes)
    }

    /// A movie file of `trak` alone (with an `mvhd`), written under `directory`.
    static func movieFile(_ trak: Box, in directory: TemporaryDirectory) throws -> String {
        let moov = Box("moov", children: [MovieHeader.makeBox(timescale: 600, duration: 1, nextTrackID: 2), trak])
        var file = ByteWriter()
        Box("ftyp", payload: Array("qt  ".utf8) + [0, 0, 0, 0] + Array("qt  ".utf8)).write(to: &file)
        moov.write(to: &file)
        let path = directory.file("movie.mov").path
        try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("eight bytes of stsz claiming four billion samples are refused before any table is built")
    func sampleCountOverTheLimitIsRefused() throws {
        for count in [UInt32(SampleTable.sampleCountLimit + 1), .max] {
            let error = try #require(throws: MediaError.self) { try MovieTrack(Self.track(sampleCount: count, sampleSize: 1)) }
            #expect(error.kind == .tooLarge)
            #expect(error.problem.contains("\(count) samples"))
        }
        let most = try MovieTrack(Self.track(sampleCount: UInt32(SampleTable.sampleCountLimit), sampleSize: 1))
        #expect(most.sampleTable.sampleCount == SampleTable.sampleCountLimit)
    }

    @Test("a chunk of the most samples a track may have, of four gigabytes each (video) or frames (sound), is refused")
    func hugeChunksAreRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let most = UInt32(SampleTable.sampleCountLimit)
        // Sound: `stsz` counts frames of size 1, each claiming four gigabytes in its entry.
        let tracks = [
            Self.track(sampleCount: most, sampleSize: .max),
            Self.track(sampleCount: most, sampleSize: 1, soundEntry: Self.lpcmEntry(sampleRate: 48000, bytesPerFrame: .max)),
        ]
        for trak in tracks {
            let error = try #require(throws: MediaError.self) { try QuickTimeMovie(path: try Self.movieFile(trak, in: directory)) }
            #expect(error.kind == .corrupt)
            #expect(error.problem.contains("beyond the end of the file"))
        }
    }

    @Test("composition offsets counting billions of samples past the last are not walked")
    func compositionRunsPastTheLastSampleStop() throws {
        var ctts = ByteWriter()
        for value in [UInt32(2), 1, 40, .max, 0] { ctts.write(value) }
        var trak = Self.track(sampleCount: 1, sampleSize: 4)
        trak.modify(["mdia", "minf", "stbl"]) { $0.children?.append(Box("ctts", version: 0, flags: 0, body: ctts.bytes)) }
        let track = try MovieTrack(trak)
        #expect(track.sampleTable.presentationTimes() == [40])
    }

    @Test("a chunk offset past the largest file offset is refused with its numbers, not trapped on")
    func chunkOffsetPastInt64IsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.movieFile(Self.track(sampleCount: 1, sampleSize: 4, chunkOffset: .max - 1), in: directory)
        let error = try #require(throws: MediaError.self) { try QuickTimeMovie(path: path) }
        #expect(error.kind == .corrupt)
        #expect(error.problem.contains("at byte \(UInt64.max - 1)"))
    }

    @Test("a sound entry with an impossible sample rate is refused")
    func impossibleSampleRateIsRefused() throws {
        let entry = Self.lpcmEntry(sampleRate: 1e300, bytesPerFrame: 4)
        let error = try #require(throws: MediaError.self) { try LPCMFormat(entry) }
        #expect(error.kind == .corrupt)
    }

    @Test("a HEIF item whose extent ends past the largest offset is refused, not overflowed")
    func heifExtentPastTheLargestOffsetIsRefused() throws {
        let bytes = Self.heic(exifOffset: .max - 8, exifLength: 64)
        let editor = try HEIFMetadataEditor(bytes: bytes)
        let error = try #require(throws: MediaError.self) { try editor.exif() }
        #expect(error.kind == .truncated)
        // The item is left where it was: the file is still written, its extent unread.
        #expect(try !editor.serialized().isEmpty)
    }

    @Test("an EXIF item without an iloc entry keeps the EXIF block it is given")
    func exifItemWithoutLocationKeepsItsNewData() throws {
        var editor = try HEIFMetadataEditor(bytes: Self.heic(exifOffset: 0, exifLength: 0, locateExif: false))
        #expect(try editor.exif() == nil)
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
        try editor.setExif(tiff)
        #expect(try HEIFMetadataEditor(bytes: try editor.serialized()).exif() == tiff)
    }

    @Test("an iloc with an index size it cannot store takes a new XMP item that reads back")
    func oddIndexSizeTakesNewXMP() throws {
        var editor = try HEIFMetadataEditor(bytes: Self.heic(exifOffset: 0, exifLength: 0, locateExif: false, ilocIndexSize: 2))
        let packet = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
        editor.setXMP(packet)
        #expect(try HEIFMetadataEditor(bytes: try editor.serialized()).xmp() == packet)
    }

    @Test("an iinf whose last entry runs to its end takes a new XMP item that reads back")
    func iinfEndingInSizeZeroEntryTakesNewXMP() throws {
        var editor = try HEIFMetadataEditor(bytes: Self.heic(exifOffset: 0, exifLength: 0, lastEntryToTheEnd: true))
        let packet = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
        editor.setXMP(packet)
        #expect(try HEIFMetadataEditor(bytes: try editor.serialized()).xmp() == packet)
    }

    @Test("an edit that would list more item extents than the parser reads is refused, not written unreadable")
    func editPastTheExtentLimitIsRefused() throws {
        // 65,535 empty extents of the image and one of the EXIF item: the most a file may list.
        var editor = try HEIFMetadataEditor(bytes: Self.heic(exifOffset: 0, exifLength: 0, imageExtents: .max))
        editor.setXMP(Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8))
        let error = try #require(throws: MediaError.self) { try editor.serialized() }
        #expect(error.kind == .tooLarge)
        #expect(error.problem.contains("65536 extents"), "\(error)")
    }

    @Test("a new XMP item does not take the ID of a location whose item entry is not read")
    func newXMPItemAvoidsALocatedID() throws {
        // Items 1 and 2 have item entries; the iloc also locates an item 3 that has none (its infe
        // damaged): the new XMP item is item 4, and item 3's location is left as it was.
        var editor = try HEIFMetadataEditor(bytes: Self.heic(exifOffset: 0, exifLength: 0, orphanLocation: true))
        let packet = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
        editor.setXMP(packet)
        let written = try editor.serialized()
        #expect(try HEIFMetadataEditor(bytes: written).xmp() == packet)
        let iloc = try HEIFItemLocations(try #require(Self.payload(of: "iloc", in: written)))
        #expect(iloc.locations.map(\.itemID) == [1, 2, 3, 4])
        #expect(iloc.locations[2].extents.map(\.length) == [8])
    }

    @Test("an item whose data sits in a box inside meta keeps its data when the meta box grows")
    func itemDataInsideMetaMovesWithTheEdit() throws {
        // Found by Fuzz/HEIFMetadataEditor: the EXIF item's bytes in an mdat nested in meta were
        // left at their old offset, now inside the grown iinf and iloc.
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
        let item = [0, 0, 0, 6] + ExifMetadata.app1Header + tiff
        let draft = Self.heic(exifOffset: 0, exifLength: UInt64(item.count), nestedInMeta: item)
        let offset = try #require(TrackAndItemIDTests.find(item, in: draft, from: 0))
        var editor = try HEIFMetadataEditor(bytes: Self.heic(exifOffset: UInt64(offset), exifLength: UInt64(item.count), nestedInMeta: item))
        #expect(try editor.exif() == tiff)
        let packet = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
        editor.setXMP(packet)
        let reread = try HEIFMetadataEditor(bytes: try editor.serialized())
        #expect(try reread.exif() == tiff)
        #expect(try reread.xmp() == packet)
    }

    @Test("an empty item whose data lay inside meta has no extent once written, not one past the end of the file")
    func emptyItemInsideMetaIsWrittenWithoutAnExtent() throws {
        // Found by Fuzz/HEIFMetadataEditor: the item moved into a new mdat, but with nothing to
        // hold no mdat was written, and its extent pointed 8 bytes past the end of the file.
        let ftypSize = 24
        let editor = try HEIFMetadataEditor(bytes: Self.heic(exifOffset: UInt64(ftypSize + 8), exifLength: 0))
        let written = try editor.serialized()
        let iloc = try HEIFItemLocations(try #require(Self.payload(of: "iloc", in: written)))
        for location in iloc.locations {
            for extent in location.extents {
                #expect(HEIFMetadataEditor.end(of: extent) <= written.count, "item \(location.itemID) ends past the file's \(written.count) bytes")
            }
        }
        #expect(iloc.locations.first { $0.itemID == 2 }?.extents.isEmpty == true)
        let reread = try HEIFMetadataEditor(bytes: written)
        let error = try #require(throws: MediaError.self) { try reread.exif() }
        #expect(error.problem.contains("too short"), "\(error)")
    }

    /// The payload of the first box `type` in `file` (found by its type's bytes).
    static func payload(of type: String, in file: [UInt8]) -> [UInt8]? {
        guard let at = TrackAndItemIDTests.find(Array(type.utf8), in: file, from: 4) else { return nil }
        let size = file[(at - 4)..<at].reduce(0) { $0 << 8 | Int($1) }
        guard size >= 8, at - 4 + size <= file.count else { return nil }
        return Array(file[(at + 4)..<(at - 4 + size)])
    }

    @Test("a movie matrix holding the smallest 32-bit value is no orientation, not an overflow")
    func matrixWithInt32MinHasNoOrientation() {
        #expect(TransformMatrix(values: [.min, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]).orientation == nil)
        #expect(TransformMatrix(values: [0, .min, 0, 0x10000, 0, 0, 0, 0, 0x4000_0000]).orientation == nil)
        #expect(TransformMatrix(values: [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]).orientation == .up)
    }

    /// A HEIC of `ftyp`, `meta` (an `hvc1` item and an `Exif` item at the given place, 8-byte
    /// `iloc` fields; the `Exif` item not in `iloc` unless `locateExif`; no item at all in a
    /// version-1 `iloc` of index size `ilocIndexSize` when it is not 0; the last `infe` of size 0,
    /// "to the end of iinf", when `lastEntryToTheEnd`; the `hvc1` item in `imageExtents` extents,
    /// the first 8 bytes long, the others empty; with `orphanLocation`, an `iloc` entry for an item
    /// 3 that has no `infe`; `nestedInMeta` in an `mdat` box inside `meta`, after `iloc`) and an
    /// empty `mdat`.
    static func heic(
        exifOffset: UInt64, exifLength: UInt64, locateExif: Bool = true, ilocIndexSize: UInt8 = 0, lastEntryToTheEnd: Bool = false,
        imageExtents: UInt16 = 1, orphanLocation: Bool = false, nestedInMeta: [UInt8]? = nil
    ) -> [UInt8] {
        var iinf = ByteWriter()
        iinf.write(UInt16(2))
        for (id, type) in [(UInt16(1), FourCC("hvc1")), (2, "Exif")] {
            var infe = ByteWriter()
            infe.write(id)
            infe.write(UInt16(0))
            infe.write(type)
            infe.write(UInt8(0))
            Box("infe", version: 2, flags: 0, body: infe.bytes).write(to: &iinf)
        }
        if lastEntryToTheEnd {
            let last = iinf.count - (8 + 4 + 9)
            var bytes = iinf.bytes
            bytes.replaceSubrange(last..<(last + 4), with: [0, 0, 0, 0])
            iinf = ByteWriter()
            iinf.write(bytes: bytes)
        }
        var iloc = ByteWriter()
        iloc.write(UInt8(0x88))
        iloc.write(ilocIndexSize)
        let image = [(UInt64(0), UInt64(8))] + Array(repeating: (UInt64(0), UInt64(0)), count: Int(imageExtents) - 1)
        var located: [(id: UInt16, extents: [(offset: UInt64, length: UInt64)])] = [(1, image)]
        if locateExif { located.append((2, [(exifOffset, exifLength)])) }
        if orphanLocation { located.append((3, [(0, 8)])) }
        if ilocIndexSize != 0 { located = [] }
        iloc.write(UInt16(located.count))
        for (id, extents) in located {
            iloc.write(id)
            iloc.write(UInt16(0))
            iloc.write(UInt16(0))
            iloc.write(UInt16(extents.count))
            for (offset, length) in extents {
                iloc.write(offset)
                iloc.write(length)
            }
        }
        var handler = ByteWriter()
        handler.write(UInt32(0))
        handler.write(FourCC("pict"))
        handler.writeZeros(13)
        let meta = Box(
            "meta",
            children: [
                Box("hdlr", version: 0, flags: 0, body: handler.bytes),
                Box("pitm", version: 0, flags: 0, body: [0, 1]),
                Box("iinf", version: 0, flags: 0, body: iinf.bytes),
                Box("iloc", version: 1, flags: 0, body: iloc.bytes),
            ] + (nestedInMeta.map { [Box("mdat", payload: $0)] } ?? []),
            prefix: [0, 0, 0, 0])
        var file = ByteWriter()
        Box("ftyp", payload: Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)).write(to: &file)
        meta.write(to: &file)
        Box("mdat", payload: []).write(to: &file)
        return file.bytes
    }
}
