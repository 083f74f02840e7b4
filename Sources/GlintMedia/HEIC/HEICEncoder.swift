import CHeif

/// Encodes RGB pixels as a HEIC still (HEVC through libheif's x265 plugin), with EXIF, XMP and
/// a colour profile, into memory.
///
/// The output has one image item (no thumbnail, depth map or gain map) and no container
/// transform: pixels are stored as they are displayed. (libheif 1.15 writes `irot` before `ispe`
/// and gives `ispe` the rotated size, so Glint does not ask it for `irot`/`imir`;
/// ``HEICStill`` turns pixels upright instead.) They are converted to 8-bit YCbCr 4:2:0 by
/// libheif, with the matrix and range of the `nclx` profile when one is given, otherwise
/// libheif's default (BT.601, full range; no `nclx` box is written then, like iPhones' files
/// with an ICC profile only), and the x265 bitstream's VUI says the same.
public enum HEICEncoder {
    /// Encoder settings.
    public struct Settings: Sendable, Equatable, Codable {
        /// libheif's quality, 1...100: x265 runs at CRF `(100 - quality) / 2`.
        public var quality: Int
        /// x265 preset (`ultrafast` ... `veryslow`); slower presets give smaller files.
        public var preset: String

        /// The x265 presets accepted.
        public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

        /// Quality 70 (CRF 15) and preset `medium`: re-encoding the iPhone 12 Pro's 12-megapixel
        /// still gives 3.0 MB (the iPhone's own file is 2.0 MB; quality 60 gives 2.1 MB).
        public init(quality: Int = 70, preset: String = "medium") {
            self.quality = quality
            self.preset = preset
        }

        /// Checks the settings before any work starts.
        /// - Throws: ``MediaError`` `.invalidArgument` naming the bad setting.
        public func validate() throws {
            guard (1...100).contains(quality) else {
                throw MediaError(.invalidArgument, "HEIC quality must be between 1 and 100, got \(quality)")
            }
            guard Self.presets.contains(preset) else {
                throw MediaError(.invalidArgument, "unknown HEIC preset \"\(preset)\": use one of \(Self.presets.joined(separator: ", "))")
            }
        }
    }

    /// What goes into the file besides the pixels.
    public struct Metadata: Sendable {
        /// The EXIF block, written as an `Exif` item (with a 6-byte `"Exif\0\0"` prefix, as iPhones do).
        public var exif: ExifMetadata?
        /// An XMP packet, written as a `mime` item of type `application/rdf+xml`.
        public var xmp: [UInt8]?
        /// The colour profile, written as `colr` box(es): both when there is an ICC profile and `nclx`.
        public var colourProfile: HEICColourProfile

        /// Creates metadata; all parts are optional. The EXIF orientation should be 1 (or absent):
        /// the pixels are stored as displayed.
        public init(exif: ExifMetadata? = nil, xmp: [UInt8]? = nil, colourProfile: HEICColourProfile = HEICColourProfile()) {
            self.exif = exif
            self.xmp = xmp
            self.colourProfile = colourProfile
        }
    }

    /// Encodes `image` with `metadata`.
    /// - Returns: The complete HEIC file.
    /// - Throws: ``MediaError`` `.invalidArgument` for bad settings, `.encodingFailed` when
    ///   libheif or x265 fail, `.tooLarge` for an EXIF block too big to write.
    public static func encode(_ image: RGBImage, metadata: Metadata = Metadata(), settings: Settings = Settings()) throws -> [UInt8] {
        try settings.validate()
        let picture = try makeImage(image, colourProfile: metadata.colourProfile)
        defer { heif_image_release(picture) }
        return try encode(picture: picture, metadata: metadata, settings: settings)
    }

    /// Encodes the first channel of `image` (a gain map, whose channels are equal) as a
    /// monochrome 8-bit HEIC (HEVC 4:0:0), without metadata.
    public static func encodeGrey(_ image: RGBImage, settings: Settings = Settings()) throws -> [UInt8] {
        try settings.validate()
        var created: OpaquePointer?
        try HEIFLibrary.check(
            heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_monochrome, heif_chroma_monochrome, &created),
            "create a \(image.width)x\(image.height) grey image")
        guard let picture = created else { throw MediaError(.tooLarge, "cannot create a \(image.width)x\(image.height) grey image") }
        defer { heif_image_release(picture) }
        try HEIFLibrary.check(heif_image_add_plane(picture, heif_channel_Y, Int32(image.width), Int32(image.height), 8), "allocate a grey image")
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(picture, heif_channel_Y, &stride) else { throw MediaError(.tooLarge, "cannot allocate a grey image") }
        for y in 0..<image.height {
            for x in 0..<image.width { plane[y * Int(stride) + x] = image.pixels[(y * image.width + x) * 3] }
        }
        return try encode(picture: picture, metadata: Metadata(), settings: settings)
    }

    /// Encodes a libheif image with `metadata`.
    private static func encode(picture: OpaquePointer, metadata: Metadata, settings: Settings) throws -> [UInt8] {
        let context = try HEIFContext()

        var encoder: OpaquePointer?
        try HEIFLibrary.check(
            heif_context_get_encoder_for_format(context.pointer, heif_compression_HEVC, &encoder),
            "find libheif's HEVC encoder")
        guard let encoder else { throw MediaError(.unsupported, "libheif has no HEVC encoder (x265)") }
        defer { heif_encoder_release(encoder) }
        try HEIFLibrary.check(heif_encoder_set_lossy_quality(encoder, Int32(settings.quality)), "set the HEIC quality")
        try HEIFLibrary.check(heif_encoder_set_parameter_string(encoder, "preset", settings.preset), "set the x265 preset")

        guard let options = heif_encoding_options_alloc() else { throw MediaError(.tooLarge, "cannot allocate libheif encoding options") }
        defer { heif_encoding_options_free(options) }
        options.pointee.save_two_colr_boxes_when_ICC_and_nclx_available = 1
        // libheif leaves `nclx` out by default (for old macOS); a profile that came with the input is kept.
        options.pointee.macOS_compatibility_workaround_no_nclx_profile = metadata.colourProfile.nclx == nil ? 1 : 0

        var handle: OpaquePointer?
        try HEIFLibrary.check(heif_context_encode_image(context.pointer, picture, encoder, options, &handle), "encode the HEIC image")
        guard let handle else { throw MediaError(.encodingFailed, "libheif returned no image after encoding") }
        defer { heif_image_handle_release(handle) }

        if let exif = metadata.exif {
            let item = ExifMetadata.app1Header + (try exif.serialized())
            try HEIFLibrary.check(
                item.withUnsafeBytes { heif_context_add_exif_metadata(context.pointer, handle, $0.baseAddress, Int32($0.count)) },
                "add the EXIF metadata")
        }
        if let xmp = metadata.xmp, !xmp.isEmpty {
            try HEIFLibrary.check(
                xmp.withUnsafeBytes { heif_context_add_XMP_metadata(context.pointer, handle, $0.baseAddress, Int32($0.count)) },
                "add the XMP metadata")
        }
        return try context.write()
    }

    /// A libheif image holding `image`'s pixels and the colour profile.
    private static func makeImage(_ image: RGBImage, colourProfile: HEICColourProfile) throws -> OpaquePointer {
        var created: OpaquePointer?
        try HEIFLibrary.check(
            heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &created),
            "create a \(image.width)x\(image.height) image")
        guard let picture = created else { throw MediaError(.tooLarge, "cannot create a \(image.width)x\(image.height) image") }
        do {
            try HEIFLibrary.check(
                heif_image_add_plane(picture, heif_channel_interleaved, Int32(image.width), Int32(image.height), 8),
                "allocate a \(image.width)x\(image.height) image")
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane(picture, heif_channel_interleaved, &stride) else {
                throw MediaError(.tooLarge, "cannot allocate a \(image.width)x\(image.height) image")
            }
            let rowBytes = image.bytesPerRow
            image.pixels.withUnsafeBytes { pixels in
                for y in 0..<image.height {
                    (plane + y * Int(stride)).update(from: pixels.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * rowBytes, count: rowBytes)
                }
            }
            if let icc = colourProfile.icc {
                let type = (colourProfile.iccType ?? .icc).rawValue
                try HEIFLibrary.check(
                    icc.withUnsafeBytes { heif_image_set_raw_color_profile(picture, type, $0.baseAddress, $0.count) },
                    "attach the ICC profile")
            }
            if let nclx = colourProfile.nclx {
                guard let profile = heif_nclx_color_profile_alloc() else { throw MediaError(.tooLarge, "cannot allocate an nclx profile") }
                defer { heif_nclx_color_profile_free(profile) }
                profile.pointee.color_primaries = heif_color_primaries(rawValue: UInt32(nclx.primaries))
                profile.pointee.transfer_characteristics = heif_transfer_characteristics(rawValue: UInt32(nclx.transfer))
                profile.pointee.matrix_coefficients = heif_matrix_coefficients(rawValue: UInt32(nclx.matrix))
                profile.pointee.full_range_flag = nclx.fullRange ? 1 : 0
                try HEIFLibrary.check(heif_image_set_nclx_color_profile(picture, profile), "attach the nclx colour profile")
            }
            return picture
        } catch {
            heif_image_release(picture)
            throw error
        }
    }
}
