import ArgumentParser
import Foundation
import GlintGraphics
import GlintLivePhoto
import GlintMedia

/// `glint export --as still --badge live|live-off`: the traditional photo with the Live Photo
/// badge. GlintLivePhoto knows nothing of badges, so the command composes the two: the still is
/// exported into a hidden staging folder inside the output directory, badged there through
/// GlintGraphics, and only the badged file is committed (atomically) under its final name.
struct StillBadging {
    /// What was badged, for `--json`.
    struct Applied: Encodable {
        var file: String
        var applied: Bool
        var kind: BadgeKind
        var corner: BadgeCorner
        var style: BadgeStyle
        var height: Int
        var clearSpace: Int
        var badges: [BadgeLayout.Placed]
        var method: BadgeCompositingMethod
    }

    let specification: BadgeSpecification
    let outputDirectory: String
    /// The files exported, which an output may not overwrite.
    let inputs: [String]

    /// Checks the options: only a plain `--as still` export takes a badge, and only a Live Photo one.
    static func validate(kind: BadgeKind, format: ExportFormat, effect: Effect?) throws {
        guard format == .still, effect == nil else {
            throw ValidationError("--badge applies to --as still without an effect")
        }
        guard kind == .live || kind == .liveOff else {
            throw ValidationError("--badge takes live or live-off (the Live Photo badges)")
        }
    }

    /// Runs `export` into a staging folder, badges every still it wrote, and commits them into
    /// the output directory.
    /// - Returns: The export results with their paths and sizes moved to the final files, and
    ///   what was badged.
    func run(_ export: (String) throws -> [ExportResult]) throws -> ([ExportResult], [Applied]) {
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw MediaError(.writeFailed, file: outputDirectory, "cannot create the output directory")
        }
        let staging = URL(fileURLWithPath: outputDirectory).appendingPathComponent(".glint-badge-" + UUID().uuidString.prefix(8)).path
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw MediaError(.writeFailed, file: outputDirectory, "cannot create a staging folder in the output directory")
        }
        defer { try? FileManager.default.removeItem(atPath: staging) }
        var results = try export(staging)
        var writers: [AtomicFileWriter] = []
        var applied: [Applied] = []
        for r in results.indices {
            for f in results[r].files.indices where results[r].files[f].kind == .still {
                let staged = results[r].files[f].path
                let final = try BadgeCommand.outputPath(for: staged, in: outputDirectory, inputs: inputs)
                let badged = try BadgeCompositor.badge(path: staged, specification: specification)
                let writer = try AtomicFileWriter(destination: final)
                try writer.write(badged.bytes)
                writers.append(writer)
                results[r].files[f].path = final
                results[r].files[f].size = Int64(badged.bytes.count)
                applied.append(Applied(file: final, applied: true, kind: specification.kinds[0], corner: specification.corner,
                                       style: specification.style, height: badged.layout.height, clearSpace: badged.layout.clearSpace,
                                       badges: badged.layout.badges, method: badged.method))
            }
        }
        for writer in writers { try writer.commit() }
        return (results, applied)
    }
}
