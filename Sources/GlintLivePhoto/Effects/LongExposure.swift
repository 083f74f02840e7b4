import GlintMedia

/// How a long exposure was made.
public struct LongExposureReport: Sendable, Codable, Equatable {
    /// Frames averaged.
    public var frameCount: Int
    /// The frame the others were aligned to: the one shown at the still's time (or mid-movie).
    public var referenceFrameIndex: Int
    /// That frame's time on the output timeline, in seconds.
    public var referenceTime: Double
    /// Whether frames were aligned (`false` averages them where they lie).
    public var aligned: Bool
    /// Each frame's shift against the reference, `[dx, dy]` in frame pixels: the frame's
    /// content at `(x + dx, y + dy)` matches the reference's at `(x, y)`.
    public var shifts: [[Int]]
    /// The area every aligned frame covers, in the reference frame's pixels: the output.
    public var cropX: Int
    public var cropY: Int
    public var cropWidth: Int
    public var cropHeight: Int
}

/// The Long Exposure effect: every frame of the movie averaged into one still, as a camera on a
/// tripod with a slow shutter would record it. Moving things blur along their path; the still
/// background stays sharp because each frame is first aligned to a reference frame by its global
/// translation (camera shake), see ``TranslationEstimator``.
///
/// Light is averaged in linear light. The output is cropped to the area that every aligned
/// frame covers, so no edge is darkened by frames that do not reach it, and has the movie
/// frames' resolution (smaller than the still's).
///
/// Two passes over the movie, bounded memory: the first decodes up to the reference frame and
/// keeps its luma pyramid; the second aligns each frame and adds it to one floating-point sum
/// (12 bytes a pixel).
enum LongExposure {
    /// Averages the frames of the streams `open` makes (called twice, for the two passes).
    /// - Parameters:
    ///   - open: Makes a fresh stream of the movie's frames.
    ///   - referenceTime: The output time whose frame is the reference.
    ///   - align: Whether to align the frames.
    ///   - progress: Called after each frame of the second pass with the frames done.
    static func render(
        open: () throws -> EffectFrameStream, referenceTime: Double, align: Bool,
        progress: (Int) -> Void = { _ in }
    ) throws -> (RGBImage, LongExposureReport) {
        // Pass 1: the reference frame.
        let first = try open()
        var referenceIndex = -1
        var referenceFrame: EffectFrame?
        while let frame = try first.next() {
            referenceIndex += 1
            referenceFrame = frame
            if frame.time + frame.duration > referenceTime + EffectFrame.timeTolerance { break }
        }
        guard let referenceFrame else { throw MediaError(.invalidArgument, "the movie has no frames to average") }
        let reference = align ? LumaPyramid(referenceFrame.image) : nil

        // Pass 2: align and add up.
        let width = referenceFrame.image.width
        let height = referenceFrame.image.height
        var sum = [Float](repeating: 0, count: width * height * 3)
        var shifts: [[Int]] = []
        var cover = (x0: 0, y0: 0, x1: width, y1: height)
        let stream = try open()
        while let frame = try stream.next() {
            guard frame.image.width == width, frame.image.height == height else {
                throw MediaError(.corrupt, "frame \(shifts.count) is \(frame.image.width)x\(frame.image.height), the others \(width)x\(height)")
            }
            let shift = reference.map { TranslationEstimator.shift(of: LumaPyramid(frame.image), against: $0) } ?? (0, 0)
            let area = (x0: max(0, -shift.0), y0: max(0, -shift.1), x1: min(width, width - shift.0), y1: min(height, height - shift.1))
            add(frame.image, shift: shift, area: area, to: &sum)
            cover = (max(cover.x0, area.x0), max(cover.y0, area.y0), min(cover.x1, area.x1), min(cover.y1, area.y1))
            shifts.append([shift.0, shift.1])
            progress(shifts.count)
        }
        guard cover.x1 > cover.x0, cover.y1 > cover.y0 else {
            throw MediaError(.unsupported, "the frames moved too far apart to share any area")
        }
        let image = average(sum, count: shifts.count, width: width, crop: cover)
        let report = LongExposureReport(
            frameCount: shifts.count, referenceFrameIndex: referenceIndex, referenceTime: referenceFrame.time, aligned: align,
            shifts: shifts, cropX: cover.x0, cropY: cover.y0, cropWidth: cover.x1 - cover.x0, cropHeight: cover.y1 - cover.y0)
        return (image, report)
    }

    /// Adds the frame's linear light at reference position `(x, y)` from `(x + dx, y + dy)`,
    /// over `area` (reference coordinates the shifted frame covers).
    private static func add(_ image: RGBImage, shift: (Int, Int), area: (x0: Int, y0: Int, x1: Int, y1: Int), to sum: inout [Float]) {
        let width = image.width
        LinearLight.decode.withUnsafeBufferPointer { lut in
            image.pixels.withUnsafeBufferPointer { p in
                sum.withUnsafeMutableBufferPointer { s in
                    for y in area.y0..<area.y1 {
                        var target = (y * width + area.x0) * 3
                        var source = ((y + shift.1) * width + area.x0 + shift.0) * 3
                        for _ in 0..<((area.x1 - area.x0) * 3) {
                            s[target] += lut[Int(p[source])]
                            target += 1
                            source += 1
                        }
                    }
                }
            }
        }
    }

    /// The mean of `sum` over `count` frames inside `crop`, encoded back to code values.
    private static func average(_ sum: [Float], count: Int, width: Int, crop: (x0: Int, y0: Int, x1: Int, y1: Int)) -> RGBImage {
        var output = RGBImage(width: crop.x1 - crop.x0, height: crop.y1 - crop.y0)
        let scale = 1 / Float(count)
        TransferCurve.encodeTable.withUnsafeBufferPointer { table in
            sum.withUnsafeBufferPointer { s in
                output.pixels.withUnsafeMutableBufferPointer { o in
                    var i = 0
                    for y in crop.y0..<crop.y1 {
                        var source = (y * width + crop.x0) * 3
                        for _ in 0..<((crop.x1 - crop.x0) * 3) {
                            o[i] = LinearLight.encode(s[source] * scale, table: table)
                            i += 1
                            source += 1
                        }
                    }
                }
            }
        }
        return output
    }
}
