import Foundation

/// A single `Range: bytes=...` request resolved against a file's size (RFC 9110 §14).
///
/// Only one range is served; a header with several ranges, another unit or bad syntax is
/// ignored (the whole file is sent, as the RFC allows).
enum ByteRange: Equatable {
    /// Send the whole file (no header, or one this server ignores).
    case whole
    /// Send these bytes (inclusive offsets, within the file) as 206 Partial Content.
    case partial(ClosedRange<Int64>)
    /// No byte of the range lies in the file: 416 with `Content-Range: bytes */<size>`.
    case unsatisfiable

    /// Resolves the `Range` header value `header` for a file of `size` bytes.
    init(header: String?, size: Int64) {
        guard let header, header.hasPrefix("bytes=") else {
            self = .whole
            return
        }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        guard first.allSatisfy(\.isASCIIDigitCharacter), last.allSatisfy(\.isASCIIDigitCharacter) else {
            self = .whole
            return
        }
        if first.isEmpty {
            // A suffix: the last N bytes.
            guard let count = Int64(last) else {
                self = .whole
                return
            }
            guard count > 0, size > 0 else {
                self = .unsatisfiable
                return
            }
            self = .partial(max(0, size - count)...(size - 1))
            return
        }
        guard let start = Int64(first) else {
            self = .whole
            return
        }
        let end = last.isEmpty ? Int64.max : (Int64(last) ?? Int64.max)
        guard end >= start else {
            self = .whole
            return
        }
        guard start < size else {
            self = .unsatisfiable
            return
        }
        self = .partial(start...min(end, size - 1))
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
