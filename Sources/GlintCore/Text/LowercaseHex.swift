/// Lower-case hex of bytes: blob ids (SHA-256), API keys, share ids and webhook signatures.
public enum LowercaseHex {
    /// Two lower-case hex digits per byte.
    public static func string<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }
}
