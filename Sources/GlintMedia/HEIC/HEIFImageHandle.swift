import CHeif

/// One image item of a ``HEIFContext`` (the primary image, in Glint's use), owning its
/// `heif_image_handle` and keeping its context alive.
final class HEIFImageHandle {
    let pointer: OpaquePointer
    /// The context the handle belongs to, kept alive as long as the handle.
    let context: HEIFContext

    init(_ pointer: OpaquePointer, context: HEIFContext) {
        self.pointer = pointer
        self.context = context
    }

    deinit { heif_image_handle_release(pointer) }

    /// Width as displayed: after the item's rotation (`irot`), mirror (`imir`) and clean aperture.
    var width: Int { Int(heif_image_handle_get_width(pointer)) }
    /// Height as displayed.
    var height: Int { Int(heif_image_handle_get_height(pointer)) }
    /// The coded size (`ispe`), before any transform.
    var codedWidth: Int { Int(heif_image_handle_get_ispe_width(pointer)) }
    var codedHeight: Int { Int(heif_image_handle_get_ispe_height(pointer)) }
    /// Bits per luma sample (8 for most stills, 10 for HDR ones).
    var lumaBitDepth: Int { Int(heif_image_handle_get_luma_bits_per_pixel(pointer)) }

    /// The metadata items attached to the image whose item type is `type` (`"Exif"`, `"mime"`),
    /// with their content type, in file order.
    func metadataBlocks(ofType type: String) throws -> [(contentType: String, bytes: [UInt8])] {
        let count = Int(heif_image_handle_get_number_of_metadata_blocks(pointer, type))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let found = Int(heif_image_handle_get_list_of_metadata_block_IDs(pointer, type, &ids, Int32(count)))
        var blocks: [(String, [UInt8])] = []
        for id in ids.prefix(found) {
            let size = heif_image_handle_get_metadata_size(pointer, id)
            guard size <= HEICStill.maximumFileSize else {
                throw MediaError(.corrupt, "a \(type) metadata item claims \(size) bytes, more than the file")
            }
            var bytes = [UInt8](repeating: 0, count: size)
            try HEIFLibrary.check(
                bytes.withUnsafeMutableBytes { heif_image_handle_get_metadata(pointer, id, $0.baseAddress) },
                "read the \(type) metadata")
            let contentType = heif_image_handle_get_metadata_content_type(pointer, id).map { String(cString: $0) } ?? ""
            blocks.append((contentType, bytes))
        }
        return blocks
    }

    /// The colour information of the image: an ICC profile (`prof` or `rICC`) and/or `nclx` values.
    func colourProfile() throws -> HEICColourProfile {
        var profile = HEICColourProfile()
        let type = heif_image_handle_get_color_profile_type(pointer)
        if type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC {
            let size = heif_image_handle_get_raw_color_profile_size(pointer)
            if size > 0 {
                var bytes = [UInt8](repeating: 0, count: size)
                try HEIFLibrary.check(
                    bytes.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(pointer, $0.baseAddress) },
                    "read the ICC profile")
                profile.icc = bytes
                profile.iccType = type == heif_color_profile_type_rICC ? .restrictedICC : .icc
            }
        }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        let error = heif_image_handle_get_nclx_color_profile(pointer, &nclx)
        if error.code == heif_error_Ok, let nclx {
            defer { heif_nclx_color_profile_free(nclx) }
            profile.nclx = NCLXColourProfile(
                primaries: UInt16(truncatingIfNeeded: nclx.pointee.color_primaries.rawValue),
                transfer: UInt16(truncatingIfNeeded: nclx.pointee.transfer_characteristics.rawValue),
                matrix: UInt16(truncatingIfNeeded: nclx.pointee.matrix_coefficients.rawValue),
                fullRange: nclx.pointee.full_range_flag != 0)
        }
        return profile
    }

    /// Decodes the image as displayed (libheif applies `irot`, `imir` and `clap`) into 8-bit
    /// interleaved RGB; deeper samples are reduced to 8 bits and alpha is dropped.
    ///
    /// Decoding is strict: a damaged or missing piece of coded data is an error, not a grey
    /// patch with a warning.
    func decodeRGB() throws -> RGBImage {
        let decoded = try decode(heif_colorspace_RGB, heif_chroma_interleaved_RGB, what: "the HEIC image")
        defer { heif_image_release(decoded) }
        let (plane, stride, width, height) = try Self.plane(decoded, heif_channel_interleaved, bytesPerPixel: 3, what: "8-bit RGB pixels")
        let rowBytes = width * 3
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        pixels.withUnsafeMutableBytes { output in
            for y in 0..<height {
                (output.baseAddress! + y * rowBytes).copyMemory(from: plane + y * stride, byteCount: rowBytes)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Decodes the image as displayed, strictly, 8 bits a sample, in `colourSpace` and `chroma`;
    /// the caller releases the image (`heif_image_release`).
    func decode(_ colourSpace: heif_colorspace, _ chroma: heif_chroma, what: String) throws -> OpaquePointer {
        guard let options = heif_decoding_options_alloc() else {
            throw MediaError(.tooLarge, "cannot allocate libheif decoding options")
        }
        defer { heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 0
        options.pointee.convert_hdr_to_8bit = 1
        options.pointee.strict_decoding = 1
        var decoded: OpaquePointer?
        try HEIFLibrary.check(heif_decode_image(pointer, &decoded, colourSpace, chroma, options), "decode \(what)")
        guard let decoded else { throw MediaError(.corrupt, "libheif decoded no image") }
        return decoded
    }

    /// A decoded image's `channel`: its first byte, row stride, width and height, checked to
    /// hold `bytesPerPixel` bytes of 8-bit samples a pixel.
    static func plane(_ image: OpaquePointer, _ channel: heif_channel, bytesPerPixel: Int, what: String) throws
        -> (UnsafePointer<UInt8>, Int, Int, Int)
    {
        let width = Int(heif_image_get_width(image, channel))
        let height = Int(heif_image_get_height(image, channel))
        var stride: Int32 = 0
        guard width > 0, height > 0, heif_image_get_bits_per_pixel(image, channel) == 8 * Int32(bytesPerPixel),
            let plane = heif_image_get_plane_readonly(image, channel, &stride), Int(stride) >= width * bytesPerPixel
        else { throw MediaError(.corrupt, "libheif did not return \(what)") }
        return (plane, Int(stride), width, height)
    }
}
