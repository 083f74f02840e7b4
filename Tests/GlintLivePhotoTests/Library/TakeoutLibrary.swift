import Foundation
import GlintMedia
import GlintTestSupport

@testable import GlintLivePhoto

/// A Google Takeout export as it arrives (layouts in `docs/motion-photo-layouts.md` §5), built from
/// synthetic pairs, in `Takeout/Google Photos`:
///
/// - `Photos from 2023/`: a Live Photo (`IMG_1.jpg` + `IMG_1.mov`, sidecar `IMG_1.jpg.json`); a
///   Pixel Motion Photo split in two (`PXL_1.MP.jpg`, whose XMP still points at a video that is
///   gone, + `PXL_1.MP`, sidecar `PXL_1.MP.jpg.supplemental-metadata.json`); a Samsung one split
///   in two (`20230601_123456_galaxy_s23.jpg` + `20230601_123456_galaxy_s23.mp4`, a QuickTime movie,
///   its sidecar's name clipped); a duplicate's plain
///   photo (`photo(1).jpg`, sidecar `photo.jpg(1).json`); a photo and a 12-second clip of the same
///   name (`long.jpg` + `long.mp4`: no Motion Photo);
/// - `Trip/`: the album's copies of the Live Photo and the Pixel halves, and its `metadata.json`;
/// - `../Other/`: `clip.jpg` + `clip.mp4` outside any Takeout folder (never joined).
struct TakeoutLibrary {
    let directory: TemporaryDirectory
    var root: String { directory.path + "/Takeout" }
    var year: String { root + "/Google Photos/Photos from 2023" }
    var album: String { root + "/Google Photos/Trip" }
    var other: String { root + "/Other" }
    var out: String { directory.path + "/out" }

    /// The sidecar every item has: 2023-06-01 12:34:56 UTC, at the Eiffel Tower (geoData), with
    /// geoDataExif (0, 0) as Takeout writes "none".
    static let sidecar = """
        {"title": "T", "photoTakenTime": {"timestamp": "1685622896", "formatted": "1 Jun 2023"},
         "geoData": {"latitude": 48.8584, "longitude": 2.2945, "altitude": 35.0, "latitudeSpan": 0.0},
         "geoDataExif": {"latitude": 0.0, "longitude": 0.0, "altitude": 0.0}, "creationTime": {"timestamp": "1700000000"}}
        """
    static let samsungSidecar = "20230601_123456_galaxy_s23.jpg.supplemental-metadata"

    init() throws {
        directory = try TemporaryDirectory("glint-takeout")
        let work = try directory.subdirectory("work")
        for folder in [year, album, other] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let (still, movie) = try PairFixtures.synthetic(in: work, name: "IMG_1", configure: Self.fresh)
        try move(still, to: year + "/IMG_1.jpg")
        try move(movie, to: year + "/IMG_1.mov")
        try writeSplitPixel(work: work)
        try writeLoose(work: work, name: "20230601_123456_galaxy_s23", into: year, seconds: nil)
        try writeLoose(work: work, name: "long", into: year, seconds: 12)
        try writeLoose(work: work, name: "clip", into: other, seconds: 2)
        let (photo, _) = try PairFixtures.synthetic(in: work, name: "photo", configure: Self.fresh)
        try move(photo, to: year + "/photo(1).jpg")
        for name in ["IMG_1.jpg.json", "PXL_1.MP.jpg.supplemental-metadata.json", "photo.jpg(1).json", "long.jpg.json"] {
            try write(Self.sidecar, to: year + "/" + name)
        }
        try write(Self.sidecar, to: year + "/" + TakeoutSidecars.clipped(Self.samsungSidecar) + ".json")
        for name in ["IMG_1.jpg", "IMG_1.mov", "PXL_1.MP.jpg", "PXL_1.MP", "IMG_1.jpg.json"] {
            try FileManager.default.copyItem(atPath: year + "/" + name, toPath: album + "/" + name)
        }
        try write("{\"title\": \"Trip\"}", to: album + "/metadata.json")
        try FileManager.default.removeItem(at: work)
    }

    /// A fresh content identifier for both halves.
    static func fresh(_ options: inout SyntheticLivePhoto.Options) {
        let identifier = ContentIdentifier.random()
        options.stillIdentifier = identifier
        options.movieIdentifier = identifier
    }

    /// A Motion Photo cut where its video starts: the still keeps its XMP, the video is `PXL_1.MP`.
    private func writeSplitPixel(work: URL) throws {
        let (still, movie) = try PairFixtures.synthetic(in: work, name: "PXL_1", configure: Self.fresh)
        let result = try Exporter.export(stillPath: still, moviePath: movie, as: .motionPhoto, options: ExportOptions(outputDirectory: work.path))
        let path = result.files[0].path
        let photo = try MotionPhotoToLivePhoto.motionPhoto(at: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(Int(photo.videoOffset)).write(to: URL(fileURLWithPath: year + "/PXL_1.MP.jpg"))
        try bytes.suffix(from: Int(photo.videoOffset)).write(to: URL(fileURLWithPath: year + "/PXL_1.MP"))
    }

    /// A still and a QuickTime movie named `NAME.mp4` that do not pair by identifier.
    private func writeLoose(work: URL, name: String, into folder: String, seconds: Int?) throws {
        let (still, movie) = try PairFixtures.synthetic(in: work, name: name) { options in
            options.stillIdentifier = nil
            options.movieIdentifier = nil
            if let seconds {
                options.frameCount = seconds
                options.frameDurations = Array(repeating: 600, count: seconds)
                options.stillFrameIndex = 0
                options.stillWidth = 960 + 4 * seconds  // Each still its own bytes.
            }
        }
        try move(still, to: folder + "/\(name).jpg")
        try move(movie, to: folder + "/\(name).mp4")
    }

    private func move(_ path: String, to destination: String) throws {
        try FileManager.default.moveItem(atPath: path, toPath: destination)
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
