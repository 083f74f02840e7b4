import CFFmpeg
import CHeif

/// The C libraries Glint opens on first use instead of linking: FFmpeg (libavformat, libavcodec,
/// libavutil, libswscale, libswresample) and libheif.
///
/// Linked, they cost every `glint` process 40-65 ms of dynamic linking before `main` (some 150
/// shared libraries, most of them FFmpeg's and libheif's dependencies), whether or not the
/// command touches video or HEIC. They are opened with `dlopen` the first time a type that needs
/// them is used instead: the types that open decoders, encoders, scalers and HEIC contexts call
/// ``requireFFmpeg()`` or ``requireHeif()`` before their first C call, so a missing or
/// incompatible library reaches the caller as a ``MediaError`` rather than a crash.
public enum MediaLibraries {
    /// Loads FFmpeg if it is not loaded yet (thread-safe; afterwards this costs one atomic load).
    /// - Throws: ``MediaError`` `.unsupported` ("FFmpeg (libavcodec.so.59) cannot be loaded: ...")
    ///   when one of its libraries cannot be opened or lacks a function Glint calls.
    public static func requireFFmpeg() throws {
        guard cffmpeg_load() == 0 else { return }
        throw MediaError(
            .unsupported,
            "FFmpeg (\(String(cString: cffmpeg_soname()))) cannot be loaded: "
                + reason(cffmpeg_load_error()))
    }

    /// Loads libheif if it is not loaded yet (thread-safe; afterwards this costs one atomic load).
    /// - Throws: ``MediaError`` `.unsupported` ("libheif (libheif.so.1) cannot be loaded: ...") when
    ///   the library cannot be opened or lacks a function Glint calls.
    public static func requireHeif() throws {
        guard cheif_load() == 0 else { return }
        throw MediaError(
            .unsupported,
            "libheif (\(String(cString: cheif_soname()))) cannot be loaded: "
                + reason(cheif_load_error()))
    }

    /// Whether this process has loaded FFmpeg (loads nothing).
    public static var isFFmpegLoaded: Bool { cffmpeg_is_loaded() != 0 }

    /// Whether this process has loaded libheif (loads nothing).
    public static var isHeifLoaded: Bool { cheif_is_loaded() != 0 }

    private static func reason(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0) } ?? "unknown reason"
    }
}
