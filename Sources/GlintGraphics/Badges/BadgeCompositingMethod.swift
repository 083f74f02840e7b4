/// How a badge was put into the photo's file.
public enum BadgeCompositingMethod: String, Sendable, Codable {
    /// JPEG: only the MCUs under the badge were re-encoded and spliced into the entropy-coded
    /// data; every other byte of the scan is the original's.
    case splice
    /// JPEG: the DCT coefficients of the blocks under the badge were replaced; every other block
    /// is bit-identical.
    case coefficients
    /// The whole picture was decoded, badged and encoded again (PNG, HEIC).
    case fullReencode = "full re-encode"
}
