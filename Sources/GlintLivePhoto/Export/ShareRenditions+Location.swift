import Foundation
import GlintCore
import GlintMedia

extension ShareRenditions {
    /// The copies of a still (and its movie) without the recording location that a share serves
    /// unless its owner keeps the location, and that the other renditions are made from.
    struct LocationFreeCopies {
        /// `still.jpg` or `still.heic`: ``StillLocationRemover`` (EXIF GPS, XMP places), the coded
        /// image and every other piece of metadata (orientation, the Live Photo identifier) kept.
        var still: URL
        /// `movie.mov`: ``MovieLocationRemover`` (Apple's `com.apple.quicktime.location.*` keys,
        /// `©xyz`, `loci`, location metadata tracks), every other track copied byte for byte.
        var movie: URL?
    }

    /// Writes the still (and the movie) at the paths into `directory` without location: exactly
    /// what `glint export --strip-location` removes, by the same operations.
    /// - Throws: ``MediaError`` naming the file that cannot be read or rewritten.
    static func withoutLocation(stillPath: String, moviePath: String?, in directory: URL) throws -> LocationFreeCopies {
        let bytes = try StillLocationRemover.removingLocation(fromFileAt: stillPath)
        let isJPEG = bytes.starts(with: [0xFF, 0xD8])
        let still = directory.appendingPathComponent(isJPEG ? "still.jpg" : "still.heic")
        try AtomicFileWriter.write(bytes, to: still.path)
        guard let moviePath else { return LocationFreeCopies(still: still, movie: nil) }
        let movie = directory.appendingPathComponent("movie.mov")
        try MovieLocationRemover.write(try QuickTimeMovie(path: moviePath), to: movie.path)
        return LocationFreeCopies(still: still, movie: movie)
    }
}
