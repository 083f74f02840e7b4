import Foundation
import GlintQueue
import GlintTestSupport
import Testing

@Suite("JobID.timeOrdered", .suiteTimeLimit)
struct TimeOrderedJobIDTests {
    @Test func isAVersion7UUIDCarryingTheMillisecond() {
        let date = Date(timeIntervalSince1970: 1_600_000_000.123_9)
        let id = JobID.timeOrdered(at: date)
        let bytes = id.uuid.uuid
        #expect(bytes.6 >> 4 == 7, "version 7")
        #expect(bytes.8 >> 6 == 0b10, "RFC 9562 variant")
        #expect(id.timeOrderedMilliseconds ?? 0 >= 1_600_000_000_123)
        #expect(JobID().timeOrderedMilliseconds == nil, "a random (version 4) id has no time")
    }

    @Test func idsMadeInOneMillisecondOrAClockStepBackStillIncrease() {
        let date = Date(timeIntervalSince1970: 1_600_000_100)  // in the past: the sequence is shared by the whole process
        var ids = (0..<5_000).map { _ in JobID.timeOrdered(at: date) }  // more than the counter holds in 1 ms
        ids.append(JobID.timeOrdered(at: date - 60))  // the clock went back a minute
        ids.append(JobID.timeOrdered(at: date + 1))
        for (earlier, later) in zip(ids, ids.dropFirst()) {
            #expect(earlier < later, "\(earlier) then \(later)")
            // PostgreSQL compares uuid bytes; SQLite compares the lower-case text: both must agree.
            #expect(withUnsafeBytes(of: earlier.uuid.uuid) { Array($0) }.lexicographicallyPrecedes(withUnsafeBytes(of: later.uuid.uuid) { Array($0) }))
        }
        #expect(Set(ids).count == ids.count)
    }
}
