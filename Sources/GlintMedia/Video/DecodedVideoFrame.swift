import CFFmpeg

/// One decoded picture, owning the FFmpeg frame that holds its planes.
///
/// The frame is freed when the object is released. Its planes are never written after
/// decoding, so the object is safe to hand to another task (`@unchecked Sendable`): every
/// property is read-only and the underlying buffers are reference-counted by FFmpeg, which
/// does not reuse a buffer while this frame holds a reference to it.
public final class DecodedVideoFrame: @unchecked Sendable {
    /// The owner of the frame; the frame is never modified after `init`.
    private let box: AVFrameBox

    /// The owned frame; never `nil`.
    var frame: UnsafeMutablePointer<AVFrame> { box.frame }

    /// Takes ownership of `frame`.
    init(taking frame: UnsafeMutablePointer<AVFrame>) {
        self.box = AVFrameBox(taking: frame)
    }

    /// Takes ownership of a filled frame box, which nothing else may write to afterwards.
    init(box: AVFrameBox) {
        self.box = box
    }

    /// Width in pixels.
    public var width: Int { Int(frame.pointee.width) }

    /// Height in pixels.
    public var height: Int { Int(frame.pointee.height) }

    /// Presentation timestamp in the stream (or decoder) time base, or `nil` when unknown.
    public var pts: Int64? {
        let nopts = cffmpeg_nopts_value()
        if frame.pointee.pts != nopts { return frame.pointee.pts }
        if frame.pointee.best_effort_timestamp != nopts { return frame.pointee.best_effort_timestamp }
        return nil
    }

    /// FFmpeg's name for the pixel layout (for example `"yuvj420p"`, `"yuv420p10le"`).
    public var pixelFormatName: String {
        guard let name = av_get_pix_fmt_name(pixelFormat) else { return "unknown" }
        return String(cString: name)
    }

    /// Bits per component of the luma plane (8 or 10 for the movies Glint handles).
    public var bitDepth: Int {
        guard let descriptor = av_pix_fmt_desc_get(pixelFormat) else { return 8 }
        return Int(descriptor.pointee.comp.0.depth)
    }

    /// The colour description carried by the frame. A `yuvj*` pixel format with no range
    /// tag reports ``VideoColourRange/full``.
    public var colourInfo: VideoColourInfo {
        var info = VideoColourInfo(
            range: frame.pointee.color_range,
            primaries: frame.pointee.color_primaries,
            transfer: frame.pointee.color_trc,
            matrix: frame.pointee.colorspace
        )
        if info.range == .unspecified && PixelFormats.isJPEGRange(pixelFormat) {
            info.range = .full
        }
        return info
    }

    /// Whether the samples are 8-bit YUV 4:2:0 (`yuv420p`, `yuvj420p`), which a
    /// ``YUVColourTable`` reads in place.
    public var isEightBit420: Bool { YUVPlanes.canView(pixelFormat) }

    /// Whether the decoder marked this frame as a keyframe.
    public var isKeyframe: Bool { frame.pointee.key_frame != 0 }

    /// The frame's pixel format.
    var pixelFormat: AVPixelFormat { AVPixelFormat(rawValue: frame.pointee.format) }
}
