import Foundation
import GlintTestSupport
import Synchronization
import Testing

@testable import GlintLivePhoto

@Suite("Bounded queue and stage threads", .suiteTimeLimit)
struct BoundedQueueTests {
    @Test func elementsArriveInOrderAndTheProducerNeverRunsAhead() throws {
        let queue = BoundedQueue<Int>(capacity: 2)
        let produced = Atomic<Int>(0)
        let producer = StageThread(name: "test.producer") {
            for value in 0..<200 {
                queue.put(value)
                produced.add(1, ordering: .sequentiallyConsistent)
            }
            queue.finish()
        }
        var received: [Int] = []
        while let value = queue.take() {
            // Whatever the timing, the producer is at most the capacity (and the one it is
            // putting) ahead of what was taken.
            #expect(produced.load(ordering: .sequentiallyConsistent) <= received.count + 1 + queue.capacity)
            received.append(value)
        }
        try producer.join()
        #expect(received == Array(0..<200))
    }

    @Test func cancellingReleasesAWaitingProducerAndConsumer() throws {
        let full = BoundedQueue<Int>(capacity: 1)
        full.put(1)
        let producer = StageThread(name: "test.blocked-producer") { full.put(2) }
        let empty = BoundedQueue<Int>(capacity: 1)
        let consumer = StageThread(name: "test.blocked-consumer") { empty.take() }
        full.cancel()
        empty.cancel()
        #expect(try producer.join() == false, "a put into a cancelled queue reports it")
        #expect(try consumer.join() == nil)
        #expect(full.take() == nil && full.isCancelled)
    }

    @Test func offerAndPollNeverWait() {
        let queue = BoundedQueue<String>(capacity: 1)
        #expect(queue.poll() == nil)
        #expect(queue.offer("a"))
        #expect(!queue.offer("b"), "full")
        #expect(queue.poll() == "a")
    }

    @Test func aStageThreadHandsBackItsErrorOnJoin() {
        struct Failure: Error, Equatable {}
        let stage = StageThread<Int>(name: "test.failing") { throw Failure() }
        #expect(throws: Failure.self) { try stage.join() }
    }
}
