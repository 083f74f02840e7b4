import ArgumentParser
import Foundation
import GlintGraphics
import GlintMedia

extension BadgeKind: ExpressibleByArgument {}
extension BadgeStyle: ExpressibleByArgument {}
extension BadgeCorner: ExpressibleByArgument {}

/// `glint badge`: puts AR or Live Photo badges on photos (JPEG, HEIC, PNG), or with `--check`
/// measures a badge already there.
struct BadgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "badge",
        abstract: "Put an AR or Live Photo badge on photos, or check one already there.",
        discussion: """
            Every image gets the badges in the same corner of the picture as displayed (EXIF \
            orientation applied), \(Int(BadgePlacement.heightFraction * 100))% of its shorter side \
            high (at least \(BadgePlacement.minimumHeight) px), with a clear space of 10% of that \
            height around each, from the edges and between badges (several --kind are stacked from \
            the corner). The full AR badge falls back to the glyph alone where it would not fit or \
            would span more than \(Int(BadgePlacement.maximumWidthFraction * 100))% of the width. \
            --artwork uses your own SVG (rendered with librsvg at the exact size) or PNG, unaltered; \
            the built-in drawings are Glint's own. Outputs keep the input's name, format and \
            metadata. --check finds the badge in an image and fails (exit 1) when its clear space \
            is under 10% of its height or no badge is found.
            """
    )

    @Argument(help: "The images: JPEG, HEIC or PNG.")
    var images: [String]

    @Option(name: .customLong("kind"), help: "The badge: ar, ar-glyph, live or live-off (repeat to stack several).")
    var kinds: [BadgeKind]

    @Option(help: "Built-in drawing: overlay (with a soft shadow) or solid.")
    var style: BadgeStyle?

    @Option(help: "top-left (the default, as Apple does), top-right, bottom-left or bottom-right.")
    var corner: BadgeCorner = .topLeft

    @Option(help: "Your badge artwork: an SVG or a PNG file (one --kind).")
    var artwork: String?

    @Option(help: "Directory for the badged images (created if missing).")
    var out: String?

    @Flag(help: "Measure the badge already in each image instead of adding one.")
    var check = false

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    func validate() throws {
        if !check && out == nil { throw ValidationError("--out is required (or --check to measure a badge)") }
        if check && out != nil { throw ValidationError("--check writes nothing: leave out --out") }
        if artwork != nil && style != nil {
            throw ValidationError("--style chooses a built-in drawing; --artwork is drawn as it is")
        }
    }

    func run() throws {
        do {
            let artwork = try artwork.map(BadgeArtwork.load(path:))
            let specification = try BadgeSpecification(kinds: kinds, style: style ?? .overlay, corner: corner, artwork: artwork)
            if check {
                try runCheck(specification)
            } else {
                try runBadge(specification, out: out ?? ".")
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }

    /// One badged image, as `--json` reports it.
    struct BadgedFile: Encodable {
        var input: String
        var output: String
        var format: BadgedImage.Format
        var corner: BadgeCorner
        var displayedWidth: Int
        var displayedHeight: Int
        var height: Int
        var clearSpace: Int
        var clearSpacePercent: Double
        var fellBackToGlyphOnly: Bool
        var badges: [BadgeLayout.Placed]
        var method: BadgeCompositingMethod

        init(input: String, output: String, badged: BadgedImage) {
            let layout = badged.layout
            (self.input, self.output, format, corner) = (input, output, badged.format, layout.corner)
            (displayedWidth, displayedHeight, height) = (layout.displayedWidth, layout.displayedHeight, layout.height)
            (clearSpace, clearSpacePercent) = (layout.clearSpace, (layout.clearSpacePercent * 100).rounded() / 100)
            fellBackToGlyphOnly = layout.badges.contains(where: \.fellBackToGlyphOnly)
            (badges, method) = (layout.badges, badged.method)
        }
    }

    /// Badges every image, staging each output, and commits them all only when every image
    /// succeeded (a failure leaves no output behind).
    private func runBadge(_ specification: BadgeSpecification, out: String) throws {
        let bar = ProgressBar(quiet: json)
        defer { bar.finish() }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw MediaError(.writeFailed, file: out, "cannot create the output directory")
        }
        var staged: [(AtomicFileWriter, BadgedFile)] = []
        for (index, image) in images.enumerated() {
            bar.update(Double(index) / Double(images.count), URL(fileURLWithPath: image).lastPathComponent)
            let output = try OutputPath.file(namedAfter: image, in: out, inputs: images)
            let badged = try BadgeCompositor.badge(path: image, specification: specification)
            let writer = try AtomicFileWriter(destination: output)
            try writer.write(badged.bytes)
            staged.append((writer, BadgedFile(input: image, output: output, badged: badged)))
        }
        for (writer, _) in staged { try writer.commit() }
        bar.update(1, "done")
        bar.finish()
        let files = staged.map(\.1)
        if json {
            CommandOutput.printJSON(files)
        } else {
            for file in files {
                let rects = file.badges.map { "\($0.kind) \($0.rect)" }.joined(separator: ", ")
                print(
                    "\(file.output)  \(file.corner): \(rects); clear space \(file.clearSpace) px "
                        + "(\(String(format: "%.1f", file.clearSpacePercent))%)\(file.fellBackToGlyphOnly ? ", glyph only (full badge does not fit)" : "")"
                        + "  [\(file.method.rawValue)]")
            }
        }
    }
}
