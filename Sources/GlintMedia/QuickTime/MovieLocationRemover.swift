/// Writes a copy of a QuickTime movie without its recording location: the keys
/// `com.apple.quicktime.location.*` (ISO 6709 coordinates, accuracy, name...) and `location`
/// in `moov/meta` and `moov/udta/meta`, the `udta` boxes `©xyz` and `loci` (3GPP), and
/// timed-metadata tracks that carry location keys.
/// Every other track is copied byte for byte with its sample tables (chunk offsets rewritten),
/// so the Live Photo pairing, the still-image-time track and the edit lists are kept.
public enum MovieLocationRemover {
    /// The prefix of Apple's location keys.
    public static let locationKeyPrefix = "com.apple.quicktime.location."
    /// `©xyz`, the location in `udta`.
    static let userDataLocation = FourCC(rawValue: 0xA978_797A)
    /// The `udta` boxes that hold a location: `©xyz` and 3GPP's `loci`.
    static let userDataLocations: Set<FourCC> = [userDataLocation, "loci"]

    /// Whether a metadata key names a place (Apple's location keys, FFmpeg's `location`).
    public static func isLocationKey(_ key: String) -> Bool {
        key.hasPrefix(locationKeyPrefix) || key.lowercased() == "location"
    }

    /// Whether `movie` carries a location.
    public static func hasLocation(_ movie: QuickTimeMovie) -> Bool {
        movie.metadata.items.contains { isLocationKey($0.key) }
            || movie.moov.child("udta")?.children?.contains { userDataLocations.contains($0.type) } == true
            || userDataKeys(movie).contains { isLocationKey($0.key) }
            || movie.tracks.contains(where: carriesLocation)
    }

    /// Whether `track` is a timed-metadata track with a location key.
    static func carriesLocation(_ track: MovieTrack) -> Bool {
        track.handlerType == "meta"
            && track.sampleDescriptions.contains { description in
                description.format == "mebx"
                    && ((try? MetadataSampleEntry(description))?.keys.values.contains(where: isLocationKey) ?? false)
            }
    }

    /// The keys of `moov/udta/meta` (where FFmpeg writes QuickTime keys).
    static func userDataKeys(_ movie: QuickTimeMovie) -> [QuickTimeMetadata.Item] {
        guard let meta = movie.moov.descendant(["udta", "meta"]), meta.child("keys") != nil else { return [] }
        return (try? QuickTimeMetadata(meta))?.items ?? []
    }

    /// Writes `movie` without location into `destination` (atomically).
    /// - Returns: The metadata keys removed.
    @discardableResult
    public static func write(_ movie: QuickTimeMovie, to destination: String) throws -> [String] {
        var removed: [String] = []
        try QuickTimeMovieWriter.rewrite(
            movie, to: destination, keepingTracks: { !carriesLocation($0) },
            editing: { moov in
                var metadata = movie.metadata
                removed = metadata.items.map(\.key).filter(isLocationKey)
                if !removed.isEmpty {
                    metadata.items.removeAll { isLocationKey($0.key) }
                    moov.setChild(metadata.makeBox())
                }
                moov.modify(["udta"]) { udta in udta.children?.removeAll { userDataLocations.contains($0.type) } }
                if let meta = moov.descendant(["udta", "meta"]), meta.child("keys") != nil, var keys = try? QuickTimeMetadata(meta),
                    keys.items.contains(where: { isLocationKey($0.key) })
                {
                    removed += keys.items.map(\.key).filter(isLocationKey)
                    keys.items.removeAll { isLocationKey($0.key) }
                    var rebuilt = keys.makeBox()
                    rebuilt.containerPrefix = meta.containerPrefix
                    moov.modify(["udta"]) { $0.setChild(rebuilt) }
                }
            })
        return removed
    }
}
