import GlintMedia

/// Applies an edit to a JPEG still, keeping its metadata: EXIF (with the Apple MakerNote and GPS),
/// XMP, the ICC profile (replaced by the new space's when the recipe converts colours) and the
/// orientation. The EXIF pixel dimensions and thumbnail are brought
/// up to date; an MPF index (whose secondary images are not carried over) is dropped.
public enum StillEditor {
    /// An edited still, encoded but not yet written.
    public struct Result: Sendable {
        /// The complete JPEG file.
        public var bytes: [UInt8]
        /// The geometry that was applied.
        public var geometry: EditGeometry
        /// The identifier written into the MakerNote.
        public var contentIdentifier: ContentIdentifier?
        /// Whether the MakerNote was created because the still had none.
        public var createdMakerNote: Bool
    }

    /// Edits a JPEG still.
    /// - Parameters:
    ///   - still: The still, as read.
    ///   - recipe: The edit.
    ///   - contentIdentifier: The identifier to write; `nil` keeps the still's own.
    ///   - quality: JPEG quality (1...100).
    ///   - limits: Largest image accepted.
    ///   - colour: The recipe's colour part, prepared (``ColourPipeline/init(recipe:)``); `nil`
    ///     prepares it here.
    public static func edit(_ still: JPEGStill, recipe: EditRecipe, contentIdentifier: ContentIdentifier?,
                            quality: Int = 92, limits: ImageLimits = .default, colour: ColourPipeline? = nil) throws -> Result {
        let pipeline = try colour ?? ColourPipeline(recipe: recipe)
        return try MediaError.naming(still.path) {
            let orientation = still.orientation
            let geometry = EditGeometry(recipe: recipe, width: still.header.width, height: still.header.height, orientation: orientation)
            let source = pipeline.isIdentity ? nil : try still.colourSpace()
            let processor = FrameProcessor(geometry: geometry, colour: try source.flatMap { try pipeline.stage(for: $0) })

            let edited = processor.process(try decodeScaled(still, processor: processor, limits: limits))
            let encoded = try JPEGEncoder.encode(edited, quality: quality)

            var exif = still.exif
            let identifier = contentIdentifier ?? exif?.contentIdentifier
            let hadMakerNote = exif?.makerNote?.apple != nil
            if exif == nil && identifier != nil {
                exif = ExifMetadata.minimal(orientation: orientation, contentIdentifier: identifier)
            }
            if var metadata = exif {
                try metadata.setPixelDimensions(width: edited.width, height: edited.height)
                if let identifier { metadata.contentIdentifier = identifier }
                if metadata.thumbnail != nil { metadata.thumbnail = try thumbnail(of: edited) }
                exif = metadata
            }
            let profile = try source.flatMap { try pipeline.embeddedProfile(for: $0) }
            let segments = try metadataSegments(of: still.file, exif: exif, iccProfile: profile)
            return Result(bytes: try JPEGAssembler.assemble(encoded: encoded, segments: segments), geometry: geometry,
                          contentIdentifier: identifier, createdMakerNote: identifier != nil && !hadMakerNote)
        }
    }

    /// Decodes the still (DCT-scaled when the output is at most half the size), then crops and
    /// scales it to the geometry's scaled size.
    static func decodeScaled(_ still: JPEGStill, processor: FrameProcessor, limits: ImageLimits) throws -> RGBImage {
        let geometry = processor.geometry
        let (decoded, denominator) = try still.decode(regionWidth: geometry.sourceWidth, regionHeight: geometry.sourceHeight,
                                                      minimumWidth: geometry.scaledWidth, minimumHeight: geometry.scaledHeight,
                                                      limits: limits)
        let rect = processor.sourceRect
        var crop = PixelRect(x: rect.x / denominator, y: rect.y / denominator,
                             width: rect.width / denominator, height: rect.height / denominator)
        crop.width = min(crop.width, decoded.width - crop.x)
        crop.height = min(crop.height, decoded.height - crop.y)
        if crop == PixelRect(x: 0, y: 0, width: decoded.width, height: decoded.height)
            && decoded.width == geometry.scaledWidth && decoded.height == geometry.scaledHeight {
            return decoded
        }
        return try ImageScaler().scale(decoded, crop: crop, to: geometry.scaledWidth, height: geometry.scaledHeight)
    }

    /// A new EXIF thumbnail (at most 160 pixels on the long side, like cameras write).
    static func thumbnail(of image: RGBImage) throws -> [UInt8] {
        let scale = 160.0 / Double(max(image.width, image.height))
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        let small = try ImageScaler().scale(image, to: width, height: height)
        return try JPEGEncoder.encode(small, quality: 80)
    }

    /// The source's metadata segments in their order, with the EXIF replaced, MPF dropped and,
    /// when `iccProfile` is given, the ICC profile replaced by it.
    static func metadataSegments(of jpeg: JPEGFile, exif: ExifMetadata?, iccProfile: [UInt8]? = nil) throws -> [JPEGSegment] {
        let newExif = try exif.map { try JPEGSegment.exif(try $0.serialized()) }
        var segments: [JPEGSegment] = []
        var placedExif = false
        for segment in jpeg.segments where segment.isApplication || segment.marker == JPEGMarker.comment {
            if segment.marker == JPEGMarker.app1 && segment.payload.starts(with: JPEGSegment.exifSignature) {
                if let newExif, !placedExif { segments.append(newExif) }
                placedExif = true
            } else if segment.marker == JPEGMarker.app2 && segment.payload.starts(with: JPEGSegment.mpfSignature) {
                continue
            } else {
                segments.append(segment)
            }
        }
        if !placedExif, let newExif {
            // After a JFIF APP0, which must come first, otherwise first.
            let index = segments.first?.marker == JPEGMarker.app0 ? 1 : 0
            segments.insert(newExif, at: index)
        }
        if let iccProfile {
            segments.removeAll { $0.marker == JPEGMarker.app2 && $0.payload.starts(with: JPEGSegment.iccProfileSignature) }
            // After JFIF and Exif, where cameras put it.
            let index = segments.firstIndex { $0.marker != JPEGMarker.app0 && $0.marker != JPEGMarker.app1 } ?? segments.count
            segments.insert(contentsOf: try JPEGSegment.iccProfileSegments(iccProfile), at: index)
        }
        return segments
    }
}
