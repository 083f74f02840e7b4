extension QuickTimeMovieWriter {
    /// Writes a copy of `movie` into `destination` (atomically), every track that `keep` accepts
    /// copied byte for byte with its chunk offsets rewritten, and its `moov` changed by `edit`
    /// (given the `moov` with the copied tracks in place).
    /// - Throws: ``MediaError`` naming the movie; nothing is left at `destination` on failure.
    public static func rewrite(
        _ movie: QuickTimeMovie, to destination: String, keepingTracks keep: (MovieTrack) -> Bool = { _ in true },
        editing edit: (inout Box) throws -> Void
    ) throws {
        try MediaError.naming(movie.path) {
            let writer = try QuickTimeMovieWriter(destination: destination, majorBrand: movie.majorBrand ?? "qt  ")
            do {
                var traks: [Box] = []
                for track in movie.tracks where keep(track) { traks.append(try writer.copyTrack(track, from: movie)) }
                var moov = movie.moov
                moov.children = moov.children?.filter { $0.type != "trak" }
                let insertAt = (moov.children?.firstIndex { $0.type == "mvhd" } ?? -1) + 1
                moov.children?.insert(contentsOf: traks, at: insertAt)
                try edit(&moov)
                try writer.finish(moov: moov)
            } catch {
                writer.discard()
                throw error
            }
        }
    }
}
