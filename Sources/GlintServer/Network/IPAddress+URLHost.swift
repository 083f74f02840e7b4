extension IPAddress {
    /// What a URL's host means as an address, the way URL parsers (WHATWG) and `inet_aton` read it.
    public enum URLHostReading: Hashable, Sendable {
        /// A literal address, in any spelling: `127.0.0.1`, `[::1]`, `2130706433`, `0x7f.1`,
        /// `0177.0.0.1`, `127.1`.
        case address(IPAddress)
        /// A name to resolve.
        case name(String)
        /// Looks like an address (its last label is a number) but is not a valid one, so no two
        /// parsers can be trusted to agree on it.
        case invalid
    }

    /// Reads a URL's host: an IPv6 literal in brackets, an IPv4 address in every spelling a URL
    /// parser or resolver accepts (1 to 4 parts, each decimal, octal with a leading `0` or hex with
    /// `0x`, the last filling the remaining bytes), or a name.
    public static func reading(urlHost host: String) -> URLHostReading {
        var text = host
        if text.hasPrefix("[") && text.hasSuffix("]") {
            text = String(text.dropFirst().dropLast())
            return IPAddress(text).map { .address($0) } ?? .invalid
        }
        if text.contains(":") { return IPAddress(text).map { .address($0) } ?? .invalid }
        if text.hasSuffix(".") { text.removeLast() }
        guard let last = text.split(separator: ".", omittingEmptySubsequences: false).last, Self.isNumeric(last) else {
            return .name(host)
        }
        return Self.lenientIPv4(text).map { .address($0) } ?? .invalid
    }

    /// An address in any spelling a URL parser or resolver accepts for one; nil for a name or
    /// something invalid.
    public init?(urlHost host: String) {
        guard case .address(let address) = Self.reading(urlHost: host) else { return nil }
        self = address
    }

    private static func isNumeric(_ label: Substring) -> Bool {
        guard !label.isEmpty else { return false }
        let lower = label.lowercased()
        if lower.hasPrefix("0x") { return lower.dropFirst(2).allSatisfy(\.isHexDigit) }
        return lower.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// WHATWG's IPv4 parser: nil when a part is not a number or a value is out of range.
    private static func lenientIPv4(_ text: String) -> IPAddress? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = number(part) else { return nil }
            numbers.append(number)
        }
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }) else { return nil }
        let lastBytes = 5 - numbers.count
        guard numbers.last! < (UInt64(1) << (8 * UInt64(lastBytes))) else { return nil }
        var value = numbers.last!
        for (index, number) in numbers.dropLast().enumerated() { value += number << (8 * UInt64(3 - index)) }
        return IPAddress(bytes: [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    private static func number(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.count <= 34 else { return nil }
        let lower = part.lowercased()
        if lower.hasPrefix("0x") {
            let digits = lower.dropFirst(2)
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)
        }
        if lower.count > 1 && lower.hasPrefix("0") { return UInt64(lower.dropFirst(), radix: 8) }
        guard lower.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return UInt64(lower, radix: 10)
    }
}
