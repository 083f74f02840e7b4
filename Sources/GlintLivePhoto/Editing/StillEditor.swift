import GlintMedia

/// Applies an edit to a still (JPEG or HEIC), keeping its format and metadata: EXIF (with the
/// Apple MakerNote and GPS), XMP, the ICC profile (and a HEIC's `nclx`; replaced by the output
/// space's when the recipe names one) and the orientation. The
/// EXIF pixel dimensions and thumbnail are brought up to date. An HDR gain map is carried in the
/// input's form (``GainMapEditor``); what else the format writer cannot carry over is dropped (a
/// JPEG's other MPF images, a HEIC's thumbnail and depth images).
public enum StillEditor {
    /// An edited still, encoded but not yet written.
    public struct Result: Sendable {
        /// The complete file, in the input's format.
        public var bytes: [UInt8]
        /// The geometry that was applied.
        public var geometry: EditGeometry
        /// The identifier written into the MakerNote.
        public var contentIdentifier: ContentIdentifier?
        /// Whether the MakerNote was created because the still had none.
        public var createdMakerNote: Bool
        /// What the key photo was made from, when a movie frame replaced the still's pixels.
        public var keyPhoto: KeyPhotoFrame.Report? = nil
        /// What became of the still's HDR gain map; nil when it had none.
        public var hdr: HDREditReport? = nil
    }

    /// Edits a still.
    /// - Parameters:
    ///   - still: The still, as read.
    ///   - recipe: The edit.
    ///   - contentIdentifier: The identifier to write; `nil` keeps the still's own.
    ///   - quality: JPEG quality (1...100).
    ///   - heic: HEIC encoder settings.
    ///   - limits: Largest image accepted.
    ///   - keyPhoto: A movie frame that replaces the still's pixels (``EditRecipe/keyPhoto``); the
    ///     still's size, orientation and metadata are kept, and the frame's colours are brought
    ///     into the still's (output) colour space.
    ///   - colour: The recipe's colour part, prepared (``ColourPipeline/init(recipe:)``); `nil`
    ///     prepares it here.
    public static func edit(
        _ still: any StillImage, recipe: EditRecipe, contentIdentifier: ContentIdentifier?,
        quality: Int = JPEGEncoder.defaultQuality, heic: HEICEncoder.Settings = HEICEncoder.Settings(),
        limits: ImageLimits = .default, keyPhoto: KeyPhotoFrame? = nil,
        colour: ColourPipeline? = nil
    ) throws -> Result {
        let pipeline = try colour ?? ColourPipeline(recipe: recipe)
        return try MediaError.naming(still.path) {
            let geometry = Self.geometry(of: still, recipe: recipe)
            // The still's colour space is read only when colours change (or a frame must be brought into it).
            let source = pipeline.isIdentity && keyPhoto == nil ? nil : try still.colourSpace()
            let processor = FrameProcessor(geometry: geometry, colour: try source.flatMap { try pipeline.stage(for: $0) })

            let outputSpace = pipeline.outputColorSpace == .source ? nil : source.map { pipeline.outputSpace(for: $0) }
            let fromFrame = try keyPhoto.map { frame in
                try frame.render(
                    recipe: recipe, stillGeometry: geometry,
                    colour: try frame.colourStage(pipeline, output: pipeline.outputSpace(for: source ?? .sRGB)))
            }
            let hdr = GainMapWork(
                still, recipe: recipe, fromFrame: fromFrame != nil, picture: geometry, stage: processor.colour,
                adjustment: pipeline.adjustment, limits: limits)
            do {
                let edited =
                    try fromFrame?.image
                    ?? decodeAndProcess(still, processor: processor, limits: limits, turned: hdr.needsTurnedPicture ? hdr.pictureTurned : nil)
                try hdr.pictureEdited(edited)
                let encoded = try encode(
                    still, edited: edited, fromFrame: fromFrame != nil, contentIdentifier: contentIdentifier,
                    dropsHDR: hdr.report != nil, encoding: StillEncoding(jpegQuality: quality, heic: heic, colourSpace: outputSpace),
                    geometry: geometry, limits: limits)
                let (bytes, report) = try hdr.finish(encoded.bytes, exif: encoded.exif, still: still, heic: heic)
                return Result(
                    bytes: bytes, geometry: geometry,
                    contentIdentifier: encoded.identifier, createdMakerNote: encoded.identifier != nil && !encoded.hadMakerNote,
                    keyPhoto: fromFrame?.report, hdr: report)
            } catch {
                hdr.cancel()
                throw error
            }
        }
    }

    /// The edited still encoded in its format with its metadata brought up to date (pixel
    /// dimensions, identifier, thumbnail); a gain map's claims removed when the map is not
    /// carried (`dropsHDR`). Returns the bytes and the EXIF written.
    static func encode(
        _ still: any StillImage, edited: RGBImage, fromFrame: Bool, contentIdentifier: ContentIdentifier?, dropsHDR: Bool,
        encoding: StillEncoding, geometry: EditGeometry, limits: ImageLimits
    ) throws -> (bytes: [UInt8], exif: ExifMetadata?, identifier: ContentIdentifier?, hadMakerNote: Bool) {
        let alpha = fromFrame ? nil : try editedAlpha(still, geometry: geometry, limits: limits)
        var exif = still.exif
        let identifier = contentIdentifier ?? exif?.contentIdentifier
        let hadMakerNote = exif?.makerNote?.apple != nil
        if exif == nil && identifier != nil {
            exif = ExifMetadata.minimal(orientation: still.orientation, contentIdentifier: identifier)
        }
        if var metadata = exif {
            try metadata.setPixelDimensions(width: edited.width, height: edited.height)
            if let identifier { metadata.contentIdentifier = identifier }
            if metadata.thumbnail != nil { metadata.thumbnail = try thumbnail(of: edited) }
            exif = metadata
        }
        if dropsHDR { GainMapClaims.remove(from: &exif) }
        var bytes =
            try (still as? PNGStill).map { try $0.encodeEdited(edited, alpha: alpha, exif: exif, encoding: encoding) }
            ?? still.encodeEdited(edited, exif: exif, encoding: encoding)
        if dropsHDR, still is JPEGStill { bytes = try GainMapClaims.removed(fromJPEG: bytes) }
        return (bytes, exif, identifier, hadMakerNote)
    }

    /// The still's pixels edited; `turned` is given them after the geometry, before the colour
    /// change (a gain map is recomputed from them).
    static func decodeAndProcess(_ still: any StillImage, processor: FrameProcessor, limits: ImageLimits, turned: ((RGBImage) throws -> Void)?)
        throws -> RGBImage
    {
        let decoded = try decodeScaled(still, processor: processor, limits: limits)
        guard let turned, processor.changesColour else { return processor.process(decoded) }
        var image = FrameProcessor(geometry: processor.geometry, colour: nil).process(decoded)
        try turned(image)
        processor.applyColour(to: &image)
        return image
    }

    /// The geometry `recipe` gives `still`, known from its header before any pixel is decoded
    /// (so the movie can be matched to it while the still is still being edited).
    public static func geometry(of still: any StillImage, recipe: EditRecipe) -> EditGeometry {
        EditGeometry(recipe: recipe, width: still.width, height: still.height, orientation: still.orientation)
    }

    /// Decodes the source rectangle of the still (DCT-scaled when the output is at most half the
    /// size; rows and columns outside it skipped where the format allows), then scales it to the
    /// geometry's scaled size.
    static func decodeScaled(_ still: any StillImage, processor: FrameProcessor, limits: ImageLimits) throws -> RGBImage {
        let geometry = processor.geometry
        let (decoded, _) = try still.decode(
            region: processor.sourceRect, minimumWidth: geometry.scaledWidth,
            minimumHeight: geometry.scaledHeight, limits: limits)
        return try scaled(decoded, geometry: geometry)
    }

    /// `image` (the source rectangle) at `geometry`'s scaled size.
    private static func scaled(_ image: RGBImage, geometry: EditGeometry) throws -> RGBImage {
        if image.width == geometry.scaledWidth && image.height == geometry.scaledHeight { return image }
        return try ImageScaler().scale(image, to: geometry.scaledWidth, height: geometry.scaledHeight)
    }

    /// A PNG's transparency (``PNGStill/alphaPlane(limits:)``) cropped, scaled and turned exactly
    /// as its colours are, with no colour change; nil for an opaque picture or any other format.
    static func editedAlpha(_ still: any StillImage, geometry: EditGeometry, limits: ImageLimits) throws -> RGBImage? {
        guard let png = still as? PNGStill, var plane = try png.alphaPlane(limits: limits) else { return nil }
        let processor = FrameProcessor(geometry: geometry, colour: nil)
        try plane.crop(to: processor.sourceRect.clipped(toWidth: plane.width, height: plane.height))
        return processor.process(try scaled(plane, geometry: geometry))
    }

    /// A new EXIF thumbnail (at most 160 pixels on the long side, like cameras write).
    static func thumbnail(of image: RGBImage) throws -> [UInt8] {
        let scale = 160.0 / Double(max(image.width, image.height))
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        let small = try ImageScaler().scale(image, to: width, height: height)
        return try JPEGEncoder.encode(small, quality: 80)
    }
}
