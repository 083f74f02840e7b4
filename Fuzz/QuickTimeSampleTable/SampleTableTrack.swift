@testable import GlintMedia

/// The `trak` around a fuzzed sample table: Glint's own `tkhd`, `mdhd` and handler, so that only
/// the table comes from the input.
enum SampleTableTrack {
    static func make(handler: FourCC, stbl: Box) -> Box {
        Box(
            "trak",
            children: [
                TrackHeader.make(trackID: 1, duration: 600, width: handler == "vide" ? 64 : 0, height: handler == "vide" ? 64 : 0),
                Box(
                    "mdia",
                    children: [
                        TrackHeader.makeMediaHeader(timescale: 600, duration: 600),
                        TrackHeader.makeHandler(componentType: "mhlr", subtype: handler, name: "fuzz"),
                        Box("minf", children: [TrackHeader.makeSelfReference(), stbl]),
                    ]),
            ])
    }
}
