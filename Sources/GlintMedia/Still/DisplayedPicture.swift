/// A picture as a viewer shows it: an image file (JPEG, HEIC or PNG) with its EXIF orientation or
/// container transforms applied, or a Live Photo's still or one of its movie frames, the track
/// matrix and the movie's clean aperture applied, the frame chosen by presentation time through
/// the edit list.
public enum DisplayedPicture {
    /// Largest PNG file accepted by ``decode(path:limits:)``.
    public static let maximumFileSize: Int64 = 512 << 20

    /// Decodes an image file (JPEG, HEIC or PNG, recognised from its content) to RGB at its full
    /// size as it is displayed: a JPEG's EXIF orientation applied, a HEIC's container transforms
    /// applied by libheif, a PNG flattened onto black.
    /// - Throws: ``MediaError``: `.empty`, `.unsupported` for anything but JPEG, HEIC or PNG, and
    ///   whatever the format's reader finds wrong.
    public static func decode(path: String, limits: ImageLimits = .default) throws -> RGBImage {
        let file = try RandomAccessFile(path: path)
        guard file.size > 0 else { throw MediaError(.empty, "file is empty") }
        let head = try file.read(at: 0, count: Int(min(file.size, 16)))
        if head.starts(with: PNGHeader.signature) {
            let image = try PNGDecoder.decode(try file.readAll(limit: maximumFileSize), file: path, limits: limits)
            var rgb = RGBImage(width: image.width, height: image.height)
            rgb.blend(image, x: 0, y: 0)
            return rgb
        }
        guard StillFormat(sniffing: head) != nil else { throw MediaError(.unsupported, "not a JPEG, HEIC or PNG image") }
        let still = try StillImageReader.read(file: file, limits: limits)
        let image = try still.decode(
            regionWidth: still.width, regionHeight: still.height, minimumWidth: still.width,
            minimumHeight: still.height, limits: limits
        ).image
        return image.transformed(by: still.orientation)
    }

    /// The still (JPEG or HEIC) as displayed, scaled to `width` x `height` (display orientation).
    public static func still(path: String, width: Int, height: Int) throws -> RGBImage {
        let still = try StillImageReader.read(path: path)
        let orientation = still.orientation
        let (storedW, storedH) = orientation.swapsDimensions ? (height, width) : (width, height)
        let decoded = try still.decode(
            regionWidth: still.width, regionHeight: still.height,
            minimumWidth: storedW, minimumHeight: storedH
        ).image
        return try MediaError.naming(path) { try ImageScaler().scale(decoded, to: storedW, height: storedH).transformed(by: orientation) }
    }

    /// The movie frame presented nearest `seconds`, as displayed.
    /// - Parameters:
    ///   - path: The movie.
    ///   - seconds: Presentation time.
    ///   - width: Display width of the result; the clean aperture's when `nil`.
    ///   - height: Display height of the result; the clean aperture's when `nil`.
    /// - Returns: The frame and its presentation time.
    public static func movieFrame(path: String, at seconds: Double, width: Int? = nil, height: Int? = nil) throws -> (image: RGBImage, time: Double) {
        try movieFrame(try QuickTimeMovie(path: path), at: seconds, width: width, height: height)
    }

    /// The frame of an already parsed movie presented nearest `seconds`, as displayed.
    public static func movieFrame(_ movie: QuickTimeMovie, at seconds: Double, width: Int? = nil, height: Int? = nil) throws -> (image: RGBImage, time: Double)
    {
        let path = movie.path
        return try MediaError.naming(path) {
            guard let video = movie.videoTrack, let description = video.sampleDescriptions.first else {
                throw MediaError(.unsupported, "movie has no video track")
            }
            let entry = try VisualSampleEntry(description)
            let orientation = video.matrix.orientation ?? .up
            let reader = try VideoFileReader(path: path)
            var best: (frame: DecodedVideoFrame, time: Double)?
            while let frame = try reader.nextFrame() {
                guard let pts = frame.pts,
                    let time = video.presentationSeconds(ofMediaTime: pts, movieTimescale: movie.header.timescale)
                else { continue }
                if best == nil || abs(time - seconds) < abs(best!.time - seconds) { best = (frame, time) }
                if time > seconds + 1 { break }
            }
            guard let best else { throw MediaError(.corrupt, "no frame is presented") }
            let aperture = entry.cleanAperture ?? Rect(x: 0, y: 0, width: Double(best.frame.width), height: Double(best.frame.height))
            let crop = PixelRect(
                x: Int(aperture.x / 2) * 2, y: Int(aperture.y / 2) * 2,
                width: Int(aperture.width / 2) * 2, height: Int(aperture.height / 2) * 2)
            let (displayW, displayH) = orientation.displaySize(width: crop.width, height: crop.height)
            let (outW, outH) = (width ?? displayW, height ?? displayH)
            let (storedW, storedH) = orientation.swapsDimensions ? (outH, outW) : (outW, outH)
            let image = try FrameConverter().rgbImage(from: best.frame, crop: crop, width: storedW, height: storedH)
            return (image.transformed(by: orientation), best.time)
        }
    }
}
