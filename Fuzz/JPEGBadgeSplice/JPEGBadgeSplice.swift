import FuzzSupport

@testable import GlintMedia

/// A badge patched into a JPEG without re-encoding the rest of it, as `glint badge` does
/// (GlintGraphics' `JPEGBadgeCompositing`: `JPEGStill`, then `JPEGPatchCompositor.composite`,
/// which splices the changed blocks into a baseline file's scan, or goes through libjpeg's
/// coefficients otherwise). The result is decoded with libjpeg-turbo (`JPEGDecoder`): when the
/// original decodes cleanly, so must the result, at the same size, with every pixel away from
/// the patched blocks unchanged; its marker segments and what follows its image are the
/// original's.
///
/// Where the badge goes (corner, size) is taken from a hash of the input, so that seeds stay
/// whole JPEGs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGBadgeSplice(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let path = FuzzFile.shared(suffix: ".jpg").write(bytes)
    guard let still = try? JPEGStill(path: path, limits: BadgeSplice.limits) else { return 0 }
    let placement = BadgeSplice.Placement(hash: BadgeSplice.hash(bytes), width: still.width, height: still.height)
    let badge = BadgeSplice.badge(size: placement.size)
    guard let result = try? JPEGPatchCompositor.composite(still.bytes, file: still.path, overlay: badge, x: placement.x, y: placement.y) else {
        return 0
    }
    BadgeSplice.check(result, of: still, placement: placement)
    return 0
}

enum BadgeSplice {
    /// Whether the scan holds `0xFF` fill bytes before a stuffed `0x00` (`FF FF ... 00`), which
    /// T.81 does not allow: libjpeg's fast and slow Huffman paths read it differently, so its
    /// decoding of such a file is no reference (the splice writes it as one stuffed `FF 00`).
    static func hasFillBytesInData(_ file: JPEGFile) -> Bool {
        let bytes = file.bytes
        var index = file.imageDataRange.lowerBound
        while index + 1 < file.imageDataRange.upperBound {
            if bytes[index] == 0xFF && bytes[index + 1] == 0xFF {
                var next = index + 1
                while next < file.imageDataRange.upperBound && bytes[next] == 0xFF { next += 1 }
                if next < file.imageDataRange.upperBound && bytes[next] == 0x00 { return true }
                index = next
            } else {
                index += 1
            }
        }
        return false
    }

    /// Small enough that two whole decodes stay well inside the time per input.
    static let limits = ImageLimits(maxWidth: 8192, maxHeight: 8192, maxPixelCount: 2_000_000)

    /// FNV-1a of the input.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// A square badge inside the image, in one of its corners, a few pixels in.
    struct Placement {
        var x: Int
        var y: Int
        var size: Int

        init(hash: UInt64, width: Int, height: Int) {
            size = max(1, min(Int(hash % 48) + 1, width, height))
            let inset = Int((hash >> 8) % 16)
            let right = (hash >> 12) & 1 == 1
            let bottom = (hash >> 13) & 1 == 1
            x = right ? max(0, width - size - inset) : min(inset, width - size)
            y = bottom ? max(0, height - size - inset) : min(inset, height - size)
        }
    }

    /// A round badge: opaque white in the middle, fading out, transparent in the corners.
    static func badge(size: Int) -> RGBAImage {
        var image = RGBAImage(width: size, height: size)
        let centre = Double(size - 1) / 2
        for y in 0..<size {
            for x in 0..<size {
                let distance = ((Double(x) - centre) * (Double(x) - centre) + (Double(y) - centre) * (Double(y) - centre)).squareRoot()
                let alpha = max(0, min(255, 255 - 255 * (distance - centre * 0.6) / max(1, centre * 0.4)))
                let at = (y * size + x) * 4
                image.pixels[at] = 255
                image.pixels[at + 1] = UInt8(x * 255 / max(1, size - 1))
                image.pixels[at + 2] = 40
                image.pixels[at + 3] = UInt8(alpha)
            }
        }
        return image
    }

    static func check(_ result: JPEGPatchResult, of still: JPEGStill, placement: Placement) {
        let bounds = result.blockBounds
        require(
            bounds.x >= 0 && bounds.y >= 0 && bounds.x <= placement.x && bounds.y <= placement.y
                && bounds.x + bounds.width >= placement.x + placement.size && bounds.y + bounds.height >= placement.y + placement.size
                && bounds.x + bounds.width <= still.width && bounds.y + bounds.height <= still.height,
            "the re-encoded blocks \(bounds) cover the badge and lie inside the \(still.width)x\(still.height) image")
        let file: JPEGFile
        do {
            file = try JPEGFile(parsing: result.bytes)
        } catch {
            fatalError("the badged JPEG (\(result.method)) does not parse: \(error)")
        }
        let kept = { (segments: [JPEGSegment]) in segments.filter { $0.isApplication || $0.marker == 0xFE } }
        require(kept(file.segments).count == kept(still.file.segments).count, "the badged JPEG keeps every APPn and COM segment")
        if still.file.mpfHeaderOffset == nil {
            require(kept(file.segments) == kept(still.file.segments), "the badged JPEG keeps the APPn and COM segments as they were")
        }
        require(file.trailingBytes.elementsEqual(still.file.trailingBytes), "what followed the image follows it still")
        compareDecoded(result, of: still)
    }

    /// Decodes both: a clean original gives a clean result, equal away from the patched blocks.
    static func compareDecoded(_ result: JPEGPatchResult, of still: JPEGStill) {
        guard !hasFillBytesInData(still.file) else { return }
        guard let original = try? JPEGDecoder.decodeReportingWarnings(still.bytes, limits: limits), original.warningCount == 0 else { return }
        // Kept for the report when a check below fails: the badged file, beside the input's.
        FuzzFile.shared(suffix: "-badged.jpg").write(result.bytes)
        let badged: DecodedJPEG
        do {
            badged = try JPEGDecoder.decodeReportingWarnings(result.bytes, limits: limits)
        } catch {
            fatalError("libjpeg cannot decode the badged JPEG (\(result.method)): \(error)")
        }
        // A damaged scan can end in junk after its last MCU that libjpeg reads ahead into its bit
        // buffer without a word; the splice copies the tail as it is, shifted, and libjpeg may
        // then count the same junk as extraneous bytes before EOI. Any other warning is a finding.
        let tailJunk = badged.warningCount == 1 && badged.firstWarning?.contains("extraneous bytes before marker 0xd9") == true
        require(badged.warningCount == 0 || tailJunk, "libjpeg warns about the badged JPEG (\(result.method)): \(badged.firstWarning ?? "")")
        let (a, b) = (original.image, badged.image)
        require(a.width == b.width && a.height == b.height, "the badged JPEG keeps its size")
        // Chroma upsampling spreads a changed block into its neighbours' pixels: one iMCU of margin.
        let margin = 16
        let bounds = result.blockBounds
        let columns = (bounds.x - margin)..<(bounds.x + bounds.width + margin)
        let rows = (bounds.y - margin)..<(bounds.y + bounds.height + margin)
        for y in 0..<a.height {
            for x in 0..<a.width where !(rows.contains(y) && columns.contains(x)) {
                let at = (y * a.width + x) * 3
                require(
                    a.pixels[at] == b.pixels[at] && a.pixels[at + 1] == b.pixels[at + 1] && a.pixels[at + 2] == b.pixels[at + 2],
                    "pixel (\(x), \(y)) away from the patched blocks \(bounds) changed (\(result.method))")
            }
        }
    }
}

/// `precondition`, but its message is printed in an optimised build too (a fuzz finding's report).
private func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}
