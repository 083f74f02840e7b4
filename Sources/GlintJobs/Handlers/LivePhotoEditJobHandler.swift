import Foundation
import GlintLivePhoto
import GlintMedia
import GlintQueue

extension JobKind {
    /// Edits a Live Photo pair with a recipe (GlintLivePhoto).
    public static let livePhotoEdit: JobKind = "livephoto.edit"
}

/// `livephoto.edit`: one recipe on a Live Photo's still and every frame of its movie, written as
/// a pair that still pairs (`LivePhotoEditor`, as `glint edit` runs it).
///
/// Inputs: `still` (JPEG or HEIC) and `movie` (QuickTime); or `motionPhoto`; or `photo` (a JPEG,
/// HEIC or PNG without motion, edited as a Live Photo's still is); optional `lut` (an Adobe `.cube`
/// file, used as the recipe's LUT). Parameters: `recipe` (the JSON object `glint edit --recipe` takes;
/// its `lut` key cannot name a file, give the `lut` input instead), and optionally `codec`
/// (h264, hevc), `crf`, `preset`, `quality` (JPEG 1-100), `heicQuality` (1-100).
/// Outputs: `still` and `movie`; `motionPhoto`; or `photo`, after the input.
public struct LivePhotoEditJobHandler: JobHandler {
    public struct Parameters: Sendable {
        public var recipe: EditRecipe
        public var encoding: MovieEncoding
        public var jpegQuality: Int
        public var heicQuality: Int
    }

    /// The HEIC setting beside the recipe and the ``EncodingParameters``.
    struct HEICSettings: Decodable {
        var heicQuality: Int?
    }

    public let kind = JobKind.livePhotoEdit
    /// Decodes the pair with libheif, libjpeg-turbo and FFmpeg, frame by frame: at idle priority.
    public let isolation = JobIsolation.runner(.idle)
    public let requiredInputs: Set<String> = ["still", "movie"]
    public let acceptedInputs: [Set<String>] = [["still", "movie"], ["motionPhoto"], ["photo"]]
    /// A `.cube` LUT for the edit.
    public let optionalInputs: Set<String> = ["lut"]
    public let documentation = JobKindDocumentation(
        summary:
            "One recipe on a Live Photo's still and every frame of its movie, still paired; on a Motion Photo, kept in its flavour; or on a photo.",
        inputs: "`still` and `movie` (outputs `still`, `movie`), `motionPhoto` (output `motionPhoto`) or `photo` (output `photo`); optional `lut`",
        parameters: "`recipe`, `codec`, `crf`, `preset`, `quality`, `heicQuality`")

    public init() {}

    public func decodeParameters(_ json: Data) throws -> Parameters {
        let encoding = try JobParametersDecoder.decode(EncodingParameters.self, from: json)
        let heic = try JobParametersDecoder.decode(HEICSettings.self, from: json)
        guard let recipe = try Self.recipe(in: json) else { throw JobHandlerError.badParameters("\"recipe\" is missing") }
        let heicQuality = heic.heicQuality ?? HEICEncoder.Settings().quality
        try encoding.validate()
        guard (1...100).contains(heicQuality) else {
            throw JobHandlerError.badParameters("\"heicQuality\" must be in 1...100, got \(heicQuality)")
        }
        return Parameters(recipe: recipe, encoding: encoding.movieEncoding, jpegQuality: encoding.jpegQuality, heicQuality: heicQuality)
    }

    /// The `recipe` object parsed as `glint edit` parses it; nil when absent.
    static func recipe(in json: Data) throws -> EditRecipe? {
        guard let data = try JobParametersDecoder.rawObject("recipe", in: json) else { return nil }
        let recipe: EditRecipe
        do {
            recipe = try EditRecipe.parse(json: data)
        } catch let error as RecipeError {
            throw JobHandlerError.badParameters(error.description)
        }
        if recipe.lut != nil {
            throw JobHandlerError.badParameters("\"recipe.lut\" cannot name a file in a job: give the .cube file as the input 'lut'")
        }
        return recipe
    }

    public func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        var edit = parameters.recipe
        if let lut = context.inputs["lut"] { edit.lut = lut.path }
        let recipe = edit
        let options = LivePhotoEditor.Options(
            jpegQuality: parameters.jpegQuality, encoding: parameters.encoding, logger: context.logger,
            heic: HEICEncoder.Settings(quality: parameters.heicQuality, preset: parameters.encoding.preset))
        let directory = context.outputDirectory.path
        if let motionPhoto = context.inputs["motionPhoto"]?.path {
            // A Motion Photo's edit: one output in its own flavour.
            let result = try await context.runBlocking("glint.job.edit") { progress in
                try MotionPhotoEditor.edit(path: motionPhoto, recipe: recipe, outputDirectory: directory, options: options, progress: progress)
            }
            return ["motionPhoto": URL(fileURLWithPath: result.path)]
        }
        if let photo = context.inputs["photo"]?.path {
            // A photo's edit: one output in the input's format.
            let result = try await context.runBlocking("glint.job.edit") { _ in
                try PhotoEditor.edit(path: photo, recipe: recipe, outputDirectory: directory, options: options)
            }
            return ["photo": URL(fileURLWithPath: result.path)]
        }
        let still = try context.input("still").path
        let movie = try context.input("movie").path
        let result = try await context.runBlocking("glint.job.edit") { progress in
            try LivePhotoEditor.edit(
                stillPath: still, moviePath: movie, recipe: recipe, outputDirectory: directory,
                options: options, progress: progress)
        }
        return ["still": URL(fileURLWithPath: result.stillPath), "movie": URL(fileURLWithPath: result.moviePath)]
    }
}
