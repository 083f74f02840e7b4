import Foundation
import GlintLivePhoto
import GlintMedia
import GlintQueue

extension JobKind {
    /// Makes what pages serve of a job's still and pair (GlintLivePhoto's ``ShareRenditions``).
    public static let shareRenditions: JobKind = "share.renditions"
}

/// `share.renditions`: the files a share page and the dashboard serve, made once by a follow-up
/// job so that no request does media work (``ShareRenditions``). `glint serve` submits one when a
/// job is shared, with that job's outputs as inputs (and another with `keepLocation` the first
/// time a share of it keeps the location).
///
/// Inputs: `still` (JPEG or HEIC), optional `movie` (its Live Photo pair); or `motionPhoto`.
/// Parameters: `name`, the base name of the pair's files inside the downloads (letters, digits,
/// `.`, `_`, `-`; default `glint`), and `keepLocation` (default false). Outputs: `thumbnail` (JPEG,
/// 640 px on its long side at most), `display` (JPEG, 1280 px at most), and with a movie
/// `livephoto` (the pair, zipped) and `motionphoto` (a Motion Photo); unless `keepLocation`, also
/// `still` and (with a movie) `movie`, the still and the movie without their recording location,
/// from which everything else is made, so that no output carries it (``ShareRenditions``).
public struct ShareRenditionsJobHandler: JobHandler {
    public struct Parameters: Sendable {
        public var name: String
        /// Make the downloads from the files as they are, location included (no `still` or `movie`).
        public var keepLocation: Bool
    }

    struct Settings: Decodable {
        var name: String?
        var keepLocation: Bool?
    }

    public let kind = JobKind.shareRenditions
    /// Decodes the pair with libheif, libjpeg-turbo and FFmpeg.
    public let isolation = JobIsolation.runner(.batch)
    public let requiredInputs: Set<String> = ["still"]
    public let acceptedInputs: [Set<String>] = [["still"], ["motionPhoto"]]
    /// A still's movie (a Live Photo pair).
    public let optionalInputs: Set<String> = ["movie"]
    public let documentation = JobKindDocumentation(
        summary:
            "A still's thumbnail and display-size picture, and with its movie the zipped pair and a Motion Photo, for pages; or all of them, and the movie, from a Motion Photo; without the recording location (and with the still and movie so copied) unless keepLocation.",
        inputs: "`still`, optional `movie`; or `motionPhoto`",
        parameters: "`name` (base name of the files inside the downloads), `keepLocation` (default false: every output without location)")

    public init() {}

    public func decodeParameters(_ json: Data) throws -> Parameters {
        let settings = try JobParametersDecoder.decode(Settings.self, from: json)
        let name = settings.name ?? "glint"
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard (1...64).contains(name.count), name.allSatisfy(allowed.contains), !name.hasPrefix(".") else {
            throw JobHandlerError.badParameters("\"name\" must be 1-64 letters, digits, '.', '_' or '-', not starting with '.'")
        }
        return Parameters(name: name, keepLocation: settings.keepLocation ?? false)
    }

    public func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let directory = context.outputDirectory
        let files: [ShareRenditions.Name: URL]
        if let motionPhoto = context.inputs["motionPhoto"]?.path {
            files = try await context.runBlocking("glint.job.renditions") { progress in
                progress(0.1, "renditions of the Motion Photo")
                return try ShareRenditions.make(
                    motionPhotoPath: motionPhoto, baseName: parameters.name, in: directory, keepLocation: parameters.keepLocation)
            }
        } else {
            let still = try context.input("still").path
            let movie = context.inputs["movie"]?.path
            files = try await context.runBlocking("glint.job.renditions") { progress in
                progress(0.1, "renditions of the still")
                return try ShareRenditions.make(
                    stillPath: still, moviePath: movie, baseName: parameters.name, in: directory, keepLocation: parameters.keepLocation)
            }
        }
        return Dictionary(uniqueKeysWithValues: files.map { ($0.key.rawValue, $0.value) })
    }
}
