import Foundation
import GlintCore
import GlintMedia
import Logging

extension LivePhotoEditor {
    /// One pair being edited: the inputs read and checked against the recipe, and what the
    /// still's and the movie's edits share (identifier, timeline and sound plan, colour).
    struct PairEdit: Sendable {
        var stillPath: String
        var still: any StillImage
        var movie: QuickTimeMovie
        var recipe: EditRecipe
        var identifier: ContentIdentifier
        var identifierSource: IdentifierSource
        var plan: MovieEditPlan
        var colour: ColourPipeline
        var options: Options
        /// The options' logger, with the content identifier.
        var logger: Logger
        var started: Date

        /// Checks `recipe` and `options`, reads the pair and resolves its identifier, before any
        /// picture is decoded or anything written.
        /// - Throws: ``MediaError`` for a recipe or setting that cannot work, an input that cannot
        ///   be read, halves that are two different Live Photos, or a plan the movie refuses.
        init(stillPath: String, moviePath: String, recipe: EditRecipe, options: Options) throws {
            try recipe.validate()
            // Everything the recipe needs from other files (the LUT) is loaded and checked now,
            // before any picture is read or anything written.
            colour = try ColourPipeline(recipe: recipe)
            try options.encoding.validate()
            try StillEncoding(jpegQuality: options.jpegQuality, heic: options.heic).validate()
            still = try StillImageReader.read(path: stillPath)
            movie = try QuickTimeMovie(path: moviePath)
            (identifier, identifierSource) = try LivePhotoEditor.resolveIdentifier(still: still, movie: movie)
            // Trim, key photo and sound are checked against the movie before any work.
            plan = try MovieEditPlan(movie: movie, recipe: recipe)
            self.stillPath = stillPath
            self.recipe = recipe
            self.options = options
            logger = options.logger
            logger[metadataKey: "content-identifier"] = "\(identifier)"
            logger.debug("identifier resolved", metadata: ["source": "\(identifierSource.rawValue)"])
            started = options.clock.now()
        }

        /// Edits the still and writes the movie to `movieOut`; the still's bytes are returned, not
        /// written. The movie is removed again when the still fails.
        ///
        /// The still is edited on its own thread while the movie's decoder and encoder start and
        /// its first frames flow (the movie only needs the still's geometry, which its header
        /// gives); the frames then wait for the still (``FrameHold``), so that the two halves'
        /// largest buffers are not held at once.
        func editHalves(
            movieOut: String,
            progress: (Double, String) -> Void
        ) throws -> (still: StillEditor.Result, movie: MovieEditor.Result) {
            progress(0, "editing the still and the frames")
            let stillGeometry = StillEditor.geometry(of: still, recipe: recipe)
            let stillDone = Latch()
            let stillStage = StageThread(name: "glint.still") { [self] in
                defer { stillDone.open() }
                return try editStill()
            }
            let movieOutcome = Swift.Result {
                try MovieEditor.edit(
                    MovieEdit(
                        movie: movie, destination: movieOut, recipe: recipe, displayAspect: stillGeometry.displayAspect,
                        contentIdentifier: identifier, encoding: options.encoding, plan: plan, colour: colour,
                        hold: FrameHold(frames: LivePhotoEditor.framesAlongsideStill, latch: stillDone)
                    )
                ) { done, total in
                    progress(0.95 * Double(done) / Double(max(total, 1)), "frame \(done) of \(total)")
                }
            }
            let stillOutcome = Swift.Result { try stillStage.join() }
            do {
                let editedMovie = try movieOutcome.get()
                return (try stillOutcome.get(), editedMovie)
            } catch {
                if case .success = movieOutcome { try? FileManager.default.removeItem(atPath: movieOut) }
                throw error
            }
        }

        /// Edits the still (with the key photo the recipe picks, if any), on the still's thread.
        func editStill() throws -> StillEditor.Result {
            let keyPhoto = try KeyPhotoFrame.extract(from: movie, plan: plan.timeline, recipe: recipe)
            let edited = try StillEditor.edit(
                still, recipe: recipe, contentIdentifier: identifier,
                quality: options.jpegQuality, heic: options.heic, keyPhoto: keyPhoto, colour: colour)
            logger.debug(
                "still edited",
                metadata: [
                    "path": "\(stillPath)", "elapsed": "\(options.clock.elapsed(since: started))",
                    "size": "\(edited.geometry.outputWidth)x\(edited.geometry.outputHeight)",
                ])
            return edited
        }

        /// What was written, once both halves are.
        func result(
            stillPath stillOut: String, moviePath movieOut: String, still editedStill: StillEditor.Result,
            movie editedMovie: MovieEditor.Result
        ) -> LivePhotoEditor.Result {
            let timeline = plan.timeline
            return LivePhotoEditor.Result(
                stillPath: stillOut, moviePath: movieOut, contentIdentifier: identifier, identifierSource: identifierSource,
                stillWidth: editedStill.geometry.outputWidth, stillHeight: editedStill.geometry.outputHeight,
                movieWidth: editedMovie.geometry.outputWidth, movieHeight: editedMovie.geometry.outputHeight,
                frameCount: editedMovie.frameCount, stillImageTime: editedMovie.stillImageTime,
                createdMakerNote: editedStill.createdMakerNote, createdStillImageTimeTrack: editedMovie.createdStillImageTimeTrack,
                trim: timeline.trimReport(recipe),
                sourceStillImageTime: timeline.isTrimmed || editedStill.keyPhoto != nil ? timeline.sourceStillTime : nil,
                stillImageTimeMovedByTrim: timeline.stillTimeMovedByTrim, keyPhoto: editedStill.keyPhoto,
                sound: plan.audio.report(recipe), droppedTracks: editedMovie.droppedTracks, hdr: editedStill.hdr)
        }
    }
}
