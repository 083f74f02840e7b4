import Foundation
import GlintProbe
import GlintTestSupport
import Testing

@testable import GlintMedia

/// The one sniffer: every brand and magic number gives one kind, and every part that asks agrees
/// (the still readers, the submission probe, `glint inspect`).
@Suite("MediaFileType", .suiteTimeLimit)
struct MediaFileTypeTests {
    static func ftyp(_ brand: String) -> [UInt8] { [0, 0, 0, 24] + Array("ftyp".utf8) + Array(brand.utf8) + [0, 0, 0, 0] }

    static let cases: [([UInt8], MediaFileType?)] = [
        ([0xFF, 0xD8, 0xFF, 0xE1, 0, 0, 0, 0, 0, 0, 0, 0], .jpeg),
        (PNGHeader.signature + [0, 0, 0, 13], .png),
        (ftyp("heic"), .heic), (ftyp("heix"), .heic), (ftyp("hevc"), .heic), (ftyp("hevx"), .heic), (ftyp("mif1"), .heic),
        (ftyp("msf1"), .heic), (ftyp("heim"), .heic), (ftyp("heis"), .heic),
        (ftyp("avif"), .avif), (ftyp("avis"), .avif),
        (ftyp("qt  "), .quickTime), (ftyp("isom"), .mp4), (ftyp("mp42"), .mp4),
        ([0, 0, 0, 8] + Array("wide".utf8) + [0, 0, 0, 0], .quickTime), ([0, 0, 0, 8] + Array("moov".utf8), .quickTime),
        (Array("GIF89a".utf8) + [0, 0, 0, 0, 0, 0], .gif), (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8), .webp),
        (Array("PK".utf8) + [3, 4, 0, 0, 0, 0, 0, 0, 0, 0], .zip), (Array("{\"a\": 1}    ".utf8), .json),
        ([], nil), ([0xFF, 0xD8], nil), (Array("hello world!".utf8), nil), ([0, 0, 0, 24] + Array("ftyp".utf8), nil),
    ]

    @Test("each magic number and brand is one kind", arguments: cases)
    func sniffs(_ head: [UInt8], _ expected: MediaFileType?) {
        #expect(MediaFileType(sniffing: head) == expected, "\(head)")
    }

    @Test("the still format, the probe's format and the extension follow the kind for every case")
    func everyCallerAgrees() {
        for (head, type) in Self.cases {
            #expect(StillFormat(sniffing: head) == type?.stillFormat, "\(String(describing: type))")
            let probed = GlintProbe.MediaProbe.format(ofHead: head)
            switch type {
            case .jpeg?: #expect(probed == .jpeg)
            case .heic?: #expect(probed == .heic)
            case .png?: #expect(probed == .png)
            case .quickTime?, .mp4?: #expect(probed == .movie)
            default: #expect(probed == nil, "\(String(describing: type))")
            }
        }
        for type in MediaFileType.allCases {
            #expect(!type.fileExtension.isEmpty && type.contentType.contains("/"))
            #expect(type.isMovie == type.contentType.hasPrefix("video/"))
        }
    }
}
