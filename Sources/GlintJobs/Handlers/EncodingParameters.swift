import GlintMedia
import GlintQueue

/// The encoder settings `livephoto.edit` and `livephoto.export` take beside their other
/// parameters: `codec`, `crf`, `preset` and `quality` (JPEG). Each one left out is the library's
/// default (``MovieEncoding/default``, ``JPEGEncoder/defaultQuality``), as for `glint edit` and
/// `glint export`.
struct EncodingParameters: Decodable {
    var codec: String?
    var crf: Double?
    var preset: String?
    var quality: Int?

    /// How the movie is encoded.
    var movieEncoding: MovieEncoding {
        let defaults = MovieEncoding.default
        return MovieEncoding(codec: codec ?? defaults.codec.description, crf: crf ?? defaults.crf, preset: preset ?? defaults.preset)
    }

    /// The JPEG quality of an edited still.
    var jpegQuality: Int { quality ?? JPEGEncoder.defaultQuality }

    /// Checks every setting before any work.
    /// - Throws: ``JobHandlerError/badParameters(_:)`` naming the bad setting.
    func validate() throws {
        do {
            try movieEncoding.validate()
        } catch let error as MediaError {
            throw JobHandlerError.badParameters(error.problem)
        }
        guard (1...100).contains(jpegQuality) else {
            throw JobHandlerError.badParameters("\"quality\" (JPEG) must be in 1...100, got \(jpegQuality)")
        }
    }
}
