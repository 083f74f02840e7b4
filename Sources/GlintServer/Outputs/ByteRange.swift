/// A single `Range: bytes=...` request header, resolved against a file's size (RFC 9110 §14).
enum ByteRange: Equatable {
    /// No usable range: serve the whole file (no header, another unit, several ranges, or syntax
    /// errors, which RFC 9110 says to ignore).
    case whole
    /// Serve these bytes (206).
    case partial(ClosedRange<Int64>)
    /// The range starts past the end (416).
    case unsatisfiable

    /// - Parameters:
    ///   - header: The `Range` header's value, nil when absent.
    ///   - size: The file's size in bytes.
    init(header: String?, size: Int64) {
        guard let header, header.hasPrefix("bytes=") else { self = .whole; return }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { self = .whole; return }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            // bytes=-N: the last N bytes.
            guard let count = Int64(last), count >= 0 else { self = .whole; return }
            guard count > 0, size > 0 else { self = .unsatisfiable; return }
            self = .partial(max(size - count, 0)...(size - 1))
            return
        }
        guard let start = Int64(first), start >= 0 else { self = .whole; return }
        let end: Int64
        if last.isEmpty {
            end = size - 1
        } else {
            guard let value = Int64(last), value >= start else { self = .whole; return }
            end = min(value, size - 1)
        }
        guard start < size else { self = .unsatisfiable; return }
        self = .partial(start...end)
    }
}

import Foundation
