/// The ID a track added to a movie gets, and the movie header's next track ID after it.
///
/// ISO/IEC 14496-12 (8.2.2): `next_track_ID` is larger than every track ID in use, and all ones
/// means "search for an unused one". A header's value is used when it is such a value; otherwise
/// the new track gets one past the largest ID in use, or, when that would not fit (a hostile
/// file's IDs near 2^32), the smallest unused one, and the next ID becomes all ones.
public struct NewTrackID: Sendable, Equatable {
    /// The added track's ID.
    public var trackID: UInt32
    /// The header's next track ID once the track is added.
    public var nextTrackID: UInt32

    /// - Parameters:
    ///   - used: The IDs of the movie's tracks.
    ///   - headerNext: The movie header's `next_track_ID`, used when it is larger than every ID
    ///     in `used` and not all ones.
    public init(after used: [UInt32], headerNext: UInt32? = nil) {
        let largest = used.max() ?? 0
        if let headerNext, headerNext > largest, headerNext < .max {
            trackID = headerNext
            nextTrackID = headerNext + 1
        } else if largest < .max - 1 {
            trackID = largest + 1
            nextTrackID = largest + 2
        } else {
            let taken = Set(used)
            // At most used.count + 1 candidates are tried.
            trackID = (1...UInt32.max).first { !taken.contains($0) } ?? 1
            nextTrackID = .max
        }
    }
}
