import Foundation

/// Base64url without padding (RFC 4648 §5), as used in share tokens.
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// nil when `text` holds anything but the base64url alphabet, is not a whole number of bytes,
    /// or is not the one spelling ``encode(_:)`` gives those bytes (Foundation ignores the unused
    /// low bits of the last character: `...AAA` and `...AAB` would read alike, so every token would
    /// have four spellings).
    static func decode(_ text: String) -> Data? {
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = base64.count % 4
        guard remainder != 1 else { return nil }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        guard let data = Data(base64Encoded: base64), encode(data) == text else { return nil }
        return data
    }
}
