import ArgumentParser
import Foundation
import GlintLivePhoto
import GlintMedia

/// `glint fixture`: generates a synthetic Live Photo pair with the project's own writers.
struct FixtureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixture",
        abstract: "Generate a synthetic Live Photo pair (JPEG or HEIC + QuickTime) for tests and demos."
    )

    @Option(help: "Directory to write NAME.jpg (or NAME.heic) and NAME.mov into.")
    var out: String

    /// The library's fixture defaults, which the flags' defaults are.
    private static let defaults = SyntheticLivePhoto.Options()

    @Option(help: "Base name of the files.")
    var name = "synthetic"

    @Option(help: "Displayed still size, WIDTHxHEIGHT.")
    var stillSize = "\(defaults.stillWidth)x\(defaults.stillHeight)"

    @Option(help: "Displayed frame size, WIDTHxHEIGHT.")
    var frameSize = "\(defaults.frameWidth)x\(defaults.frameHeight)"

    @Option(help: "Clockwise rotation of both halves (0, 90, 180, 270).")
    var rotation = defaults.rotation

    @Option(help: "Video codec: h264 or hevc.")
    var codec = defaults.codec

    @Option(help: "Still format: jpeg or heic.")
    var stillFormat = defaults.stillFormat.rawValue

    @Option(help: "Number of frames.")
    var frames = defaults.frameCount

    @Option(help: "A constant frame rate (frames per second, a divisor of 600); without it the rate varies near 26 fps, like an iPhone's.")
    var fps: Int?

    @Flag(inversion: .prefixedNo, help: "Include an LPCM audio track.")
    var audio = true

    @Option(help: "Identifier of both halves: a UUID, 'random', or 'none'.")
    var identifier = "random"

    @Flag(help: "Leave the still without a MakerNote identifier.")
    var stillWithoutIdentifier = false

    @Flag(help: "Leave the movie without an identifier.")
    var movieWithoutIdentifier = false

    @Option(help: "Colour space of both halves: srgb, or display-p3 (a Display P3 ICC profile in the still, P3 primaries in the movie's tags).")
    var colorSpace = "srgb"

    @Option(help: "An HDR gain map on the still, made from its luma: apple (JPEG or HEIC) or ultrahdr (JPEG).")
    var gainMap: String?

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    struct Document: Encodable {
        var still: String
        var movie: String
        var contentIdentifier: String?
    }

    func run() throws {
        do {
            var options = SyntheticLivePhoto.Options()
            (options.stillWidth, options.stillHeight) = try Self.size(stillSize)
            (options.frameWidth, options.frameHeight) = try Self.size(frameSize)
            options.rotation = rotation
            options.codec = codec
            options.frameCount = frames
            options.stillFrameIndex = frames / 2
            if let fps {
                guard fps > 0, 600 % fps == 0 else {
                    throw MediaError(.invalidArgument, "--fps must divide 600 (24, 25, 30, 60, ...), got \(fps)")
                }
                options.frameDurations = [Int64(600 / fps)]
            }
            options.audio = audio
            guard let space = SyntheticColourSpace(rawValue: colorSpace) else {
                throw MediaError(.invalidArgument, "unknown colour space \"\(colorSpace)\": use srgb or display-p3")
            }
            (options.stillColourSpace, options.movieColourSpace) = (space, space)
            guard let format = StillFormat(rawValue: stillFormat.lowercased()), format != .png else {
                throw MediaError(.invalidArgument, "unknown still format \"\(stillFormat)\": use jpeg or heic")
            }
            options.stillFormat = format
            if let gainMap {
                guard let kind = SyntheticGainMap(rawValue: gainMap.lowercased()) else {
                    throw MediaError(.invalidArgument, "unknown gain map \"\(gainMap)\": use apple or ultrahdr")
                }
                options.gainMap = kind
            }
            let id: ContentIdentifier? = identifier == "none" ? nil : identifier == "random" ? .random() : ContentIdentifier(identifier)
            options.stillIdentifier = stillWithoutIdentifier ? nil : id
            options.movieIdentifier = movieWithoutIdentifier ? nil : id
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let base = URL(fileURLWithPath: out).appendingPathComponent(name).path
            let stillPath = base + "." + format.fileExtension
            try SyntheticLivePhoto.write(options, stillPath: stillPath, moviePath: base + ".mov")
            let document = Document(still: stillPath, movie: base + ".mov", contentIdentifier: id?.rawValue)
            if json { CommandOutput.printJSON(document) } else { print("\(document.still)\n\(document.movie)") }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }

    static func size(_ text: String) throws -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (16...8192).contains($0) }) else {
            throw MediaError(.invalidArgument, "size must be WIDTHxHEIGHT between 16 and 8192, got \(text)")
        }
        return (parts[0], parts[1])
    }
}
