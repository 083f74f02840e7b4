import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// FFmpeg opens only what it is given (``MovieDemuxer``): an HLS playlist saved as `.mov`, naming
/// another movie and `/etc/passwd` by `file://` URL, is refused as not a movie by both ways Glint
/// opens movies, instead of being followed (FFmpeg's probing picks its `hls` demuxer for such a
/// file, which opens the segments it names: `ffprobe playlist.mov` reports the other movie's video).
@Suite("MovieDemuxer: the mov demuxer alone, no protocol but file", .suiteTimeLimit)
struct MovieDemuxerTests {
    /// A playlist naming `segments` (URLs), one second each.
    static func playlist(_ segments: [String]) -> String {
        "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n" + segments.map { "#EXTINF:1.0,\n\($0)\n" }.joined() + "#EXT-X-ENDLIST\n"
    }

    @Test(
        "an HLS playlist named .mov that points at another movie or /etc/passwd: not a movie, nothing it names is opened",
        .requires(.fixture(SharedFixtures.Name.livePhotoMovie)),
        arguments: [["OTHER"], ["file:///etc/passwd"], ["OTHER", "file:///etc/passwd"]])
    func playlistIsNotFollowed(segments: [String]) throws {
        let directory = try TemporaryDirectory("glint-hls")
        defer { directory.remove() }
        // A movie the caller did not give: the playlist's only way to it is its URL.
        let other = directory.file("other.mov")
        try FileManager.default.copyItem(atPath: SharedFixtures.livePhotoMovie, toPath: other.path)
        let playlist = directory.file("movie.mov")
        let urls = segments.map { $0 == "OTHER" ? other.absoluteString : $0 }
        try Data(Self.playlist(urls).utf8).write(to: playlist)

        let opened = try #require(throws: MediaError.self) { try VideoFileReader(path: playlist.path) }
        #expect(opened.file == playlist.path, "\(opened)")
        #expect(opened.kind == .corrupt, "\(opened)")
        let checked = try #require(throws: MediaError.self) { try MovieDecodeCheck.run(try RandomAccessFile(path: playlist.path), depth: .firstFrame) }
        #expect(checked.kind == .corrupt, "\(checked)")
    }

    @Test("a real movie still opens and decodes through the mov demuxer", .requires(.fixture(SharedFixtures.Name.livePhotoMovie)))
    func realMovieOpens() throws {
        let reader = try VideoFileReader(path: SharedFixtures.livePhotoMovie)
        #expect(reader.stream.width == 1440)
        let result = try MovieDecodeCheck.run(try RandomAccessFile(path: SharedFixtures.livePhotoMovie), depth: .firstFrame)
        #expect(result.formatName.hasPrefix("mov"))
    }
}
