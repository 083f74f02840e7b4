import Foundation
import FuzzSupport

@testable import GlintMedia

/// A Motion Photo (Google v1, legacy MicroVideo, Samsung trailer; JPEG or HEIC) as a runner reads
/// it to turn it into a Live Photo (`MotionPhotoToLivePhoto`): `MotionPhotoReader.read` locates
/// the embedded video and checks it as far as its first frame; the located bytes are copied out
/// (`extractVideo`) and must be the file's bytes at that offset; the still half is made
/// (`MotionPhotoStill`: the primary image without the video, with the content identifier in its
/// EXIF, which must read back) and the movie half written (`MotionPhotoMovie`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMotionPhotoReader(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let path = FuzzFile.shared(suffix: ".photo").write(bytes)
    guard let container = try? MotionPhotoReader.read(path: path, depth: .firstFrame) else { return 0 }
    FuzzUse.use(container)
    FuzzUse.keep(container.hasGainMap)
    FuzzUse.keep(container.gainMapLength)
    guard let photo = container.motionPhoto else { return 0 }
    MotionPhotoCheck.checkLocation(photo, in: bytes)
    MotionPhotoCheck.checkExtractedVideo(photo, from: path, in: bytes)
    MotionPhotoCheck.convert(photo, from: path)
    MotionPhotoCheck.checkTrailerCopy(photo, from: path)
    return 0
}

enum MotionPhotoCheck {
    static let identifier = ContentIdentifier("6E0C2D5F-1B3A-4F7E-9C8D-2A4B6C8E0F13")!
    /// Where the harness writes the video and the Live Photo halves (removed when it ends).
    static let videoPath = FuzzFile.shared(suffix: "-video.mp4").path
    static let moviePath = FuzzFile.shared(suffix: "-movie.mov").path

    /// The video lies inside the file, after the primary image.
    static func checkLocation(_ photo: MotionPhoto, in bytes: [UInt8]) {
        require(photo.primaryMime == "image/jpeg" || photo.primaryMime == "image/heic", "a primary image is JPEG or HEIC")
        require(
            photo.videoOffset >= 0 && photo.videoLength > 0 && photo.videoOffset <= Int64(bytes.count) - photo.videoLength,
            "the video (\(photo.videoLength) bytes at \(photo.videoOffset)) lies inside the \(bytes.count)-byte file")
        if let primary = photo.primaryLength {
            require(primary > 0 && primary <= Int64(bytes.count), "the primary image's length \(primary) is inside the file")
        }
        require(photo.video.width >= 0 && photo.video.height >= 0 && photo.video.frameCount >= 0, "the video's facts are not negative")
    }

    /// `extractVideo` copies exactly the located bytes.
    static func checkExtractedVideo(_ photo: MotionPhoto, from path: String, in bytes: [UInt8]) {
        do {
            try MotionPhotoReader.extractVideo(of: photo, from: path, to: videoPath)
        } catch {
            fatalError("the video the reader located cannot be copied out: \(error)")
        }
        guard let copied = FileManager.default.contents(atPath: videoPath) else { fatalError("the copied video cannot be read") }
        let range = Int(photo.videoOffset)..<Int(photo.videoOffset + photo.videoLength)
        require(copied.elementsEqual(bytes[range]), "the copied video is the file's bytes at the located offset")
    }

    /// The Live Photo halves, as `MotionPhotoToLivePhoto.convert` makes them.
    static func convert(_ photo: MotionPhoto, from path: String) {
        guard let still = try? MotionPhotoStill.make(photo, path: path, identifier: identifier) else { return }
        FuzzUse.keep(still.exif.orientation)
        require(still.exif.contentIdentifier == identifier, "the still's EXIF carries the identifier")
        if photo.primaryMime == "image/jpeg" {
            guard let jpeg = try? JPEGFile(parsing: still.bytes) else { fatalError("the Live Photo still does not parse") }
            require(jpeg.trailingBytes.isEmpty && jpeg.mpfPayload == nil, "the still carries no video and no MPF index")
            guard let tiff = jpeg.exifTIFF, let exif = try? ExifMetadata(tiff: tiff) else { fatalError("the still's EXIF does not parse") }
            require(exif.contentIdentifier == identifier, "the still's written EXIF carries the identifier")
        }
        guard let movie = try? MotionPhotoMovie.write(photo, in: path, identifier: identifier, exif: still.exif, to: moviePath) else { return }
        require(movie.stillTime.isFinite && movie.stillTime >= 0, "the still's time in the movie is a time")
        require(movie.frameCount == photo.video.frameCount, "the movie copies every video sample")
    }
}

extension MotionPhotoCheck {
    static let trailerPath = FuzzFile.shared(suffix: "-trailer.bin").path

    /// The Samsung trailer an edit carries (`SamsungTrailerCopy`), written again around a video
    /// and read back: the same kept blocks, then the video's block, holding the video (inline)
    /// or a record of it.
    static func checkTrailerCopy(_ photo: MotionPhoto, from path: String) {
        guard let file = try? RandomAccessFile(path: path), let copy = try? SamsungTrailerCopy.read(file, primaryMime: photo.primaryMime) else {
            return
        }
        let video: [UInt8] = Array("0123456789".utf8)
        let names = copy.blocks.map { String(decoding: $0.name, as: UTF8.self) } + [SamsungTrailer.motionPhotoName]
        guard let inline = try? copy.trailer(inlineVideoLength: Int64(video.count)) else { fatalError("a trailer read cannot be written again") }
        let withVideo = readBack([7, 7] + inline.before + video + inline.after)
        require(withVideo.blocks.map(\.name) == names, "the trailer written again lists the kept blocks, then the video's")
        require(withVideo.location == (Int64(2 + inline.before.count), Int64(video.count)), "the video block holds the video")
        guard let recorded = try? copy.trailer(record: (offset: 1, length: 3)) else { fatalError("a trailer with a record cannot be written") }
        let withRecord = readBack([7, 7, 7, 7] + recorded.after)
        require(withRecord.blocks.map(\.name) == names, "the trailer with a record lists the kept blocks, then the video's")
        require(withRecord.location == (1, 3), "the record reads back")
    }

    /// The trailer ending `bytes`: its blocks and where its video is.
    private static func readBack(_ bytes: [UInt8]) -> (blocks: [SamsungTrailer.Block], location: (Int64, Int64)) {
        FileManager.default.createFile(atPath: trailerPath, contents: Data(bytes))
        guard let file = try? RandomAccessFile(path: trailerPath), let blocks = try? SamsungTrailer.blocks(in: file),
            let video = blocks.last, let location = try? SamsungTrailer.videoLocation(of: video, in: file)
        else { fatalError("a trailer Glint wrote does not read back") }
        return (blocks, location)
    }
}

/// `precondition`, but its message is printed in an optimised build too (a fuzz finding's report).
private func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}
