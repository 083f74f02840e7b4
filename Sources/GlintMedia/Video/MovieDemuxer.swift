import CFFmpeg

/// How Glint opens a movie with libavformat: with the QuickTime / MP4 demuxer (`mov`) alone,
/// never probing the bytes for another format, and with no protocol beyond the file itself.
///
/// A hostile upload cannot make FFmpeg open anything else: an HLS playlist (`#EXTM3U`), a concat
/// list or an image sequence saved as `.mov` is not read as one (no demuxer but `mov` is tried, and
/// `format_whitelist` refuses any other), and no URL it names is opened (`protocol_whitelist` is
/// `file` for a path, nothing at all for Glint's own reading callbacks; `mov`'s external data
/// references stay off, as FFmpeg leaves them).
enum MovieDemuxer {
    /// The one demuxer (FFmpeg's `mov,mp4,m4a,3gp,3g2,mj2`).
    static let name = "mov"

    /// `avformat_open_input` on `path` (nil for an `AVIOContext` of Glint's own, set on `context`
    /// already) with the `mov` demuxer, the format and protocol whitelists, and `extra` demuxer
    /// options; its status (`AVERROR_INVALIDDATA` where this FFmpeg has no `mov` demuxer).
    static func open(_ context: inout UnsafeMutablePointer<AVFormatContext>?, path: String?, extra: [(String, String)] = []) -> Int32 {
        guard let format = av_find_input_format(name) else { return cffmpeg_error_invaliddata() }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "format_whitelist", name, 0)
        // No protocol is named "none": with Glint's own I/O nothing may be opened.
        av_dict_set(&options, "protocol_whitelist", path == nil ? "none" : "file", 0)
        for (key, value) in extra { av_dict_set(&options, key, value, 0) }
        return avformat_open_input(&context, path, format, &options)
    }
}
