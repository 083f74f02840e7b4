import ArgumentParser
import Foundation
import GlintGraphics
import GlintMedia

/// `glint rings`: draws one person's Activity Rings to a PNG (or JPEG), to Apple's rules.
struct RingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rings",
        abstract: "Draw Activity Rings (Move, Exercise, Stand) to a PNG or JPEG.",
        discussion: """
            Progress is a fraction (0.75), a percentage (75%) or value/goal (420/600); above 1 the \
            ring overlaps itself. The colours, track, gradients, thickness, gap and margin follow \
            Apple's Human Interface Guidelines and cannot be changed; a request that would break a \
            rule is refused, or corrected and reported (with --json, under "corrections").
            """
    )

    @Option(parsing: .unconditional, help: "Move progress (outer ring): 0.75, 75% or 420/600.")
    var move: String

    @Option(parsing: .unconditional, help: "Exercise progress (middle ring).")
    var exercise: String

    @Option(parsing: .unconditional, help: "Stand progress (inner ring).")
    var stand: String

    @Option(help: "Canvas side in pixels, \(RingGeometry.sizeRange.lowerBound)...\(RingGeometry.sizeRange.upperBound).")
    var size = ActivityRingsRequest.defaultSize

    @Option(help: "Pixels per point, 1, 2 or 3 (the gap between rings is defined in points).")
    var scale = 1

    @Option(help: "Canvas shape: square (opaque black) or circle (corners rounded to a circle, transparent outside).")
    var shape = "square"

    @Option(help: "Outer margin per side as a fraction of the side (widened to the spec's minimum, the gap, if smaller).")
    var margin = RingGeometry.defaultMarginFraction

    @Option(help: "Output file (.png, or .jpg/.jpeg); - writes it to standard output (PNG unless --format says otherwise).")
    var out: String

    @Option(help: "Output format, png or jpeg (default: from the file extension, else png).")
    var format: String?

    @Flag(help: "Compress the PNG with libpng's default settings (about 12% smaller, several times slower) instead of its fast mode.")
    var compact = false

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    @Option(help: .hidden) var repeatCount = 1
    @Flag(help: .hidden) var timing = false

    // Colour overrides exist only to be refused with the rule they would break.
    @Option(name: [.customLong("color"), .customLong("colour")], help: .hidden) var colour: String?
    @Option(name: [.customLong("move-color"), .customLong("move-colour")], help: .hidden) var moveColour: String?
    @Option(name: [.customLong("exercise-color"), .customLong("exercise-colour")], help: .hidden) var exerciseColour: String?
    @Option(name: [.customLong("stand-color"), .customLong("stand-colour")], help: .hidden) var standColour: String?
    @Option(name: [.customLong("track-color"), .customLong("track-colour")], help: .hidden) var trackColour: String?
    @Option(name: .customLong("tint"), help: .hidden) var tint: String?
    @Option(name: .customLong("opacity"), help: .hidden) var opacity: String?

    func run() throws {
        do {
            try refuseColourOverrides()
            let request = try makeRequest()
            let format = try outputFormat()
            let file = try ActivityRingsFile(request: request, format: format, path: out, pngCompression: compact ? .standard : .fast)
            var clock = RingsTiming(enabled: timing)
            var written = try file.write { clock.lap($0) }
            for _ in 1..<max(repeatCount, 1) { written = try file.write { clock.lap($0) } }
            clock.report(rounds: max(repeatCount, 1))
            let rendered = written.rendered
            let document = RingsDocument(rendered, path: out, format: format, bytes: written.bytes)
            CommandOutput.report(document, lines: [out] + rendered.corrections.map { "corrected: \($0)" }, json: json, out: out)
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }

    private func refuseColourOverrides() throws {
        let given: [(String, String?)] = [
            ("--color", colour), ("--move-color", moveColour), ("--exercise-color", exerciseColour),
            ("--stand-color", standColour), ("--track-color", trackColour), ("--tint", tint), ("--opacity", opacity),
        ]
        if let (flag, _) = given.first(where: { $0.1 != nil }) {
            throw RingsError.colourOverride(flag)
        }
    }

    private func makeRequest() throws -> ActivityRingsRequest {
        guard let shape = RingCanvasShape(rawValue: shape.lowercased()) else {
            throw MediaError(.invalidArgument, "unknown shape \"\(shape)\": use square or circle")
        }
        return try ActivityRingsRequest(
            parsingMove: move, exercise: exercise, stand: stand, size: size, scale: scale, shape: shape,
            marginFraction: margin)
    }

    private func outputFormat() throws -> RingsOutputFormat {
        if let format {
            guard let named = RingsOutputFormat(name: format) else {
                throw MediaError(.invalidArgument, "unknown format \"\(format)\": use png or jpeg")
            }
            return named
        }
        return RingsOutputFormat.inferred(from: out) ?? .png
    }
}
