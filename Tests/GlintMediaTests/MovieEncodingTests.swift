import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@Suite("MovieEncoding", .suiteTimeLimit)
struct MovieEncodingTests {
    @Test func defaultsAreH264CRF20Medium() {
        #expect(MovieEncoding.default == MovieEncoding(codec: .h264, crf: 20, preset: "medium"))
        #expect(MovieEncoding() == .default)
        let configuration = VideoEncoderConfiguration(width: 16, height: 16)
        #expect(configuration.codec == MovieEncoding.default.codec)
        #expect(configuration.crf == MovieEncoding.default.crf && configuration.preset == MovieEncoding.default.preset)
        #expect(StillEncoding().jpegQuality == JPEGEncoder.defaultQuality && JPEGEncoder.defaultQuality == 92)
    }

    @Test(arguments: [("h264", VideoCodec.h264), ("AVC", .h264), ("x264", .h264), ("hevc", .hevc), ("H265", .hevc), ("x265", .hevc)])
    func namesAsTypedOnTheCommandLine(name: String, codec: VideoCodec) throws {
        let encoding = MovieEncoding(codec: name)
        #expect(encoding.codec == codec)
        #expect(try encoding.videoCodec() == codec)
    }

    @Test func unknownCodecIsRefusedByValidate() {
        let encoding = MovieEncoding(codec: "vp9")
        #expect(encoding.codec == .other("vp9"))
        #expect(throws: MediaError(.invalidArgument, "unknown codec \"vp9\": use h264 or hevc")) { try encoding.validate() }
        #expect(throws: MediaError.self) { try MovieEncoding(preset: "fastest").validate() }
        #expect(throws: MediaError.self) { try MovieEncoding(crf: 52).validate() }
    }

    @Test func jsonNamesTheCodec() throws {
        let json = try JSONEncoder().encode(MovieEncoding(codec: .hevc, crf: 18, preset: "slow"))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["codec"] as? String == "hevc")
        let decoded = try JSONDecoder().decode(MovieEncoding.self, from: Data(#"{"codec":"x264","crf":20,"preset":"medium"}"#.utf8))
        #expect(decoded == .default)
    }
}
