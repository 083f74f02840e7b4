import GlintQueue
import GlintTestSupport
import Testing

@testable import GlintServer

/// The deliverer's slots: a tenant holds at most its share, the deliverer at most its total, and a
/// job's attempt runs once at a time.
@Suite("server: webhook delivery slots", .suiteTimeLimit)
struct WebhookDeliverySlotsTests {
    @Test("a full tenant leaves room for others; slots come back when released")
    func perTenantAndTotal() async {
        let slots = WebhookDeliverySlots(perTenant: 2, total: 3)
        let alice = (0..<3).map { _ in JobID() }
        #expect(await slots.acquire(job: alice[0], tenant: "alice"))
        #expect(await !slots.acquire(job: alice[0], tenant: "alice"), "the same job twice")
        #expect(await slots.acquire(job: alice[1], tenant: "alice"))
        #expect(await !slots.acquire(job: alice[2], tenant: "alice"), "alice is at her share")
        #expect(await slots.acquire(job: JobID(), tenant: "bob"))
        #expect(await !slots.acquire(job: JobID(), tenant: "carol"), "the deliverer is full")
        await slots.release(job: alice[0], tenant: "alice")
        #expect(await slots.acquire(job: alice[2], tenant: "alice"))
        await slots.release(job: alice[0], tenant: "alice")  // twice: no effect
        #expect(await !slots.acquire(job: JobID(), tenant: "alice"))
    }
}
