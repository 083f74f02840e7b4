import ArgumentParser
import Foundation
import GlintLivePhoto
import GlintMedia

/// `glint inspect`: what each file is, and which ones form Live Photos.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Describe stills and movies, in files or folders, and find the Live Photos among them.",
        discussion: """
            Files pair when they carry the same content identifier, across every file and folder \
            given; names are never enough. In a folder, media files are taken by extension or by \
            content, hidden files and folders are skipped, and other files (a Takeout .json) are \
            listed as ignored. Exits with status 1 when a file cannot be read.
            """
    )

    @Argument(help: "Stills, movies and folders to inspect.")
    var paths: [String]

    @OptionGroup var folders: FolderArguments

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    func run() throws {
        let bar = ProgressBar(quiet: json)
        let inspection: LibraryInspection
        do {
            inspection = try LibraryInspection.inspect(
                paths, options: LibraryScan.Options(recursive: folders.recursive), jobs: folders.jobs,
                progress: { done, total in bar.update(Double(done) / Double(total), "\(done) of \(total) files") })
            bar.finish()
        } catch {
            bar.finish()
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
        if json {
            CommandOutput.printJSON(inspection)
        } else {
            printText(inspection)
        }
        let failures = inspection.files.filter { $0.error != nil }
        for failure in failures where json { CommandOutput.printError("glint: " + failure.error!) }
        if !failures.isEmpty { throw ExitCode(1) }
    }

    func printText(_ inspection: LibraryInspection) {
        for report in inspection.files { print(InspectionText.describe(report)) }
        print("")
        print(inspection.livePhotos.isEmpty ? "No Live Photos." : "Live Photos:")
        for photo in inspection.livePhotos { print("  " + InspectionText.describe(photo)) }
        if !inspection.motionPhotos.isEmpty {
            print("Motion Photos (whole on their own): \(inspection.motionPhotos.count)")
        }
        if !inspection.unpaired.isEmpty {
            print("Unpaired:")
            for file in inspection.unpaired { print("  \(file.path): \(file.reason)") }
        }
        if !inspection.ignored.isEmpty {
            print("Ignored (not media): \(inspection.ignored.count) file(s)")
        }
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
            if let hdr = still.hdr { parts.append(describe(hdr)) }
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

    /// `HDR apple 1.0 + iso21496, map 2016x1512x1, headroom 5.98 (makerNote)`, then any warnings.
    static func describe(_ hdr: HDRGainMapReport) -> String {
        var text = "HDR " + (hdr.forms.isEmpty ? "(unreadable)" : hdr.forms.map(\.rawValue).joined(separator: " + "))
        if let version = hdr.appleVersion ?? hdr.ultraHDRVersion { text += " \(version)" }
        if let width = hdr.mapWidth, let height = hdr.mapHeight { text += ", map \(width)x\(height)x\(hdr.mapChannels ?? 0)" }
        if let headroom = hdr.headroom { text += String(format: ", headroom %.2f", headroom) + " (\(hdr.headroomSource?.rawValue ?? "?"))" }
        for warning in hdr.warnings { text += " (warning: \(warning))" }
        return text
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
