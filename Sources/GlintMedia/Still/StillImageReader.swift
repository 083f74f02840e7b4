/// Opens a still as a ``JPEGStill``, a ``HEICStill`` or a ``PNGStill``, recognised from its content
/// (never its name).
public enum StillImageReader {
    /// Reads and parses the still at `path`.
    /// - Throws: ``MediaError`` naming the file: `.notFound`, `.empty`, `.unsupported` for a file
    ///   that is not a JPEG, HEIC or PNG, and whatever the format's reader finds wrong.
    public static func read(path: String, limits: ImageLimits = .default) throws -> any StillImage {
        try read(file: try RandomAccessFile(path: path), limits: limits)
    }

    /// Reads and parses the still in an open file.
    public static func read(file: RandomAccessFile, limits: ImageLimits = .default) throws -> any StillImage {
        guard file.size > 0 else { throw MediaError(.empty, file: file.path, "file is empty") }
        let head = try file.read(at: 0, count: Int(min(file.size, 16)))
        switch StillFormat(sniffing: head) {
        case .jpeg: return try JPEGStill(file: file, limits: limits)
        case .heic: return try HEICStill(file: file, limits: limits)
        case .png: return try PNGStill(file: file, limits: limits)
        case nil: throw MediaError(.unsupported, file: file.path, "not a JPEG, HEIC or PNG still")
        }
    }
}
