import Foundation
import GlintMedia

/// Reads enough of a file to say what it is and what ties it to a Live Photo.
///
/// Inspection reads a still's metadata and a movie's `moov` only: pixels and media data stay on
/// disk. It never throws: a file that cannot be read gets a report whose ``MediaFileReport/error``
/// says why.
public enum MediaInspector {
    /// Inspects one file; a file that cannot be read gets a report whose `error` says why. A Motion
    /// Photo's video is decoded whole.
    @Sendable public static func inspect(_ path: String) -> MediaFileReport {
        inspect(path, depth: .everyFrame)
    }

    /// ``inspect(_:)``, a Motion Photo's video decoded to `depth`.
    public static func inspect(_ path: String, depth: MovieDecodeCheck.Depth) -> MediaFileReport {
        inspectKeepingError(path, depth: depth).report
    }

    /// ``inspect(_:depth:)``, with the error itself (naming the file) when the file could not be read.
    static func inspectKeepingError(_ path: String, depth: MovieDecodeCheck.Depth) -> (report: MediaFileReport, error: Error?) {
        var report = MediaFileReport(path: path, kind: .unknown, size: 0)
        do {
            try describe(&report, depth: depth)
            return (report, nil)
        } catch {
            let named: Error = (error as? MediaError)?.naming(path) ?? error
            report.error = (named as? MediaError)?.description ?? "\(path): \(error)"
            return (report, named)
        }
    }

    /// Fills in `report` for the file at its path, as far as the file can be read.
    static func describe(_ report: inout MediaFileReport, depth: MovieDecodeCheck.Depth) throws {
        let file = try RandomAccessFile(path: report.path)
        report.size = file.size
        guard file.size > 0 else { throw MediaError(.empty, file: file.path, "file is empty") }
        let head = try file.read(at: 0, count: Int(min(file.size, 32)))
        report.kind = kind(ofHead: head)
        switch report.kind {
        case .jpeg, .heic:
            let still = try StillImageReader.read(file: file)
            report.still = describe(still)
            report.still?.hdr = HDRGainMapInspection.report(still, file: file)
            // What the file holds besides its image: a Motion Photo video, an Ultra HDR gain map.
            if let jpeg = still as? JPEGStill {
                describeContainer(&report, try MotionPhotoReader.read(jpeg: jpeg.file, file: file, depth: depth))
            } else {
                describeContainer(&report, try MotionPhotoReader.read(heif: file, depth: depth))
            }
        case .png:
            // A plain still (it cannot hold a Motion Photo), whatever its name says.
            let header = try MediaError.naming(file.path) { try PNGHeader(head) }
            report.still = StillReport(
                width: header.width, height: header.height, orientation: 1, rotation: 0, mirrored: false,
                contentIdentifier: nil, hasAppleMakerNote: false, hasGPS: false, iccProfileBytes: nil,
                hasXMP: false)
        case .movie:
            report.movie = try describe(try QuickTimeMovie(file: file))
        case .unknown:
            throw MediaError(.unsupported, file: file.path, "not a JPEG, HEIC or PNG still or a QuickTime movie")
        }
    }

    /// Records a still's Motion Photo video and container directory.
    static func describeContainer(_ report: inout MediaFileReport, _ container: PhotoContainer) {
        report.motionPhoto = container.motionPhoto
        report.containerItems = container.directory.isEmpty ? nil : container.directory
    }

    /// Recognises a file from its first bytes.
    public static func kind(ofHead head: [UInt8]) -> MediaFileReport.Kind {
        switch MediaFileType(sniffing: head) {
        case .jpeg: .jpeg
        case .heic: .heic
        case .png: .png
        case .quickTime, .mp4: .movie
        case .avif, .gif, .webp, .zip, .json, nil: .unknown
        }
    }

    /// The facts about a still (JPEG or HEIC).
    public static func describe(_ still: any StillImage) -> StillReport {
        let orientation = still.orientation
        return StillReport(
            width: still.width, height: still.height,
            orientation: Int(orientation.rawValue), rotation: orientation.clockwiseDegrees, mirrored: orientation.isMirrored,
            contentIdentifier: still.exif?.contentIdentifier,
            hasAppleMakerNote: still.exif?.makerNote?.apple != nil,
            hasGPS: still.exif?.hasGPS ?? false,
            iccProfileBytes: still.iccProfile?.count,
            hasXMP: still.xmpPacket != nil,
            nclx: still.nclxProfile)
    }

    /// The facts about a movie.
    public static func describe(_ movie: QuickTimeMovie) throws -> MovieReport {
        guard let video = movie.videoTrack, let description = video.sampleDescriptions.first else {
            throw MediaError(.unsupported, file: movie.path, "movie has no video track")
        }
        let entry = try MediaError.naming(movie.path) { try VisualSampleEntry(description) }
        var clean: CleanApertureReport?
        if let aperture = entry.cleanAperture, aperture.width != Double(entry.width) || aperture.height != Double(entry.height) {
            clean = CleanApertureReport(width: aperture.width, height: aperture.height)
        }
        var audio: AudioReport?
        if let track = movie.audioTrack, let sound = track.sampleDescriptions.first {
            let entry = try MediaError.naming(movie.path) { try SoundSampleEntry(sound) }
            audio = AudioReport(
                format: sound.format.description, codec: audioCodecName(sound.format, entry),
                sampleRate: entry.sampleRate, channels: entry.channels,
                bitsPerSample: SoundSampleEntry.isLPCM(sound.format) ? entry.bitsPerSample : nil)
        }
        var keys: [String: String] = [:]
        for item in movie.metadata.items {
            if let value = item.stringValue { keys[item.key] = value }
        }
        return MovieReport(
            codec: codecName(description.format), width: entry.width, height: entry.height, cleanAperture: clean,
            rotation: video.matrix.orientation?.clockwiseDegrees ?? 0,
            frameCount: video.sampleTable.sampleCount, duration: movie.duration,
            stillImageTime: movie.stillImageTime, contentIdentifier: movie.contentIdentifier,
            audio: audio, keys: keys)
    }

    static func codecName(_ format: FourCC) -> String {
        switch format {
        case "avc1", "avc3": return "h264"
        case "hvc1", "hev1": return "hevc"
        default: return format.description.trimmingCharacters(in: .whitespaces)
        }
    }

    static func audioCodecName(_ format: FourCC, _ entry: SoundSampleEntry) -> String {
        guard SoundSampleEntry.isLPCM(format) else { return format == "mp4a" ? "AAC" : format.description }
        let kind = entry.isFloat ? "f" : "s"
        let endian = entry.bitsPerSample > 8 ? (entry.isLittleEndian ? "le" : "be") : ""
        return "LPCM \(kind)\(entry.bitsPerSample)\(endian)"
    }
}
