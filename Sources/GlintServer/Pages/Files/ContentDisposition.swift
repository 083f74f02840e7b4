/// `Content-Disposition` values for downloads.
enum ContentDisposition {
    /// `attachment; filename="<name>"`: `fileName` reduced to letters, digits, `.`, `-` and `_`
    /// (so nothing in it can break out of the quotes or name another folder).
    static func attachment(fileName: String) -> String {
        let safe = String(
            fileName.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
        return "attachment; filename=\"\(safe.isEmpty ? "download" : safe)\""
    }
}
