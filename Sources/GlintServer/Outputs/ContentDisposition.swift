/// `Content-Disposition` values for downloads, per RFC 6266 with RFC 5987's encoding: the one
/// place that writes them, for `/v1` outputs and the share pages' downloads.
///
/// `attachment; filename="<ascii fallback>"; filename*=UTF-8''<percent-encoded>`: the quoted
/// fallback holds only ASCII letters, digits, `.`, `-` and `_` (nothing in it can end the quotes,
/// start another parameter, split the header or name another folder); the encoded name keeps the
/// rest (accents, other scripts) for clients that read it, with `/`, `\`, quotes and control
/// characters (CR, LF, NUL) replaced by `_` first.
enum ContentDisposition {
    /// The longest file name given, in characters; longer ones are cut.
    static let maximumLength = 200

    /// The header value for a download saved as `fileName`.
    static func attachment(fileName: String) -> String {
        let name = String(String.UnicodeScalarView(cleaned(fileName).prefix(maximumLength)))
        return "attachment; filename=\"\(asciiFallback(name))\"; filename*=UTF-8''\(percentEncoded(name))"
    }

    /// `fileName`'s scalars with path separators, quotes and control characters replaced by `_`,
    /// and a leading `.` too (no hidden file); `download` when nothing is left.
    static func cleaned(_ fileName: String) -> String.UnicodeScalarView {
        var scalars = String.UnicodeScalarView()
        for scalar in fileName.unicodeScalars {
            let unsafe =
                "/\\\"".unicodeScalars.contains(scalar) || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator
            scalars.append(unsafe || (scalars.isEmpty && scalar == ".") ? "_" : scalar)
        }
        return scalars.isEmpty ? "download".unicodeScalars : scalars
    }

    /// The name reduced to ASCII letters, digits, `.`, `-` and `_` (others become `_`).
    static func asciiFallback(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
                        ? scalar : "_"
                }))
    }

    /// RFC 5987's `value-chars`: UTF-8 bytes, each outside `attr-char` as `%XX`.
    static func percentEncoded(_ name: String) -> String {
        let attributeCharacters = Set("!#$&+-.^_`|~".utf8)
        var encoded = ""
        for byte in name.utf8 {
            let isLetterOrDigit = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if isLetterOrDigit || attributeCharacters.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }
}

extension String {
    /// The string with `0`s before it up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: Swift.max(0, length - count)) + self
    }
}
