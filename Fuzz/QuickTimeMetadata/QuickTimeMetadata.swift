import Foundation
import FuzzSupport

@testable import GlintMedia

/// QuickTime metadata, its last input byte choosing where it comes from: 0, the payload of
/// `moov/meta` (Apple's `keys` and `ilst`: the content identifier, the location...); 1, the
/// payload of `moov/udta/meta` (where FFmpeg writes keys, with an ISO version word); 2, the body
/// of a timed-metadata `mebx` sample entry (the still-image-time track's keys), placed in a
/// still-image-time track of Glint's own making. Every item is read (key, namespace, values,
/// text), as are the content identifier and the location keys; what Glint writes back (the
/// `meta` box, the edited track) must read the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuickTimeMetadata(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzedBytes(start, count)
    let source = input.choice(3)
    let bytes = input.rest()
    if source == 2 {
        readTimedMetadata(SampleDescription(format: "mebx", body: bytes))
        return 0
    }
    let meta: Box
    let metadata: QuickTimeMetadata
    do {
        var box = ByteWriter()
        box.write(UInt32(clamping: bytes.count + 8))
        box.write(FourCC("meta"))
        box.write(bytes: bytes)
        let parsed = try BoxParser.parseBoxes(box.bytes[...], context: source == 0 ? "moov" : "moov/udta", parentType: source == 0 ? "moov" : "udta")
        guard let first = parsed.first else { return 0 }
        meta = first
        metadata = try QuickTimeMetadata(meta)
    } catch {
        FuzzUse.note(error)
        return 0
    }
    readItems(metadata)
    checkRewrite(metadata, prefix: meta.containerPrefix)
    return 0
}

/// Every item, as the inspector (`MediaInspector.describe`) and the location remover read them.
private func readItems(_ metadata: QuickTimeMetadata) {
    for item in metadata.items {
        FuzzUse.use(item)
        FuzzUse.keep((item.stringValue, MovieLocationRemover.isLocationKey(item.key)))
        FuzzUse.keep(metadata.string(forKey: item.key))
    }
    if let identifier = metadata.contentIdentifier {
        precondition(!identifier.rawValue.isEmpty && identifier.rawValue.utf8.count <= 256, "a content identifier has 1 to 256 bytes")
        FuzzUse.keep(identifier.isCanonicalUUID)
    }
}

/// The `meta` box Glint writes (a new identifier set, the location keys removed, as the pairing
/// and the location remover do) reads back to the same items.
private func checkRewrite(_ metadata: QuickTimeMetadata, prefix: [UInt8]) {
    var edited = metadata
    edited.items.removeAll { MovieLocationRemover.isLocationKey($0.key) }
    edited.contentIdentifier = ContentIdentifier("6A2B1C3D-0000-4000-8000-1234567890AB")
    var box = edited.makeBox()
    box.containerPrefix = prefix
    let written = box.serialized
    do {
        let reread = try BoxParser.parseBoxes(written[...], context: "rewritten", parentType: "moov")
        precondition(reread.count == 1, "one meta box written")
        let again = try QuickTimeMetadata(reread[0])
        precondition(again.items.map(\.key) == edited.items.map(\.key), "rewritten metadata keeps its keys")
        precondition(again.items.map(\.values) == edited.items.map(\.values), "rewritten metadata keeps its values")
        precondition(again.contentIdentifier == edited.contentIdentifier, "rewritten metadata keeps the new identifier")
    } catch {
        preconditionFailure("a meta box Glint wrote does not parse: \(error)")
    }
}

/// A `mebx` entry's keys, as `MovieTrack.carriesMetadataKey` and the location remover read them,
/// in the still-image-time track; that track's still time moved must read back.
private func readTimedMetadata(_ entry: SampleDescription) {
    // A sample entry is at least 16 bytes: its 8-byte header and 8 reserved and index bytes.
    guard entry.body.count >= 8, let keys = try? MetadataSampleEntry(entry) else { return }
    FuzzUse.use(keys.keys)
    var trak = StillImageTimeTrack.makeTrack(trackID: 3, videoTrackID: 1, stillTime: 300, sampleOffset: 36)
    trak.modify(["mdia", "minf", "stbl"]) { $0.setChild(SampleDescription.makeBox([entry])) }
    do {
        let track = try MovieTrack(trak)
        precondition(track.carriesMetadataKey(StillImageTimeTrack.key) == keys.keys.values.contains(StillImageTimeTrack.key), "the key is found")
        FuzzUse.keep(MovieLocationRemover.carriesLocation(track))
        var moved = trak
        try StillImageTimeTrack.retime(&moved, track: track, stillTime: 900)
        let reread = try MovieTrack(moved)
        precondition(reread.sampleDescriptions == [entry], "a moved still-image-time track keeps its entry")
        precondition(reread.presentationSeconds(ofMediaTime: 0, movieTimescale: 600) == 1.5, "the still is shown at its new time")
    } catch {
        preconditionFailure("a still-image-time track Glint wrote does not parse: \(error)")
    }
}
