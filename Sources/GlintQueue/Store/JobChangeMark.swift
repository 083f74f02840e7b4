/// Where a store's job changes stood at one moment (``JobStore/jobChangeMark()``), for
/// ``JobStore/waitForJobChange(since:timeout:)``: a change after the mark ends the wait at once,
/// however soon after the mark the wait begins.
public struct JobChangeMark: Hashable, Sendable {
    /// Changes this process has seen (its own writes, and other processes' it was told of).
    var generation: UInt64
    /// What the store's own watch of other processes saw (SQLite: its write-ahead log's `stat`).
    var log: [Int64]

    init(generation: UInt64, log: [Int64] = []) {
        self.generation = generation
        self.log = log
    }
}
