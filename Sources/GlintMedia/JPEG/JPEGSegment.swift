/// One marker segment of a JPEG file: the marker byte and the payload that follows the two-byte
/// length field.
///
/// A segment's length field counts itself, so a payload holds at most 65533 bytes.
public struct JPEGSegment: Sendable, Equatable {
    /// The most payload bytes one segment can carry.
    public static let maxPayloadCount = 65_533

    /// The marker byte (the byte after `0xFF`), for example ``JPEGMarker/app1``.
    public let marker: UInt8
    /// The bytes after the length field.
    public let payload: [UInt8]

    /// Creates a segment.
    /// - Parameters:
    ///   - marker: A marker that has a length field (not SOI, EOI, RSTn or TEM; not `0x00` or `0xFF`).
    ///   - payload: At most ``maxPayloadCount`` bytes.
    /// - Throws: ``MediaError`` `.tooLarge` for a payload over 65533 bytes, `.invalidArgument` for
    ///   a marker that cannot carry a payload.
    public init(marker: UInt8, payload: [UInt8]) throws {
        guard marker != 0x00, marker != 0xFF, !JPEGMarker.isStandalone(marker) else {
            throw MediaError(.invalidArgument, "JPEG marker 0x\(Self.hex(marker)) cannot carry a payload")
        }
        guard payload.count <= Self.maxPayloadCount else {
            throw MediaError(
                .tooLarge,
                "JPEG segment payload is \(payload.count) bytes; a segment holds at most \(Self.maxPayloadCount)"
            )
        }
        self.init(validatedMarker: marker, payload: payload)
    }

    /// Creates a segment the parser has already validated.
    init(validatedMarker marker: UInt8, payload: [UInt8]) {
        self.marker = marker
        self.payload = payload
    }

    /// Whether this is an application segment, APP0 to APP15.
    public var isApplication: Bool { JPEGMarker.isApplication(marker) }

    /// The segment as it appears in a file: `0xFF`, marker, big-endian length, payload.
    public var serialized: [UInt8] {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return bytes
    }

    /// Appends the segment as it appears in a file to `bytes`.
    public func append(to bytes: inout [UInt8]) {
        let length = payload.count + 2
        bytes.reserveCapacity(bytes.count + length + 2)
        bytes.append(0xFF)
        bytes.append(marker)
        bytes.append(UInt8(truncatingIfNeeded: length >> 8))
        bytes.append(UInt8(truncatingIfNeeded: length))
        bytes.append(contentsOf: payload)
    }

    /// Whether the payload begins with `signature`.
    func payloadStarts(with signature: [UInt8]) -> Bool {
        payload.count >= signature.count && payload.prefix(signature.count).elementsEqual(signature)
    }

    static func hex(_ byte: UInt8) -> String { JPEGMarker.hex(byte) }
}
