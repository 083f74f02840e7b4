import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Long Exposure effect", .suiteTimeLimit)
struct LongExposureTests {
    static let frameCount = 20

    /// A bright square crossing a still scene on a tripod: frames stay where they are, the
    /// background stays as it was, and the square's path becomes a blend of square and scene.
    @Test func movingObjectIsAveraged() throws {
        let directory = try TemporaryDirectory("glint-long-exposure")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.scene = EffectFixtures.movingObjectScene
            $0.audio = false
            $0.frameCount = Self.frameCount
        }
        let output = directory.file("long.jpg").path
        let result = try EffectRenderer.render(
            still: still, movie: movie, recipe: EditRecipe(), effect: .longExposure,
            format: .jpeg, destination: output)
        let report = try #require(result.longExposure)
        #expect(report.frameCount == Self.frameCount)
        #expect(report.shifts.allSatisfy { $0 == [0, 0] }, "a tripod shot moved: \(report.shifts)")
        #expect(result.width == 480 && result.height == 360, "\(result.width)x\(result.height)")

        let image = try JPEGDecoder.decode(try [UInt8](Data(contentsOf: URL(fileURLWithPath: output))))
        let background = EffectFixtures.texture(width: 480, height: 360)
        let first = try #require(try EffectFixtures.frames(of: movie).first).image
        // On the path (the middle row, where the square passes for about a sixth of the frames):
        // lighter than the scene, far from the square's colour.
        let y = 180
        var lifted = 0
        var checked = 0
        for x in stride(from: 90, to: 390, by: 5) where x % 12 > 2 && x % 12 < 10 {
            let p = image[x, y]
            let b = background[x, y]
            let scene = (Int(b.r) + Int(b.g) + Int(b.b)) / 3
            let got = (Int(p.r) + Int(p.g) + Int(p.b)) / 3
            let square = (Int(EffectFixtures.objectColour.0) + Int(EffectFixtures.objectColour.1) + Int(EffectFixtures.objectColour.2)) / 3
            checked += 1
            if got > scene + 15 && got < square - 25 { lifted += 1 }
        }
        #expect(lifted * 10 >= checked * 9, "\(lifted) of \(checked) path pixels are a blend")
        // Off the path the scene is as sharp as in any one frame: much closer to the first frame
        // than that frame is to itself moved by one pixel.
        let top = EffectFixtures.crop(image, x: 0, y: 0, width: 479, height: 100)
        let firstTop = EffectFixtures.crop(first, x: 0, y: 0, width: 479, height: 100)
        let moved = EffectFixtures.meanDeltaE(EffectFixtures.crop(first, x: 1, y: 0, width: 479, height: 100), firstTop)
        let error = EffectFixtures.meanDeltaE(top, firstTop)
        #expect(error < moved / 2, "ΔE \(error) against the first frame; moving it one pixel gives \(moved)")
    }

    /// A still scene filmed by a shaking camera with a known shift per frame: the shifts are
    /// found exactly, and the aligned average is as sharp as the unshaken reference frame, while
    /// the plain average of the same frames is blurred.
    @Test func shakeIsAlignedAway() throws {
        let directory = try TemporaryDirectory("glint-long-exposure")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.scene = EffectFixtures.shakenScene
            $0.audio = false
            $0.frameCount = Self.frameCount
        }
        let aligned = try EffectRenderer.render(
            still: still, movie: movie, recipe: EditRecipe(), effect: .longExposure,
            format: .jpeg, destination: directory.file("aligned.jpg").path)
        let report = try #require(aligned.longExposure)
        #expect(report.referenceFrameIndex == 10, "the still is frame 10")
        // Frame i shows the texture from the shake's offset: its content at (x + dx, y + dy) is
        // the reference's at (x, y) when (dx, dy) = reference offset - frame offset.
        let times = EffectFixtures.sceneTimes(frameCount: Self.frameCount)
        let reference = EffectFixtures.shake(at: times[10])
        let expectedShifts = times.map { t -> [Int] in
            let s = EffectFixtures.shake(at: t)
            return [reference.x - s.x, reference.y - s.y]
        }
        #expect(report.shifts == expectedShifts)
        let spanX = expectedShifts.map { $0[0] }.max()! - expectedShifts.map { $0[0] }.min()!
        let spanY = expectedShifts.map { $0[1] }.max()! - expectedShifts.map { $0[1] }.min()!
        #expect(report.cropWidth == 480 - spanX && report.cropHeight == 360 - spanY)

        // The reference frame as decoded, over the same area.
        let referenceFrame = try EffectFixtures.frames(of: movie)[10].image
        let truth = EffectFixtures.crop(referenceFrame, x: report.cropX, y: report.cropY, width: report.cropWidth, height: report.cropHeight)
        let sharp = try JPEGDecoder.decode(try [UInt8](Data(contentsOf: directory.file("aligned.jpg"))))
        #expect(sharp.width == report.cropWidth && sharp.height == report.cropHeight)
        let alignedError = EffectFixtures.meanDeltaE(sharp, truth)

        var options = EffectOptions()
        options.alignFrames = false
        let plain = try EffectRenderer.render(
            still: still, movie: movie, recipe: EditRecipe(), effect: .longExposure,
            format: .jpeg, destination: directory.file("plain.jpg").path, options: options)
        #expect(plain.longExposure?.shifts.allSatisfy { $0 == [0, 0] } == true)
        #expect(plain.width == 480 && plain.height == 360)
        let blurred = try JPEGDecoder.decode(try [UInt8](Data(contentsOf: directory.file("plain.jpg"))))
        let plainError = EffectFixtures.meanDeltaE(
            EffectFixtures.crop(blurred, x: report.cropX, y: report.cropY, width: report.cropWidth, height: report.cropHeight), truth)
        #expect(alignedError < 2, "aligned ΔE \(alignedError)")
        #expect(plainError > 4 * alignedError, "plain ΔE \(plainError), aligned ΔE \(alignedError)")
    }

    /// The real pair: a still at the frames' size, with the still's metadata but no Live Photo
    /// identifier and an upright orientation.
    @Test(.requires(.sharedFixtures, .exiftool))
    func realPairKeepsTheStillsMetadata() throws {
        let directory = try TemporaryDirectory("glint-long-exposure")
        defer { directory.remove() }
        let output = directory.file("train-long.jpg").path
        var options = EffectOptions()
        options.maxDimension = 640
        let result = try EffectRenderer.render(
            still: SharedFixtures.livePhotoStill, movie: SharedFixtures.livePhotoMovie,
            recipe: EditRecipe(), effect: .longExposure, format: .jpeg,
            destination: output, options: options)
        let report = try #require(result.longExposure)
        #expect(report.frameCount == 22)
        #expect(result.width <= 640 && result.width >= 560, "\(result.width)x\(result.height)")
        #expect(result.notes.contains { $0.contains("resolution") })
        let exif = try AnimationProbe.run(
            "exiftool",
            [
                "-j", "-n", "-Make", "-Model", "-GPSLatitude", "-Orientation",
                "-ContentIdentifier", "-MediaGroupUUID", "-ImageWidth", "-ImageHeight",
                "-ExifImageWidth", "-ProfileDescription", output,
            ])
        let tags = try #require((try JSONSerialization.jsonObject(with: exif.stdout) as? [[String: Any]])?.first)
        #expect(tags["Make"] as? String == "Apple")
        #expect(tags["GPSLatitude"] != nil)
        #expect(tags["Orientation"] as? Int == 1)
        #expect(tags["ContentIdentifier"] == nil && tags["MediaGroupUUID"] == nil, "\(tags)")
        #expect(tags["ProfileDescription"] == nil, "the still's ICC profile does not describe movie pixels")
        #expect(tags["ImageWidth"] as? Int == result.width && tags["ImageHeight"] as? Int == result.height)
        #expect(tags["ExifImageWidth"] as? Int == result.width)

        // Without the location.
        options.stripLocation = true
        let stripped = directory.file("train-nowhere.jpg").path
        _ = try EffectRenderer.render(
            still: SharedFixtures.livePhotoStill, movie: SharedFixtures.livePhotoMovie,
            recipe: EditRecipe(trim: TimeRange(start: 0, end: 0.3)), effect: .longExposure, format: .jpeg,
            destination: stripped, options: options)
        let nowhere = try AnimationProbe.run("exiftool", ["-j", "-Make", "-GPS:all", stripped])
        let strippedTags = try #require((try JSONSerialization.jsonObject(with: nowhere.stdout) as? [[String: Any]])?.first)
        #expect(strippedTags["Make"] as? String == "Apple")
        #expect(!strippedTags.keys.contains { $0.hasPrefix("GPS") }, "\(strippedTags)")
    }

    /// A HEIC still lends its metadata to the JPEG too.
    @Test(.requires(.exiftool))
    func heicStillLendsItsMetadata() throws {
        let directory = try TemporaryDirectory("glint-long-exposure")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.stillFormat = .heic
            $0.frameCount = 6
            $0.stillFrameIndex = 2
            $0.audio = false
        }
        #expect(still.hasSuffix(".heic"))
        let output = directory.file("long.jpg").path
        let result = try EffectRenderer.render(
            still: still, movie: movie, recipe: EditRecipe(), effect: .longExposure,
            format: .jpeg, destination: output)
        #expect(result.longExposure?.frameCount == 6)
        let exif = try AnimationProbe.run(
            "exiftool",
            [
                "-j", "-n", "-Make", "-Model", "-ContentIdentifier", "-MediaGroupUUID",
                "-FileType", output,
            ])
        let tags = try #require((try JSONSerialization.jsonObject(with: exif.stdout) as? [[String: Any]])?.first)
        #expect(tags["FileType"] as? String == "JPEG")
        #expect(tags["Make"] as? String == "Glint" && tags["Model"] as? String == "Synthetic Live Photo")
        #expect(tags["ContentIdentifier"] == nil && tags["MediaGroupUUID"] == nil, "\(tags)")
    }
}
