/// Escaping of text put into HTML: every page builds its markup from escaped values only.
extension String {
    /// `self` safe to place in HTML text or in a double- or single-quoted attribute value:
    /// `&`, `<`, `>`, `"` and `'` become character references.
    var htmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for character in unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
