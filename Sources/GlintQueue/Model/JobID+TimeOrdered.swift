import Foundation
import Synchronization

extension JobID {
    /// A new id that sorts after every id this process made before: a UUID version 7 (RFC 9562),
    /// the creation time's Unix milliseconds in the first 48 bits, then a 12-bit counter (method 1
    /// of RFC 9562 §6.2) that orders ids made in the same millisecond, then 62 random bits.
    ///
    /// Stores give jobs these ids, so an index on the id is also an index on creation order: the
    /// PostgreSQL store lists newest first through its primary key instead of a second index that
    /// every update of every row would have to maintain, and new rows go to the right-hand edge of
    /// the id index instead of a random page. Ids from different processes in the same millisecond
    /// are ordered by their counters and random bits, not by which came first.
    ///
    /// - Parameter date: the creation time (the store's clock). When it is earlier than the last id's
    ///   millisecond (a clock stepped back, or a test clock), the last id's millisecond is kept so
    ///   that ids still increase.
    public static func timeOrdered(at date: Date) -> JobID {
        let milliseconds = UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded(.down)))
        let (stamp, counter) = TimeOrderedIDSequence.shared.next(milliseconds: milliseconds)
        var random = SystemRandomNumberGenerator()
        let low = random.next() as UInt64
        let bytes: [UInt8] = [
            UInt8(truncatingIfNeeded: stamp >> 40), UInt8(truncatingIfNeeded: stamp >> 32),
            UInt8(truncatingIfNeeded: stamp >> 24), UInt8(truncatingIfNeeded: stamp >> 16),
            UInt8(truncatingIfNeeded: stamp >> 8), UInt8(truncatingIfNeeded: stamp),
            0x70 | UInt8(truncatingIfNeeded: counter >> 8), UInt8(truncatingIfNeeded: counter),
            0x80 | UInt8(truncatingIfNeeded: low >> 58), UInt8(truncatingIfNeeded: low >> 48),
            UInt8(truncatingIfNeeded: low >> 40), UInt8(truncatingIfNeeded: low >> 32),
            UInt8(truncatingIfNeeded: low >> 24), UInt8(truncatingIfNeeded: low >> 16),
            UInt8(truncatingIfNeeded: low >> 8), UInt8(truncatingIfNeeded: low),
        ]
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return JobID(uuid)
    }

    /// The creation millisecond of a time-ordered id (nil for ids that are not version 7).
    public var timeOrderedMilliseconds: UInt64? {
        let bytes = uuid.uuid
        guard bytes.6 >> 4 == 7 else { return nil }
        return [bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5].reduce(0) { $0 << 8 | UInt64($1) }
    }
}

/// The last (millisecond, counter) this process handed out: the counter restarts at a random value
/// in its lower half each new millisecond (so that ids are not guessable from their neighbours and
/// 2,048 more fit in the millisecond), and when it runs out the millisecond moves on by one.
final class TimeOrderedIDSequence: Sendable {
    static let shared = TimeOrderedIDSequence()
    private let last = Mutex<(milliseconds: UInt64, counter: UInt16)>((0, 0))

    func next(milliseconds: UInt64) -> (milliseconds: UInt64, counter: UInt16) {
        last.withLock { last in
            if milliseconds > last.milliseconds {
                last = (milliseconds, UInt16.random(in: 0..<0x800))
            } else if last.counter < 0xFFF {
                last.counter += 1
            } else {
                last = (last.milliseconds + 1, UInt16.random(in: 0..<0x800))
            }
            return last
        }
    }
}
