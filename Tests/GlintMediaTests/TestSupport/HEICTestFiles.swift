import CHeif
import Foundation
import GlintMedia
import Testing

/// HEIC files made for tests: small encodes of a test picture, a 10-bit one (which Glint's own
/// encoder never writes), and damaged copies.
enum HEICTestFiles {
    /// A 96x64 picture: a horizontal red ramp, a vertical green ramp, constant blue.
    static func ramp(width: Int = 96, height: Int = 64) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                image.pixels[i] = UInt8(x * 255 / (width - 1))
                image.pixels[i + 1] = UInt8(y * 255 / (height - 1))
                image.pixels[i + 2] = 128
            }
        }
        return image
    }

    /// A 10-bit HEIC of ``ramp(width:height:)`` (samples scaled to 0...1023), written with
    /// libheif directly.
    static func tenBit(width: Int = 96, height: Int = 64) throws -> [UInt8] {
        let source = ramp(width: width, height: height)
        var image: OpaquePointer?
        try #require(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_interleaved_RRGGBB_LE, &image).code == heif_error_Ok)
        let picture = try #require(image)
        defer { heif_image_release(picture) }
        try #require(heif_image_add_plane(picture, heif_channel_interleaved, Int32(width), Int32(height), 10).code == heif_error_Ok)
        var stride: Int32 = 0
        let plane = try #require(heif_image_get_plane(picture, heif_channel_interleaved, &stride))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(plane + y * Int(stride)).assumingMemoryBound(to: UInt16.self)
            for x in 0..<width * 3 {
                row[x] = UInt16(UInt32(source.pixels[y * width * 3 + x]) * 1023 / 255).littleEndian
            }
        }
        let context = try #require(heif_context_alloc())
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try #require(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).code == heif_error_Ok)
        defer { heif_encoder_release(encoder) }
        _ = heif_encoder_set_lossy_quality(encoder, 95)
        try #require(heif_context_encode_image(context, picture, encoder, nil, nil).code == heif_error_Ok)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var writer = heif_writer(writer_api_version: 1) { _, data, size, userdata in
            Unmanaged<Sink>.fromOpaque(userdata!).takeUnretainedValue().bytes
                .append(contentsOf: UnsafeRawBufferPointer(start: data, count: size))
            return cheif_ok()
        }
        try #require(heif_context_write(context, &writer, Unmanaged.passUnretained(sink).toOpaque()).code == heif_error_Ok)
        return sink.bytes
    }

    /// `bytes` with the first `ispe` box's width and height replaced.
    static func withImageSize(_ bytes: [UInt8], width: UInt32, height: UInt32) throws -> [UInt8] {
        let type = Array("ispe".utf8)
        let at = try #require((4..<bytes.count - 16).first { bytes[$0..<$0 + 4].elementsEqual(type) }, "no ispe box")
        // type(4) version+flags(4) width(4) height(4)
        var copy = bytes
        copy.replaceSubrange(at + 8..<at + 12, with: withUnsafeBytes(of: width.bigEndian, Array.init))
        copy.replaceSubrange(at + 12..<at + 16, with: withUnsafeBytes(of: height.bigEndian, Array.init))
        return copy
    }

    /// Writes `bytes` to `name` in `directory` and returns the path.
    static func write(_ bytes: [UInt8], named name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
