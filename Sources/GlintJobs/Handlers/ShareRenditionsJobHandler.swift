import Foundation
import GlintLivePhoto
import GlintMedia
import GlintQueue

extension JobKind {
    /// Makes what pages serve of a job's still and pair (GlintLivePhoto's ``ShareRenditions``).
    public static let shareRenditions: JobKind = "share.renditions"
}

/// `share.renditions`: the files a share page and the dashboard serve, made once by a follow-up
/// job so that no request does media work (``ShareRenditions``). `glint serve` submits one per
/// shared (or dashboard-listed) job, with that job's outputs as inputs.
///
/// Inputs: `still` (JPEG or HEIC), optional `movie` (its Live Photo pair). Parameter: `name`, the
/// base name of the pair's files inside the downloads (letters, digits, `.`, `_`, `-`; default
/// `glint`). Outputs: `thumbnail` (JPEG, 640 px on its long side at most), `display` (JPEG, 1280 px
/// at most), and with a movie `livephoto` (the pair, zipped) and `motionphoto` (a Motion Photo).
public struct ShareRenditionsJobHandler: JobHandler {
    public struct Parameters: Sendable {
        public var name: String
    }

    struct Settings: Decodable {
        var name: String?
    }

    public let kind = JobKind.shareRenditions
    public let requiredInputs: Set<String> = ["still"]
    public let acceptedInputs: [Set<String>] = [["still"], ["motionPhoto"]]
    public let documentation = JobKindDocumentation(
        summary:
            "A still's thumbnail and display-size picture, and with its movie the zipped pair and a Motion Photo, for pages; or all of them, and the movie, from a Motion Photo.",
        inputs: "`still`, optional `movie`; or `motionPhoto`", parameters: "`name` (base name of the files inside the downloads)")

    public init() {}

    public func decodeParameters(_ json: Data) throws -> Parameters {
        let name = try JobParametersDecoder.decode(Settings.self, from: json).name ?? "glint"
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard (1...64).contains(name.count), name.allSatisfy(allowed.contains), !name.hasPrefix(".") else {
            throw JobHandlerError.badParameters("\"name\" must be 1-64 letters, digits, '.', '_' or '-', not starting with '.'")
        }
        return Parameters(name: name)
    }

    public func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let directory = context.outputDirectory
        let files: [ShareRenditions.Name: URL]
        if let motionPhoto = context.inputs["motionPhoto"]?.path {
            files = try await context.runBlocking("glint.job.renditions") { progress in
                progress(0.1, "renditions of the Motion Photo")
                return try ShareRenditions.make(motionPhotoPath: motionPhoto, baseName: parameters.name, in: directory)
            }
        } else {
            let still = try context.input("still").path
            let movie = context.inputs["movie"]?.path
            files = try await context.runBlocking("glint.job.renditions") { progress in
                progress(0.1, "renditions of the still")
                return try ShareRenditions.make(stillPath: still, moviePath: movie, baseName: parameters.name, in: directory)
            }
        }
        return Dictionary(uniqueKeysWithValues: files.map { ($0.key.rawValue, $0.value) })
    }
}
