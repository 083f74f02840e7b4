import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia
@testable import GlintProbe

/// The submission probe's bounded XMP scan (GlintProbe, no XML parser) against Exempi's reading of
/// the same packets (what runners use): the same Motion Photo properties, and nil, quickly, for
/// hostile packets.
@Suite("MotionPhotoXMPScan (bounded XMP scan)", .suiteTimeLimit)
struct MotionPhotoXMPScanTests {
    static let namespaces = """
        xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
        xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
        """

    /// `body` inside `x:xmpmeta/rdf:RDF`.
    static func packet(_ body: String, namespaces: String = namespaces) -> [UInt8] {
        Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF \(namespaces)>\(body)</rdf:RDF></x:xmpmeta>".utf8)
    }

    /// What Exempi reads of `packet` (the runners' reading).
    static func exempi(_ packet: [UInt8]) throws -> MotionPhotoMetadata {
        MotionPhotoMetadata(try XMPPacket(parsing: packet))
    }

    @Test("the attribute form of a Motion Photo v1 reads as Exempi reads it")
    func attributeForm() throws {
        let packet = Self.packet(
            """
            <rdf:Description rdf:about="" GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="480000">
            <Container:Directory><rdf:Seq>
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="12345" Item:Padding="0"/></rdf:li>
            </rdf:Seq></Container:Directory></rdf:Description>
            """)
        let scanned = try #require(MotionPhotoXMPScan.metadata(packet))
        #expect(scanned == (try Self.exempi(packet)))
        #expect(scanned.motionPhotoItem?.item.length == 12345)
        #expect(scanned.stillTimestampUs == 480_000)
    }

    @Test("the element form, other prefixes and the legacy MicroVideo read as Exempi reads them")
    func elementForm() throws {
        let namespaces = """
            xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cam="http://ns.google.com/photos/1.0/camera/" \
            xmlns:c="http://ns.google.com/photos/1.0/container/" xmlns:i="http://ns.google.com/photos/1.0/container/item/"
            """
        let packet = Self.packet(
            """
            <rdf:Description rdf:about="">
            <cam:MicroVideo>1</cam:MicroVideo><cam:MicroVideoOffset> 4242 </cam:MicroVideoOffset>
            <c:Directory><rdf:Seq>
            <rdf:li rdf:parseType="Resource"><c:Item rdf:parseType="Resource"><i:Mime>image/jpeg</i:Mime><i:Semantic>Primary</i:Semantic></c:Item></rdf:li>
            <rdf:li rdf:parseType="Resource"><c:Item rdf:parseType="Resource"><i:Semantic>GainMap</i:Semantic><i:Length>77</i:Length></c:Item></rdf:li>
            </rdf:Seq></c:Directory></rdf:Description>
            """, namespaces: namespaces)
        let scanned = try #require(MotionPhotoXMPScan.metadata(packet))
        #expect(scanned == (try Self.exempi(packet)))
        #expect(scanned.microVideoOffset == 4242 && scanned.hasGainMap && scanned.directory.count == 2)
    }

    @Test("a GCamera property nested in another struct is not the packet's (as Exempi reads it)")
    func nestedDecoy() throws {
        let packet = Self.packet(
            """
            <rdf:Description rdf:about="" xmlns:o="urn:other/">
            <o:Struct rdf:parseType="Resource"><GCamera:MicroVideo>0</GCamera:MicroVideo></o:Struct>
            <GCamera:MicroVideo>1</GCamera:MicroVideo><GCamera:MicroVideoOffset>10</GCamera:MicroVideoOffset>
            </rdf:Description>
            """)
        let scanned = try #require(MotionPhotoXMPScan.metadata(packet))
        #expect(scanned == (try Self.exempi(packet)))
        #expect(scanned.microVideo == 1)
    }

    @Test("packets written by MotionPhotoMetadata.write (Exempi's serialisation) read the same")
    func writtenPackets() throws {
        for padding in [Int64(0), 8] {
            let packet = try XMPPacket()
            try MotionPhotoMetadata.write(into: packet, videoLength: 987_654, presentationTimestampUs: 1_500_000, primaryPadding: padding)
            let bytes = try packet.serialized()
            #expect(MotionPhotoXMPScan.metadata(bytes) == (try Self.exempi(bytes)), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test("the real fixtures' packets read as Exempi reads them", .requires(.motionPhotoFixtures), .requires(.sharedFixtures))
    func realPackets() throws {
        var packets: [(String, [UInt8])] = []
        for name in [MotionPhotoFiles.broken, MotionPhotoFiles.ultraHDR, SharedFixtures.Name.livePhotoStill] {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: SharedFixtures.path(name))))
            if let xmp = try JPEGFile(parsing: bytes).xmpPacket { packets.append((name, xmp)) }
        }
        for name in [MotionPhotoFiles.heic, SharedFixtures.Name.heicStill] {
            let file = try RandomAccessFile(path: SharedFixtures.path(name))
            let items = try HEIFItems(file: file, boxes: try TopLevelBox.scan(file))
            if let item = items.xmpItem { packets.append((name, try items.data(of: item, in: file))) }
        }
        #expect(packets.count >= 2)
        for (name, packet) in packets {
            #expect(MotionPhotoXMPScan.metadata(packet) == (try Self.exempi(packet)), "\(name)")
        }
        let ultraHDR = try #require(packets.first { $0.0 == MotionPhotoFiles.ultraHDR })
        #expect(try #require(MotionPhotoXMPScan.metadata(ultraHDR.1)).hasGainMap)
    }

    @Test("400,000 nested elements give nil at once (past the depth cap, not at the end), without recursion")
    func deepNesting() throws {
        let depth = 400_000
        let body = "<rdf:Description rdf:about=\"\">" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</rdf:Description>"
        let packet = Self.packet(body)
        #expect(MotionPhotoXMPScan.metadata(packet) == nil)
        // The scan stops at the first tag past the cap: it takes the packet's first 65 tags of
        // 800,000, whatever follows.
        let counted = TagCount()
        #expect(MotionPhotoXMPScan.scan(packet, CountingScanState(counted: counted)) == nil)
        #expect(counted.tags == MotionPhotoXMPScan.depthLimit + 1)
    }

    @Test("over the size cap, unterminated, mismatched or over a value cap: nil")
    func malformed() {
        let valid = "<rdf:Description rdf:about=\"\" GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"5\"/>"
        #expect(MotionPhotoXMPScan.metadata(Self.packet(valid))?.microVideoOffset == 5)
        #expect(MotionPhotoXMPScan.metadata([UInt8](repeating: 0x20, count: MotionPhotoXMPScan.packetLimit + 1)) == nil)
        #expect(MotionPhotoXMPScan.metadata(Array("<x:xmpmeta><rdf:RDF".utf8)) == nil)
        #expect(MotionPhotoXMPScan.metadata(Array("<a><b></a></b>".utf8)) == nil)
        #expect(MotionPhotoXMPScan.metadata(Array("<a x=\"\(String(repeating: "9", count: 5000))\"/>".utf8)) == nil)
        #expect(MotionPhotoXMPScan.metadata(Array("<a><!-- never closed".utf8)) == nil)
        let manyItems = (0..<1000).map { _ in "<rdf:li><Container:Item Item:Semantic=\"Primary\"/></rdf:li>" }.joined()
        let listed = MotionPhotoXMPScan.metadata(
            Self.packet("<rdf:Description rdf:about=\"\"><Container:Directory><rdf:Seq>\(manyItems)</rdf:Seq></Container:Directory></rdf:Description>"))
        #expect(listed?.directory.count == MotionPhotoMetadata.directoryLimit)
    }
}

/// How many tags a scan gave its state (a class: a scan that gives up returns no state).
private final class TagCount {
    var tags = 0
}

/// The Motion Photo scan's state, counting the tags it takes.
private struct CountingScanState: XMPScanState {
    let counted: TagCount
    var state = MotionPhotoXMPScanState()

    var isComplete: Bool { state.isComplete }

    mutating func take(_ tag: XMPTagScanner.Tag, scanner: inout XMPTagScanner) throws(XMPTagScanner.Malformed) {
        counted.tags += 1
        try state.take(tag, scanner: &scanner)
    }
}
