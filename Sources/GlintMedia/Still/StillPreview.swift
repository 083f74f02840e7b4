/// A small JPEG of a still as it is displayed, for pages: its orientation applied, scaled to at
/// most a given number of pixels on its long side (never up), converted to sRGB (what a browser
/// assumes of a JPEG without a profile), without metadata, within a byte budget. A JPEG is decoded at the smallest DCT
/// scale that still covers the size, so a 12 MP still costs a fraction of a full decode.
public enum StillPreview {
    /// The long side of a dashboard thumbnail.
    public static let thumbnailLongSide = 640
    /// The long side of the picture a share page shows before anyone asks for the full still: a
    /// phone's width at three device pixels per point.
    public static let displayLongSide = 1280
    /// JPEG quality of previews, the first tried.
    public static let quality = 82
    /// The most bytes a thumbnail takes.
    public static let thumbnailMaximumBytes = 100_000
    /// The most bytes the display-size picture takes: with the page, its style and script, a
    /// share page's first view stays under 400 KB however detailed the photo.
    public static let displayMaximumBytes = 300_000

    /// The preview's JPEG bytes at `quality`, or at a lower one (down to 32, 10 at a time) when that
    /// is more than `maximumBytes`.
    /// - Throws: ``MediaError`` naming the still when it cannot be read, decoded or converted.
    ///
    /// With `keepingHDR`, a still with a gain map gives an Ultra HDR JPEG (with ISO 21496-1
    /// metadata, which Chrome shows brighter on HDR screens): the map turned as the picture is,
    /// at a quarter of its size, in Ultra HDR's form; its bytes count against `maximumBytes`.
    public static func jpeg(
        path: String, longSide: Int, maximumBytes: Int, quality: Int = quality, keepingHDR: Bool = false, limits: ImageLimits = .default
    ) throws -> [UInt8] {
        let still = try StillImageReader.read(path: path, limits: limits)
        let image = try picture(still, longSide: longSide)
        let form = GainMapJPEGWriter.Form(kind: .ultraHDR, iso21496: true)
        let map = keepingHDR ? try hdrMap(still, width: image.width, height: image.height, limits: limits) : nil
        let mapFile = try map.map { try GainMapJPEGWriter.mapJPEG($0, form: form) }
        // The map, its MPF index and the primary's directory XMP come out of the budget.
        let budget = maximumBytes - (mapFile.map { $0.count + 1024 } ?? 0)
        var bytes: [UInt8] = []
        for attempt in stride(from: quality, through: 32, by: -10) {
            bytes = try MediaError.naming(path) { try JPEGEncoder.encode(image, quality: attempt) }
            if bytes.count <= budget { break }
        }
        guard let mapFile else { return bytes }
        return try MediaError.naming(path) { try GainMapJPEGWriter.attach(mapFile: mapFile, form: form, to: bytes) }
    }

    /// The still's gain map as a `width` x `height` preview's: upright, a quarter of its size,
    /// in Ultra HDR's form; nil for a still without one (or whose map cannot be read).
    static func hdrMap(_ still: any StillImage, width: Int, height: Int, limits: ImageLimits) throws -> GainMap? {
        guard var map = GainMapReader.upright(still, limits: limits) else { return nil }
        map.image = map.image.areaScaled(width: max(1, width / 4), height: max(1, height / 4))
        return map.converted(toApple: false)
    }

    /// The still as displayed, at most `longSide` pixels on its long side, in sRGB.
    static func picture(path: String, longSide: Int, limits: ImageLimits) throws -> RGBImage {
        try picture(try StillImageReader.read(path: path, limits: limits), longSide: longSide)
    }

    /// ``picture(path:longSide:limits:)`` of a still already read.
    static func picture(_ still: any StillImage, longSide: Int) throws -> RGBImage {
        let path = still.path
        guard longSide > 0 else { throw MediaError(.invalidArgument, "a preview's long side must be at least 1 pixel, not \(longSide)") }
        let swaps = still.orientation.swapsDimensions
        let (width, height) = swaps ? (still.height, still.width) : (still.width, still.height)
        let scale = min(1, Double(longSide) / Double(max(width, height)))
        let size = (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
        var image = try DisplayedPicture.still(path: path, width: size.0, height: size.1)
        let space = try still.colourSpace()
        if space != .sRGB {
            try MediaError.naming(path) { try convert(&image, from: space, to: .sRGB) }
        }
        return image
    }

    /// Converts the pixels' code values between colour spaces (clipped to 0...255).
    static func convert(_ image: inout RGBImage, from source: ColourSpace, to destination: ColourSpace) throws {
        let converter = try ColourConverter(from: source, to: destination)
        let values = converter.convert(image.pixels.map { Float($0) / 255 })
        image.pixels = values.map { $0.isNaN ? 0 : UInt8(clamping: Int((min(max($0, 0), 1) * 255).rounded())) }
    }
}
