/// Lower-case hex of bytes.
enum LowercaseHex {
    static func string(_ bytes: [UInt8]) -> String {
        bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }
}
