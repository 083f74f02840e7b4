/// Composites onto a JPEG without re-encoding the rest of the photo: only the DCT blocks whose
/// pixels change are re-encoded, with the file's own quantisation tables and sampling; every other
/// block keeps its exact coefficients, and every marker segment is kept.
///
/// Two ways of writing the result (``JPEGPatchMethod``): a bitstream splice for baseline
/// Huffman-coded files (the fast path; only the MCU rows the patch touches are Huffman-decoded),
/// and libjpeg-turbo's coefficient API for everything else (progressive, arithmetic-coded).
/// Both produce the same coefficients. Safe to call from any thread.
public enum JPEGPatchCompositor {
    /// Decodes the iMCU-aligned region covering `x, y, width, height`, hands it to `edit` as RGB,
    /// and writes a JPEG in which only the blocks whose pixels changed are re-encoded.
    /// - Parameters:
    ///   - jpeg: The JPEG file.
    ///   - file: The path named in errors.
    ///   - x: First column of the patch, in coded pixel coordinates (as stored, before EXIF
    ///     orientation).
    ///   - y: First row of the patch.
    ///   - width: Columns the patch covers (positive).
    ///   - height: Rows the patch covers (positive).
    ///   - method: The method to use; `nil` picks the fastest that applies. Asking for
    ///     ``JPEGPatchMethod/bitstreamSplice`` on a file it cannot handle is an `.unsupported` error.
    ///   - edit: Changes the region's pixels in place. It gets the file's own RGB values (no colour
    ///     management) and the region's origin in the image; it must not change the image's size.
    /// - Returns: The new file, the method used and the region re-encoded.
    /// - Throws: ``MediaError`` naming `file`: `.invalidArgument` for a region that is empty or
    ///   not inside the image, or an edit that resized the image; `.empty`, `.truncated`,
    ///   `.corrupt`, `.unsupported` (CMYK, 12-bit) or `.tooLarge` for the JPEG itself; anything
    ///   `edit` throws is passed on unchanged.
    public static func composite(
        _ jpeg: [UInt8], file: String?, x: Int, y: Int, width: Int, height: Int,
        method: JPEGPatchMethod? = nil,
        edit: (inout RGBImage, _ originX: Int, _ originY: Int) throws -> Void
    ) throws -> JPEGPatchResult {
        do {
            return try compositeNamingNoFile(jpeg, x: x, y: y, width: width, height: height, method: method, edit: edit)
        } catch let error as MediaError {
            throw file.map { error.naming($0) } ?? error
        }
    }

    private static func compositeNamingNoFile(
        _ jpeg: [UInt8], x: Int, y: Int, width: Int, height: Int, method: JPEGPatchMethod?,
        edit: (inout RGBImage, Int, Int) throws -> Void
    ) throws -> JPEGPatchResult {
        guard width > 0, height > 0 else {
            throw MediaError(.invalidArgument, "the patch region \(width)x\(height) is empty")
        }
        let parsed = try JPEGFile(parsing: jpeg)
        var edit = edit
        if method != .coefficients {
            switch try compositeBySplicing(
                parsed, x: x, y: y, width: width, height: height,
                required: method == .bitstreamSplice, edit: edit)
            {
            case .spliced(let result):
                return result
            case .notApplicable(let edited?):
                // The edit already ran on the same pixels: use its result rather than run it twice.
                edit = { region, _, _ in region = edited }
            case .notApplicable(nil):
                break
            }
        }
        return try compositeThroughCoefficients(parsed, x: x, y: y, width: width, height: height, edit: edit)
    }

    /// The coefficient path: libjpeg reads every block, the changed ones are replaced, libjpeg
    /// writes them all again.
    private static func compositeThroughCoefficients(
        _ parsed: JPEGFile, x: Int, y: Int, width: Int, height: Int,
        edit: (inout RGBImage, Int, Int) throws -> Void
    ) throws -> JPEGPatchResult {
        let coefficients = try JPEGCoefficients(reading: parsed.bytes)
        let layout = coefficients.layout
        try layout.validateForPatching()
        try checkRegion(x: x, y: y, width: width, height: height, in: layout)
        let bounds = layout.iMCUBounds(x: x, y: y, width: width, height: height)
        var region = try JPEGBlockRegion(layout: layout, bounds: bounds) { c, rect in
            try coefficients.blocks(component: c, rect)
        }
        let count = try editRegion(&region, edit: edit).count
        for (c, rect) in region.blockRects.enumerated() {
            try coefficients.setBlocks(component: c, rect, region.blocks[c])
        }
        let encoded = try coefficients.write()
        let bytes = try JPEGPatchAssembly.rewrittenFile(parsed, encoded: encoded)
        return JPEGPatchResult(bytes: bytes, method: .coefficients, blockBounds: tuple(bounds), changedBlockCount: count)
    }

    /// Decodes the region, runs `edit`, re-encodes the changed blocks.
    static func editRegion(_ region: inout JPEGBlockRegion, edit: (inout RGBImage, Int, Int) throws -> Void) throws
        -> (changed: [[Bool]], count: Int, image: RGBImage)
    {
        let original = region.decodeRGB()
        var edited = original
        try edit(&edited, region.bounds.x, region.bounds.y)
        guard edited.width == original.width, edited.height == original.height,
            edited.pixels.count == original.pixels.count
        else {
            throw MediaError(
                .invalidArgument, "the patch edit changed the region's size from \(original.width)x\(original.height) to \(edited.width)x\(edited.height)")
        }
        let changed = region.reencodeChangedBlocks(original: original, edited: edited)
        return (changed, changed.reduce(0) { $0 + $1.filter { $0 }.count }, edited)
    }

    static func checkRegion(x: Int, y: Int, width: Int, height: Int, in layout: JPEGFrameLayout) throws {
        guard x >= 0, y >= 0, x < layout.width, y < layout.height,
            width <= layout.width - x, height <= layout.height - y
        else {
            throw MediaError(
                .invalidArgument, "the patch region \(width)x\(height) at (\(x), \(y)) does not lie within the \(layout.width)x\(layout.height) image")
        }
    }

    static func tuple(_ rect: PixelRect) -> (x: Int, y: Int, width: Int, height: Int) {
        (rect.x, rect.y, rect.width, rect.height)
    }
}
