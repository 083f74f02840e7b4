import Foundation
import GlintCore
import GlintTestSupport
import Testing

@testable import GlintServer

@Suite("quotas: token buckets", .suiteTimeLimit)
struct TokenBucketsTests {
    @Test("a bucket gives its burst, then one token per 1/rate, and says how long to wait")
    func refill() {
        let clock = ManualWallClock()
        let buckets = TokenBuckets(clock: clock)
        for _ in 0..<3 { #expect(buckets.take("a", rate: 2, burst: 3) == nil) }
        let wait = buckets.take("a", rate: 2, burst: 3)
        #expect(wait == 0.5, "no time passed: a token comes in 1/rate s")
        #expect(buckets.take("b", rate: 2, burst: 3) == nil, "another name has its own bucket")
        clock.advance(by: .milliseconds(500))
        #expect(buckets.take("a", rate: 2, burst: 3) == nil)
    }

    @Test("idle buckets are dropped by the next sweep; a busy one is kept")
    func idleEviction() {
        let clock = ManualWallClock()
        let buckets = TokenBuckets(clock: clock)
        for index in 0..<100 { _ = buckets.take("idle-\(index)", rate: 10, burst: 5) }
        for _ in 0..<5 { _ = buckets.take("busy", rate: 0.001, burst: 5) }
        #expect(buckets.count == 101)
        clock.advance(by: .seconds(61))
        _ = buckets.take("new", rate: 10, burst: 5)
        #expect(buckets.count == 2, "the idle ones filled up again and went; busy and new stay")
        #expect(buckets.take("busy", rate: 0.001, burst: 5) != nil, "the busy bucket kept its state")
    }

    @Test("never more than the capacity, even when no bucket is idle")
    func capacity() {
        let clock = ManualWallClock()
        let buckets = TokenBuckets(capacity: 100, clock: clock)
        for index in 0..<1000 {
            _ = buckets.take("address-\(index)", rate: 0.001, burst: 1)
            #expect(buckets.count <= 100)
        }
    }
}
