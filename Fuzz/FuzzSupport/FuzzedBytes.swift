/// Splits one fuzzer input into the values a harness needs (LLVM's `FuzzedDataProvider`, in
/// Swift): integers and choices are taken from the end, so that the front stays the parser's
/// bytes and seeds from real files keep their meaning.
public struct FuzzedBytes {
    private var bytes: ArraySlice<UInt8>

    public init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = ArraySlice(UnsafeRawBufferPointer(start: start, count: count))
    }

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    /// Whether nothing is left.
    public var isEmpty: Bool { bytes.isEmpty }

    /// An integer in `range`, from up to 8 bytes at the end (the lower bound when none is left).
    public mutating func integer(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound))
        var value: UInt64 = 0
        var taken = 0
        while taken < 8, span >> (8 * taken) != 0, let last = bytes.popLast() {
            value = value << 8 | UInt64(last)
            taken += 1
        }
        let offset = span == .max ? value : value % (span + 1)
        return Int(Int64(range.lowerBound) &+ Int64(bitPattern: offset))
    }

    /// A choice of `count` (0..<count).
    public mutating func choice(_ count: Int) -> Int {
        integer(in: 0...max(0, count - 1))
    }

    /// True or false, from one byte at the end.
    public mutating func bool() -> Bool {
        (bytes.popLast() ?? 0) & 1 == 1
    }

    /// Up to `maxCount` bytes from the front.
    public mutating func prefix(_ maxCount: Int) -> [UInt8] {
        let taken = Array(bytes.prefix(maxCount))
        bytes = bytes.dropFirst(taken.count)
        return taken
    }

    /// Everything left.
    public mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }

    /// Everything left, as text (invalid UTF-8 repaired, as `String(decoding:)` does).
    public mutating func restAsText() -> String {
        String(decoding: rest(), as: UTF8.self)
    }
}
