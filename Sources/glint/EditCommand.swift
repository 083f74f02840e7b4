import ArgumentParser
import Foundation
import GlintLivePhoto
import GlintMedia

/// `glint edit`: applies a recipe to a Live Photo's still and to every frame of its movie.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a Live Photo pair, a Motion Photo, a photo, or folders of them, and write the results into a directory.",
        discussion: """
            The recipe is JSON, given inline or as a file: exposure (EV), contrast, brightness, \
            highlights, shadows, saturation, vibrance, warmth, tint, vignette (each -1...1), \
            lut (an Adobe .cube file, relative to the recipe file) and lutIntensity (0...1), \
            outputColorSpace ("source", "srgb" or "display-p3"), \
            flip ("horizontal" or "vertical"), straighten (degrees, -45...45), \
            crop {x, y, width, height} (normalised, in display orientation), rotate (multiple of 90), \
            maxDimension, trim {start, end} (seconds), keyPhoto (seconds), volume (0...4), mute, \
            hdr ("keep" or "drop"). The pair keeps its content identifier. An HDR gain map (Apple, \
            Ultra HDR, ISO 21496-1) is kept in the still's own form, turned with the picture and \
            recomputed for a colour change, unless --sdr. A Motion Photo (one file: Google, MicroVideo, \
            Samsung JPEG or HEIC) is edited the same way and written under its own name in its own \
            flavour: a JPEG stays a JPEG, a HEIC a HEIC with an mpvd box, the motion keeps its codec. \
            A photo without motion (JPEG or HEIC) is edited as a Live Photo's still is, in its own \
            format (the recipe's motion keys do not apply). Folders, or more than one photo: every \
            item is edited under --out at its path below the folder given, as `glint export` does \
            for folders (-r, --jobs, --skip-existing).
            """
    )

    @Argument(
        help: "The still (JPEG or HEIC; the edited still keeps its format) then its movie (QuickTime .mov); a Motion Photo or a photo alone; or folders.")
    var paths: [String]

    @Option(help: "The recipe: a JSON object, or a file holding one.")
    var recipe: String

    @Option(help: "Directory for the edited pair (created if missing).")
    var out: String

    @Flag(help: "Drop HDR gain maps: write SDR-only stills (the recipe's \"hdr\": \"drop\"). Without it a gain map is kept in the input's form.")
    var sdr = false

    @Option(help: "Video codec: h264 (libx264) or hevc (libx265).")
    var codec = MovieEncoding.default.codec.description

    @Option(help: "Video quality as a constant rate factor (lower is better).")
    var crf = MovieEncoding.default.crf

    @Option(help: "Encoder preset, ultrafast ... veryslow (for the frames, and for a HEIC still's x265).")
    var preset = MovieEncoding.default.preset

    @Option(help: "JPEG quality of the still, 1-100.")
    var quality = JPEGEncoder.defaultQuality

    @Option(help: "HEIC quality of the still, 1-100 (x265 CRF = (100 - quality) / 2).")
    var heicQuality = HEICEncoder.Settings().quality

    @OptionGroup var library: LibraryArguments

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    /// Whether the paths are one Live Photo's still and movie, in that order: two files, the
    /// second not a photo (a broken movie is reported as the movie of the pair).
    var isOnePair: Bool {
        paths.count == 2 && !LibraryArguments.namesFolder(paths) && !Self.isPhoto(paths[1])
    }

    /// Whether the paths are a library: folders, or several photos.
    var isLibrary: Bool {
        LibraryArguments.namesFolder(paths) || (paths.count > 1 && !isOnePair)
    }

    static func isPhoto(_ path: String) -> Bool {
        guard let file = try? RandomAccessFile(path: path), file.size > 0, let head = try? file.read(at: 0, count: Int(min(file.size, 32))) else {
            return false
        }
        return [.jpeg, .heic, .png].contains(MediaInspector.kind(ofHead: head))
    }

    func run() throws {
        if isLibrary { return try runLibrary() }
        // An edit holds a few very large, short-lived buffers (the still, the encoders' frames):
        // keep each mapped on its own so that freeing the still does not grow the movie's heap.
        AllocatorPolicy.keepLargeBuffersMapped()
        let bar = ProgressBar(quiet: json)
        do {
            let recipe = try parsedRecipe()
            let options = editorOptions()
            guard isOnePair else {
                try editOne(paths[0], recipe: recipe, options: options, bar: bar)
                return
            }
            let result = try LivePhotoEditor.edit(
                stillPath: paths[0], moviePath: paths[1], recipe: recipe, outputDirectory: out,
                options: options, progress: bar.update)
            bar.finish()
            if json {
                CommandOutput.printJSON(result)
            } else {
                print("\(result.stillPath)  \(result.stillWidth)x\(result.stillHeight)")
                print(
                    "\(result.moviePath)  \(result.movieWidth)x\(result.movieHeight), \(result.frameCount) frames"
                        + (result.stillImageTime.map { String(format: ", still at %.3f s", $0) } ?? ""))
                print("content identifier \(result.contentIdentifier) (\(result.identifierSource.rawValue))")
                for line in Self.timeAndSoundLines(result) { print(line) }
            }
        } catch {
            bar.finish()
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }

    func editorOptions() -> LivePhotoEditor.Options {
        LivePhotoEditor.Options(
            jpegQuality: quality, encoding: MovieEncoding(codec: codec, crf: crf, preset: preset),
            heic: HEICEncoder.Settings(quality: heicQuality, preset: preset))
    }

    /// One file: a Motion Photo, or a photo without motion.
    func editOne(_ path: String, recipe: EditRecipe, options: LivePhotoEditor.Options, bar: ProgressBar) throws {
        guard try MotionPhotoReader.read(path: path, depth: .firstFrame).motionPhoto == nil else {
            let result = try MotionPhotoEditor.edit(path: path, recipe: recipe, outputDirectory: out, options: options, progress: bar.update)
            bar.finish()
            printMotionPhoto(result)
            return
        }
        let result = try PhotoEditor.edit(path: path, recipe: recipe, outputDirectory: out, options: options)
        bar.finish()
        if json {
            CommandOutput.printJSON(result)
        } else {
            print("\(result.path)  \(result.width)x\(result.height)")
            for note in PhotoEditor.notes(result) { print("note: \(note)") }
        }
    }

    /// Folders or several photos: every item edited under `--out`, the folders' tree mirrored.
    func runLibrary() throws {
        AllocatorPolicy.keepLargeBuffersMapped()
        let recipe: EditRecipe
        do {
            recipe = try parsedRecipe()
            try recipe.validate()
            _ = try ColourPipeline(recipe: recipe)
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
        let options = editorOptions()
        let converter = LibraryRun.Converter(
            names: LibraryConversion.editNames,
            convert: { item, folder in try LibraryConversion.edit(item, recipe: recipe, options: options, into: folder) })
        try library.run(paths, out: out, json: json, converter: converter)
    }

    /// What the edit did to the timeline and the sound, for people.
    func printMotionPhoto(_ result: MotionPhotoEditor.Result) {
        if json {
            CommandOutput.printJSON(result)
            return
        }
        let edit = result.edit
        print("\(result.path)  \(edit.stillWidth)x\(edit.stillHeight), motion \(edit.movieWidth)x\(edit.movieHeight), \(edit.frameCount) frames")
        print(String(format: "motion photo (%@), still at %.3f s", result.output.phrase, Double(result.presentationTimestampUs) / 1e6))
        if let placement = result.samsungTrailer { print("Samsung trailer written again (\(placement.rawValue)), its other blocks kept") }
        for line in Self.timeAndSoundLines(edit) { print(line) }
    }

    static func timeAndSoundLines(_ result: LivePhotoEditor.Result) -> [String] {
        var lines: [String] = []
        if let trim = result.trim {
            lines.append(
                String(
                    format: "trimmed to %.3f-%.3f s of the source (%.3f s, %d frames kept, %d dropped)",
                    trim.start, trim.end, trim.duration, trim.keptFrames, trim.droppedFrames))
        }
        if result.stillImageTimeMovedByTrim, let source = result.sourceStillImageTime {
            lines.append(String(format: "the still time (%.3f s) was outside the trim: moved to the nearest kept frame", source))
        }
        if let key = result.keyPhoto {
            lines.append(
                String(
                    format: "key photo: frame at %.3f s (%dx%d) %@ to %dx%d (%@)", key.frameTime, key.frameWidth, key.frameHeight,
                    key.upscaled ? "enlarged" : "scaled", key.width, key.height, key.filter))
        }
        if let sound = result.sound, sound.rewritten {
            lines.append(sound.muted ? "sound muted" : String(format: "sound gain %.2f", sound.gain) + (sound.trimmed ? ", cut to the trim" : ""))
        }
        for track in result.droppedTracks { lines.append("dropped \(track)") }
        if let hdr = result.hdr { lines.append(hdr.line) }
        return lines
    }

    /// The recipe given, with `--sdr` applied.
    func parsedRecipe() throws -> EditRecipe {
        let (data, folder) = try Self.loadRecipe(recipe)
        var parsed = try EditRecipe.parse(json: data, baseDirectory: folder)
        if sdr { parsed.hdr = .drop }
        return parsed
    }

    /// The recipe's bytes (given inline or as a file) and the folder its relative paths are
    /// resolved against.
    static func loadRecipe(_ recipe: String) throws -> (Data, String) {
        let trimmed = recipe.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{") { return (Data(trimmed.utf8), FileManager.default.currentDirectoryPath) }
        guard let data = FileManager.default.contents(atPath: recipe) else {
            throw MediaError(.notFound, file: recipe, "recipe file not found (give a JSON object or a file)")
        }
        return (data, URL(fileURLWithPath: recipe).deletingLastPathComponent().path)
    }
}
