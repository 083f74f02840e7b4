import ArgumentParser
import Foundation
import GlintLivePhoto
import GlintMedia

/// `glint inspect`: what each file is, and which ones form Live Photos.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Describe stills and movies and find the Live Photos among them.",
        discussion: "Files pair when they carry the same content identifier; names are never enough. Exits with status 1 when a file cannot be read."
    )

    @Argument(help: "Stills and movies to inspect.")
    var paths: [String]

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    struct Document: Encodable {
        var files: [MediaFileReport]
        var livePhotos: [LivePhoto]
        var unpaired: [UnpairedFile]
    }

    func run() throws {
        let reports = paths.map(MediaInspector.inspect)
        let pairing = LivePhotoPairing.pair(reports)
        if json {
            CommandOutput.printJSON(Document(files: reports, livePhotos: pairing.livePhotos, unpaired: pairing.unpaired))
        } else {
            for report in reports { print(InspectionText.describe(report)) }
            print("")
            print(pairing.livePhotos.isEmpty ? "No Live Photos." : "Live Photos:")
            for photo in pairing.livePhotos { print("  " + InspectionText.describe(photo)) }
            if !pairing.unpaired.isEmpty {
                print("Unpaired:")
                for file in pairing.unpaired { print("  \(file.path): \(file.reason)") }
            }
        }
        let failures = reports.filter { $0.error != nil }
        for failure in failures where json { CommandOutput.printError("glint: " + failure.error!) }
        if !failures.isEmpty { throw ExitCode(1) }
    }
}

/// Human-readable lines for inspection results.
enum InspectionText {
    static func describe(_ report: MediaFileReport) -> String {
        var parts = [report.path, report.kind.rawValue, byteCount(report.size)]
        if let error = report.error { return (parts + ["error: \(error)"]).joined(separator: "  ") }
        if let still = report.still {
            parts.append("\(still.width)x\(still.height)")
            parts.append("orientation \(still.orientation) (\(still.rotation)°\(still.mirrored ? ", mirrored" : ""))")
            parts.append("identifier \(still.contentIdentifier?.rawValue ?? "none")")
            if still.hasGPS { parts.append("GPS") }
            if let icc = still.iccProfileBytes { parts.append("ICC \(icc) B") }
            if let nclx = still.nclx {
                parts.append("nclx \(nclx.primaries)/\(nclx.transfer)/\(nclx.matrix) \(nclx.fullRange ? "full" : "video") range")
            }
        }
        if let photo = report.motionPhoto {
            parts.append(MotionPhotoText.describe(photo))
        } else if let items = report.containerItems, items.contains(where: { $0.semantic == ContainerItem.gainMapSemantic }) {
            parts.append(MotionPhotoText.describeStillContainer(items))
        }
        if let movie = report.movie {
            var size = "\(movie.codec) \(movie.width)x\(movie.height)"
            if let clean = movie.cleanAperture { size += " (clean \(Int(clean.width))x\(Int(clean.height)))" }
            parts.append(size)
            parts.append("rotation \(movie.rotation)°")
            parts.append("\(movie.frameCount) frames")
            parts.append(String(format: "%.3f s", movie.duration))
            parts.append(movie.stillImageTime.map { String(format: "still at %.3f s", $0) } ?? "no still time")
            if let audio = movie.audio {
                let channels = audio.channels == 1 ? "mono" : audio.channels == 2 ? "stereo" : "\(audio.channels) ch"
                parts.append("audio \(audio.codec) \(channels) \(Int(audio.sampleRate)) Hz")
            } else {
                parts.append("no audio")
            }
            parts.append("identifier \(movie.contentIdentifier?.rawValue ?? "none")")
        }
        return parts.joined(separator: "  ")
    }

    static func describe(_ photo: LivePhoto) -> String {
        var line = "\(photo.contentIdentifier): \(photo.stillPath) + \(photo.moviePath)"
        if let time = photo.stillImageTime { line += String(format: ", still at %.3f s", time) }
        for warning in photo.warnings { line += " (warning: \(warning))" }
        return line
    }

    static func byteCount(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : String(format: "%.1f KB", Double(bytes) / 1024)
    }
}
