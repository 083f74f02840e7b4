import CColourKernels
import CFFmpeg

/// Where the samples of an 8-bit YUV 4:2:0 picture, or of a rectangle of one, lie in memory:
/// a base pointer and a row stride per plane.
///
/// A view, owning nothing: valid only while the frame it was taken from lives and is not
/// written by anyone else. The rectangle's origin and size are even, so it starts and ends on
/// whole chroma samples.
struct YUVPlanes {
    var y: UnsafeMutablePointer<UInt8>
    var u: UnsafeMutablePointer<UInt8>
    var v: UnsafeMutablePointer<UInt8>
    var yStride: Int
    var uStride: Int
    var vStride: Int
    /// Size of the rectangle in luma samples (even).
    var width: Int
    var height: Int

    /// The rectangle `crop` (even origin and size) of a `yuv420p` or `yuvj420p` frame.
    init(frame: UnsafeMutablePointer<AVFrame>, crop: PixelRect) {
        precondition(
            crop.x % 2 == 0 && crop.y % 2 == 0 && crop.width % 2 == 0 && crop.height % 2 == 0,
            "a 4:2:0 rectangle must have an even origin and size")
        let f = frame.pointee
        yStride = Int(f.linesize.0)
        uStride = Int(f.linesize.1)
        vStride = Int(f.linesize.2)
        y = f.data.0! + crop.y * yStride + crop.x
        u = f.data.1! + crop.y / 2 * uStride + crop.x / 2
        v = f.data.2! + crop.y / 2 * vStride + crop.x / 2
        width = crop.width
        height = crop.height
    }

    /// Whether frames in `format` can be viewed as 8-bit 4:2:0 planes.
    static func canView(_ format: AVPixelFormat) -> Bool {
        format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUVJ420P
    }

    /// The planes as CColourKernels takes them.
    var kernelPlanes: glint_yuv_planes {
        glint_yuv_planes(y: y, u: u, v: v, y_stride: yStride, u_stride: uStride, v_stride: vStride)
    }

    /// Copies the samples of `source` (the same size) into these planes.
    func copy(from source: YUVPlanes) {
        precondition(source.width == width && source.height == height, "plane copy between different sizes")
        av_image_copy_plane(y, Int32(yStride), source.y, Int32(source.yStride), Int32(width), Int32(height))
        av_image_copy_plane(u, Int32(uStride), source.u, Int32(source.uStride), Int32(width / 2), Int32(height / 2))
        av_image_copy_plane(v, Int32(vStride), source.v, Int32(source.vStride), Int32(width / 2), Int32(height / 2))
    }
}
