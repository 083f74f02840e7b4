/// Writes a copy of a QuickTime movie without its recording location: the `moov/meta` keys
/// `com.apple.quicktime.location.*` (ISO 6709 coordinates, accuracy, name...) and any
/// `udta/©xyz`. Every track is copied byte for byte with its sample tables (chunk offsets
/// rewritten), so the Live Photo pairing, the still-image-time track and the edit lists are kept.
public enum MovieLocationRemover {
    /// The prefix of Apple's location keys.
    public static let locationKeyPrefix = "com.apple.quicktime.location."
    /// `©xyz`, the location in `udta`.
    static let userDataLocation = FourCC(rawValue: 0xA978_797A)

    /// Whether `movie` carries a location.
    public static func hasLocation(_ movie: QuickTimeMovie) -> Bool {
        movie.metadata.items.contains { $0.key.hasPrefix(locationKeyPrefix) }
            || movie.moov.child("udta")?.child(userDataLocation) != nil
    }

    /// Writes `movie` without location into `destination` (atomically).
    /// - Returns: The metadata keys removed.
    @discardableResult
    public static func write(_ movie: QuickTimeMovie, to destination: String) throws -> [String] {
        try MediaError.naming(movie.path) {
            let writer = try QuickTimeMovieWriter(destination: destination, majorBrand: movie.majorBrand ?? "qt  ")
            var traks: [Box] = []
            for track in movie.tracks { traks.append(try writer.copyTrack(track, from: movie)) }
            var moov = movie.moov
            moov.children = moov.children?.filter { $0.type != "trak" }
            let insertAt = (moov.children?.firstIndex { $0.type == "mvhd" } ?? -1) + 1
            moov.children?.insert(contentsOf: traks, at: insertAt)
            var metadata = movie.metadata
            let removed = metadata.items.map(\.key).filter { $0.hasPrefix(locationKeyPrefix) }
            if !removed.isEmpty {
                metadata.items.removeAll { $0.key.hasPrefix(locationKeyPrefix) }
                moov.setChild(metadata.makeBox())
            }
            moov.modify(["udta"]) { $0.removeChildren(userDataLocation) }
            try writer.finish(moov: moov)
            return removed
        }
    }
}
