import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// Track and item IDs read from a file near 2^32 (found by `Fuzz/MotionPhotoReader`: a Motion
/// Photo whose video track's ID was 0xFFFFFFFF trapped on `+ 1` when the still-image-time track
/// was added): a new track or item takes an unused ID instead of overflowing.
@Suite("New track and item IDs", .suiteTimeLimit)
struct TrackAndItemIDTests {
    @Test("a new track takes the header's next ID when it is valid, else one past the largest, else the smallest unused")
    func newTrackIDs() {
        #expect(Self.ids(NewTrackID(after: [1, 2])) == [3, 4])
        #expect(Self.ids(NewTrackID(after: [1, 2], headerNext: 7)) == [7, 8])
        #expect(Self.ids(NewTrackID(after: [1, 5], headerNext: 3)) == [6, 7], "a header next ID in use is not trusted")
        #expect(Self.ids(NewTrackID(after: [1], headerNext: .max)) == [2, 3])
        #expect(Self.ids(NewTrackID(after: [.max])) == [1, .max])
        #expect(Self.ids(NewTrackID(after: [1, 2, .max - 1])) == [3, .max])
        #expect(Self.ids(NewTrackID(after: [])) == [1, 2])
    }

    @Test("a new HEIF item takes one past the largest ID, or the smallest unused one past 2^32 - 1")
    func newItemIDs() {
        #expect(HEIFMetadataEditor.unusedItemID([]) == 1)
        #expect(HEIFMetadataEditor.unusedItemID([1, 5]) == 6)
        #expect(HEIFMetadataEditor.unusedItemID([1, 2, .max]) == 3)
    }

    @Test("a still time that does not fit the video's time scale is a typed error")
    func stillTimeOutOfRange() throws {
        #expect(try MotionPhotoMovie.movieTime(0.48, timescale: 600, path: "p") == 288)
        let error = try #require(throws: MediaError.self) { try MotionPhotoMovie.movieTime(1e300, timescale: 600, path: "p.jpg") }
        #expect(error.kind == .corrupt)
        #expect(error.file == "p.jpg")
    }

    @Test(
        "a Motion Photo whose video tracks have IDs 0xFFFFFFFF and 0xFFFFFFFE becomes a movie with a still-image-time track of an unused ID",
        .requires(.livePhotoPair))
    func motionPhotoWithLargestTrackIDs() throws {
        let directory = try TemporaryDirectory("track-id-limit")
        defer { directory.remove() }
        let (source, _, _) = try MotionPhotoFiles.realMotionPhoto(in: directory)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        let photo = try #require(try MotionPhotoReader.read(path: source).motionPhoto)
        // The first two tkhd boxes of the embedded MP4 (the track ID follows 4 bytes of version
        // and flags and two times, of 4 bytes each in version 0, 8 in version 1): 0xFFFFFFFF,
        // then 0xFFFFFFFE.
        var patched: [UInt32] = [.max, .max - 1]
        var index = Int(photo.videoOffset)
        while let found = Self.find(Array("tkhd".utf8), in: bytes, from: index), !patched.isEmpty {
            let id = patched.removeFirst()
            let at = found + (bytes[found + 4] == 1 ? 24 : 16)
            bytes.replaceSubrange(at..<(at + 4), with: withUnsafeBytes(of: id.bigEndian, Array.init))
            index = found + 4
        }
        #expect(patched.isEmpty, "the MP4 has two tracks")
        try Data(bytes).write(to: URL(fileURLWithPath: source))

        let reread = try #require(try MotionPhotoReader.read(path: source).motionPhoto)
        let moviePath = directory.file("out.MOV").path
        let result = try MotionPhotoMovie.write(reread, in: source, identifier: .random(), exif: nil, to: moviePath)
        #expect(result.frameCount > 0)
        let movie = try QuickTimeMovie(path: moviePath)
        let ids = movie.tracks.map(\.trackID)
        #expect(Set(ids).count == ids.count, "track IDs are distinct: \(ids)")
        #expect(ids.contains(1), "the still-image-time track took the smallest unused ID: \(ids)")
        #expect(movie.stillImageTimeTrack != nil)
        #expect(movie.header.nextTrackID == .max)
    }

    static func ids(_ new: NewTrackID) -> [UInt32] { [new.trackID, new.nextTrackID] }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
