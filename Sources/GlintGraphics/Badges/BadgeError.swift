import GlintMedia

/// An error from drawing, placing, compositing or checking a badge.
///
/// Like ``GlintMedia/MediaError`` it names the file concerned (the photo or the artwork) and
/// says what is wrong in words a user can act on; callers switch on ``kind``.
public struct BadgeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Codable {
        /// The artwork cannot be used: an SVG that does not parse or render, a PNG of no size.
        case invalidArtwork
        /// The image is too small for the smallest legal badge with its clear space.
        case imageTooSmall
        /// The badges asked for do not fit the image together with their clear space.
        case doesNotFit
        /// A parameter is invalid (a contradictory option, an empty list of kinds).
        case invalidArgument
        /// The image is not a JPEG, HEIC or PNG.
        case unsupported
        /// `--check` found no badge in any corner.
        case notFound
        /// Cairo or librsvg failed while drawing.
        case renderFailed
    }

    /// The category of the failure.
    public var kind: Kind
    /// The path of the file concerned, if any.
    public var file: String?
    /// A one-line explanation, without the file name.
    public var problem: String

    /// Creates an error.
    public init(_ kind: Kind, file: String? = nil, _ problem: String) {
        self.kind = kind
        self.file = file
        self.problem = problem
    }

    /// `"path: problem"`, or the problem alone.
    public var description: String {
        if let file { return "\(file): \(problem)" }
        return problem
    }

    /// This error naming `file`, unless it already names one.
    public func naming(_ file: String) -> BadgeError {
        var copy = self
        if copy.file == nil { copy.file = file }
        return copy
    }
}

extension BadgeError {
    /// Runs `body`, attaching `file` to any ``BadgeError`` or ``GlintMedia/MediaError`` it throws
    /// that names no file.
    static func naming<T>(_ file: String?, _ body: () throws -> T) throws -> T {
        guard let file else { return try body() }
        do {
            return try body()
        } catch let error as BadgeError {
            throw error.naming(file)
        } catch let error as MediaError {
            throw error.naming(file)
        }
    }
}
