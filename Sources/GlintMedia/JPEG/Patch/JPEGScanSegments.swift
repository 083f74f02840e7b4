#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The restart segments of a baseline scan: where each one's entropy-coded data lies in the
/// file and which MCUs it codes. A scan without restart markers is one segment.
struct JPEGScanSegment {
    /// The segment's entropy-coded bytes in the file (stuffed), up to its RSTn or EOI marker.
    var data: Range<Int>
    /// The first MCU it codes.
    var firstMCU: Int
    /// How many MCUs it codes.
    var mcuCount: Int
    /// The last MCU it codes.
    var lastMCU: Int { firstMCU + mcuCount - 1 }
}

enum JPEGScanSegments {
    /// Finds segments 0 through `last` (the rest of the file is not looked at).
    /// - Throws: ``JPEGSpliceRefusal`` when the markers are not the RST0...RST7 sequence the
    ///   restart interval implies.
    static func locate(in bytes: [UInt8], header: BaselineScanHeader, through last: Int) throws(JPEGSpliceRefusal) -> [JPEGScanSegment] {
        let totalMCUs = header.mcusPerRow * header.mcuRows
        let interval = header.restartInterval > 0 ? header.restartInterval : totalMCUs
        let segmentCount = (totalMCUs + interval - 1) / interval
        var segments: [JPEGScanSegment] = []
        var start = header.dataStart
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(JPEGSpliceRefusal) in
            for index in 0...min(last, segmentCount - 1) {
                let (end, marker, next) = try nextMarker(buffer, from: start)
                let first = index * interval
                segments.append(JPEGScanSegment(data: start..<end, firstMCU: first, mcuCount: min(interval, totalMCUs - first)))
                let expected: UInt8 = index == segmentCount - 1 ? JPEGMarker.endOfImage : 0xD0 + UInt8(index % 8)
                guard marker == expected else {
                    throw JPEGSpliceRefusal("restart segment \(index) ends with marker 0x\(String(marker, radix: 16)), not 0x\(String(expected, radix: 16))")
                }
                start = next
            }
        }
        return segments
    }

    /// The first marker at or after `start` that is not a stuffed `0xFF 0x00`: where the data ends
    /// (before any `0xFF` fill bytes), the marker, and the offset just past it.
    private static func nextMarker(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) throws(JPEGSpliceRefusal) -> (Int, UInt8, Int) {
        guard let base = buffer.baseAddress else { throw JPEGSpliceRefusal("the scan is empty") }
        var index = start
        while index < buffer.count {
            guard let found = memchr(base + index, 0xFF, buffer.count - index) else { break }
            let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            var marker = at + 1
            while marker < buffer.count && buffer[marker] == 0xFF { marker += 1 }
            guard marker < buffer.count else { break }
            if buffer[marker] == 0 {
                index = marker + 1
                continue
            }
            return (at, buffer[marker], marker + 1)
        }
        throw JPEGSpliceRefusal("the scan data ends without a marker")
    }

    /// The segment's data with the byte stuffing removed. A stuffed `0xFF 0x00` may have `0xFF`
    /// fill bytes before its `0x00` (`0xFF 0xFF ... 0x00`): one data byte, as libjpeg reads it
    /// and as ``nextMarker(_:from:)`` steps over it.
    static func unstuffed(_ bytes: [UInt8], _ range: Range<Int>) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(range.count)
        bytes.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = buffer[index]
                out.append(byte)
                index += 1
                guard byte == 0xFF else { continue }
                while index < range.upperBound && buffer[index] == 0xFF { index += 1 }
                index += 1  // the stuffed 0x00
            }
        }
        return out
    }
}
