import CFFmpeg

/// Controls what FFmpeg's libraries print on their own.
public enum FFmpegLogging {
    /// Stops FFmpeg (and the encoders it wraps, such as libx264) from writing banners and
    /// warnings to standard error. Every failure Glint meets still reaches the caller as a
    /// ``MediaError``; command-line tools call this so their standard error stays one line.
    ///
    /// Loads nothing: FFmpeg is opened on first use (``MediaLibraries``), and the level applies
    /// from then on.
    public static func silence() {
        cffmpeg_set_log_level(AV_LOG_QUIET)
    }
}
