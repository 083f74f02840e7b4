import Foundation
import GlintMedia

/// One moving photo to export: a Live Photo pair, or a Motion Photo (one file holding the still
/// and its video), which is unpacked into a Live Photo first (``MotionPhotoToLivePhoto``).
public enum ExportSource: Sendable, Equatable {
    case livePhoto(LivePhoto)
    /// A Motion Photo, with what reading it found when it was read already (else it is read).
    case motionPhoto(path: String, read: MotionPhoto? = nil)

    /// The pair, for a Live Photo.
    public var livePhoto: LivePhoto? {
        if case .livePhoto(let pair) = self { return pair }
        return nil
    }

    /// A Live Photo pair given by its two paths (already known to pair).
    public static func pair(stillPath: String, moviePath: String) -> ExportSource {
        .livePhoto(LivePhoto(stillPath: stillPath, moviePath: moviePath, contentIdentifier: .random(), stillImageTime: nil))
    }

    /// The file, for a Motion Photo.
    public var motionPhotoPath: String? {
        if case .motionPhoto(let path, _) = self { return path }
        return nil
    }
}

extension Exporter {
    /// The moving photos among `paths`: stills and movies paired by content identifier (never by
    /// name), and Motion Photos that pair with no movie given, in the order given.
    /// - Throws: ``MediaError`` naming the first file that cannot be read, or that is neither a
    ///   Motion Photo nor half of a Live Photo among the files given, and why.
    public static func sources(in paths: [String]) throws -> [ExportSource] {
        // A Motion Photo's video is checked up to its first frame here; its samples are copied.
        let reports = paths.map { MediaInspector.inspect($0, depth: .firstFrame) }
        let pairing = LivePhotoPairing.pair(reports)
        var motionPhotos: [String: MotionPhoto] = [:]
        for unpaired in pairing.unpaired {
            let report = reports.first { $0.path == unpaired.path }
            if let error = report?.error {
                let prefix = unpaired.path + ": "
                throw MediaError(.unreadable, file: unpaired.path, error.hasPrefix(prefix) ? String(error.dropFirst(prefix.count)) : error)
            }
            guard let motionPhoto = report?.motionPhoto else {
                let what = report?.kind == .movie ? "" : "not a Motion Photo, and "
                throw MediaError(.invalidArgument, file: unpaired.path, "is \(what)not half of a Live Photo among the files given: \(unpaired.reason)")
            }
            motionPhotos[unpaired.path] = motionPhoto
        }
        var sources: [ExportSource] = []
        for path in paths {
            if let motionPhoto = motionPhotos.removeValue(forKey: path) {
                sources.append(.motionPhoto(path: path, read: motionPhoto))
            } else if let pair = pairing.livePhotos.first(where: { $0.stillPath == path }) {
                sources.append(.livePhoto(pair))
            }
        }
        guard !sources.isEmpty else { throw MediaError(.invalidArgument, "no Live Photo or Motion Photo among the files given") }
        return sources
    }

    /// Exports one moving photo as `format`.
    public static func export(
        _ source: ExportSource, as format: ExportFormat, options: ExportOptions, progress: (Double, String) -> Void = { _, _ in }
    ) throws -> ExportResult {
        switch source {
        case .livePhoto(let pair): try export(stillPath: pair.stillPath, moviePath: pair.moviePath, as: format, options: options, progress: progress)
        case .motionPhoto(let path, let read): try export(motionPhotoPath: path, read: read, as: format, options: options, progress: progress)
        }
    }

    /// Exports the Motion Photo at `path` as `format`: unpacked into a Live Photo in a staging
    /// folder of the output directory (nothing re-encoded), then exported as a Live Photo is.
    /// `--as pair` without a recipe is the unpacked Live Photo itself; `--as motion-photo` keeps
    /// the Motion Photo's container and codec unless the options name others
    /// (``ExportOptions/keepingForm(ofMotionPhotoWith:)``).
    /// - Parameter identifier: The content identifier of the Live Photo; else the options', else a fresh one.
    /// - Parameter read: The Motion Photo as read from `path` already, if it was.
    public static func export(
        motionPhotoPath path: String, read: MotionPhoto? = nil, as format: ExportFormat, options: ExportOptions,
        identifier: ContentIdentifier? = nil, progress: (Double, String) -> Void = { _, _ in }
    ) throws -> ExportResult {
        progress(0, "reading the Motion Photo")
        let photo = try read ?? MotionPhotoToLivePhoto.motionPhoto(at: path)
        let staging = try ExportJob.makeStagingDirectory(in: options.outputDirectory)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        progress(0.05, "unpacking the Motion Photo")
        let unpacked = try MotionPhotoToLivePhoto.unpack(photo, in: path, into: staging, identifier: identifier ?? options.livePhotoIdentifier)
        var result = try export(
            stillPath: unpacked.stillPath, moviePath: unpacked.moviePath, as: format,
            options: options.keepingForm(ofMotionPhotoWith: photo.primaryMime), protectedInputs: [path]
        ) { fraction, label in progress(0.1 + 0.9 * fraction, label) }
        result.stillPath = path
        result.moviePath = path
        result.notes += photo.warnings
        if format == .motionPhoto, let kept = keptFormNote(photo, options: options) { result.notes.append(kept) }
        if !unpacked.movie.stillTimeFromPhoto {
            result.notes.append("the Motion Photo gives no presentation timestamp: the key photo is the frame nearest the middle")
        }
        return result
    }

    /// Says so when a Motion Photo exported as one keeps a form that not every viewer plays (a
    /// HEIC container, motion other than H.264) because the options asked for none. (With a
    /// recipe the motion is edited, and encoded as ``ExportOptions/encoding`` says.)
    static func keptFormNote(_ photo: MotionPhoto, options: ExportOptions) -> String? {
        var kept: [String] = []
        if options.motionContainer == nil, MotionContainer(primaryMime: photo.primaryMime) == .heic { kept.append("its HEIC container") }
        if options.motionCodec == nil, options.recipe == nil, photo.video.codec != "h264" {
            kept.append("its \(photo.video.codec.uppercased()) motion")
        }
        guard !kept.isEmpty else { return nil }
        return "kept \(kept.joined(separator: " and ")) as the phone wrote them (--motion-container jpeg --motion-codec h264 convert them)"
    }
}
