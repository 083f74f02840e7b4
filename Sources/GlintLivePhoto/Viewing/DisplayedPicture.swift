import GlintMedia

/// A Live Photo's still or one of its movie frames as a viewer shows it: EXIF orientation or
/// track matrix applied, the movie's clean aperture applied, the frame chosen by presentation
/// time through the edit list.
public enum DisplayedPicture {
    /// The still as displayed, scaled to `width` x `height` (display orientation).
    public static func still(path: String, width: Int, height: Int) throws -> RGBImage {
        let still = try StillImageReader.read(path: path)
        let orientation = still.orientation
        let (storedW, storedH) = orientation.swapsDimensions ? (height, width) : (width, height)
        let decoded = try still.decode(regionWidth: still.width, regionHeight: still.height,
                                       minimumWidth: storedW, minimumHeight: storedH).image
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
    public static func movieFrame(_ movie: QuickTimeMovie, at seconds: Double, width: Int? = nil, height: Int? = nil) throws -> (image: RGBImage, time: Double) {
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
                      let time = video.presentationSeconds(ofMediaTime: pts, movieTimescale: movie.header.timescale) else { continue }
                if best == nil || abs(time - seconds) < abs(best!.time - seconds) { best = (frame, time) }
                if time > seconds + 1 { break }
            }
            guard let best else { throw MediaError(.corrupt, "no frame is presented") }
            let aperture = entry.cleanAperture ?? Rect(x: 0, y: 0, width: Double(best.frame.width), height: Double(best.frame.height))
            let crop = PixelRect(x: Int(aperture.x / 2) * 2, y: Int(aperture.y / 2) * 2,
                                 width: Int(aperture.width / 2) * 2, height: Int(aperture.height / 2) * 2)
            let (displayW, displayH) = orientation.displaySize(width: crop.width, height: crop.height)
            let (outW, outH) = (width ?? displayW, height ?? displayH)
            let (storedW, storedH) = orientation.swapsDimensions ? (outH, outW) : (outW, outH)
            let image = try FrameConverter().rgbImage(from: best.frame, crop: crop, width: storedW, height: storedH)
            return (image.transformed(by: orientation), best.time)
        }
    }
}
