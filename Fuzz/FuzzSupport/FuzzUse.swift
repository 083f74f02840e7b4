import Foundation

/// Uses what a parser returned, so that a wrong length or offset is found where it is read:
/// ``use(_:)`` walks every stored property of a value (and of what it holds, to any depth)
/// through `dump`, which reads each one; ``keep(_:)`` keeps a computed value from being
/// optimised away.
public enum FuzzUse {
    /// Reads every field of `value`, recursively (arrays and dictionaries element by element).
    public static func use<T>(_ value: T) {
        var sink = Sink()
        dump(value, to: &sink, maxDepth: 64, maxItems: 10_000_000)
        keep(sink.count)
    }

    /// Keeps `value` alive and observable: the optimiser cannot remove what produced it.
    @inline(never)
    public static func keep<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }

    /// Prints why an input was refused when `FUZZ_DEBUG` is set (to check that seeds parse).
    public static func note(_ error: Error) {
        if ProcessInfo.processInfo.environment["FUZZ_DEBUG"] != nil { print("refused: \(error)") }
    }

    /// A text stream that only counts what it is given.
    private struct Sink: TextOutputStream {
        var count = 0
        mutating func write(_ string: String) { count &+= string.utf8.count }
    }
}
