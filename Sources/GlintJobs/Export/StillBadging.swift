import Foundation
public import GlintGraphics
import GlintLivePhoto
import GlintMedia

/// A Live Photo badge put on an exported still, as `glint export --json` reports it.
public struct BadgedStill: Encodable, Sendable {
    /// The badged file.
    public var file: String
    /// Always true: the badge is on the file.
    public var applied: Bool
    /// The badge drawn.
    public var kind: BadgeKind
    /// The corner it is in.
    public var corner: BadgeCorner
    /// The built-in drawing used.
    public var style: BadgeStyle
    /// The badge's height in pixels.
    public var height: Int
    /// The clear space around it in pixels.
    public var clearSpace: Int
    /// Where each badge went.
    public var badges: [BadgeLayout.Placed]
    /// How the badge was composited into the file.
    public var method: BadgeCompositingMethod
}

/// Exports into a hidden staging folder inside the output directory, badges every still there,
/// and commits the badged stills (atomically) into the output directory: a failure leaves no
/// unbadged still behind under a final name.
struct StillBadging {
    let specification: BadgeSpecification
    let outputDirectory: String
    /// The files exported, which an output may not overwrite.
    let inputs: [String]

    /// Runs `export` into a staging folder, badges every still it wrote, and commits them into
    /// the output directory.
    /// - Returns: The export results with their paths and sizes moved to the final files, and
    ///   what was badged.
    func run(_ export: (String) throws -> [ExportResult]) throws -> ([ExportResult], [BadgedStill]) {
        let staging = try makeStagingFolder()
        defer { try? FileManager.default.removeItem(atPath: staging) }
        var results = try export(staging)
        var writers: [AtomicFileWriter] = []
        var applied: [BadgedStill] = []
        for r in results.indices {
            for f in results[r].files.indices where results[r].files[f].kind == .still {
                let final = try OutputPath.file(namedAfter: results[r].files[f].path, in: outputDirectory, inputs: inputs)
                let badged = try BadgeCompositor.badge(path: results[r].files[f].path, specification: specification)
                let writer = try AtomicFileWriter(destination: final)
                try writer.write(badged.bytes)
                writers.append(writer)
                results[r].files[f].path = final
                results[r].files[f].size = Int64(badged.bytes.count)
                applied.append(
                    BadgedStill(
                        file: final, applied: true, kind: specification.kinds[0], corner: specification.corner,
                        style: specification.style, height: badged.layout.height,
                        clearSpace: badged.layout.clearSpace, badges: badged.layout.badges, method: badged.method))
            }
        }
        for writer in writers { try writer.commit() }
        return (results, applied)
    }

    /// Creates the output directory and a hidden, uniquely named staging folder inside it.
    private func makeStagingFolder() throws -> String {
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
        return staging
    }
}
