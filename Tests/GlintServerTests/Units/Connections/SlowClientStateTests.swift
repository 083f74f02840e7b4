import GlintTestSupport
import NIOCore
import Testing

@testable import GlintServer

/// The deadlines of one connection, driven by hand-made times: a header block has a deadline that
/// each line does not reset, a body must average the minimum rate over time the server waited for
/// it, and time the server spends on what it has does not count against the client.
@Suite("SlowClientState", .suiteTimeLimit)
struct SlowClientStateTests {
    let timeouts = ConnectionTimeouts(headerTimeout: .seconds(10), idleTimeout: .seconds(60), minimumUploadBytesPerSecond: 1000, uploadRateWindow: .seconds(10))
    let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    func at(_ seconds: Double) -> NIODeadline { start + .milliseconds(Int64(seconds * 1000)) }

    @Test("the header deadline runs from the connection's start and bytes do not extend it")
    func headerDeadline() {
        var state = SlowClientState(timeouts: timeouts)
        #expect(state.connectionOpened(at: at(0)) == .setTimer(at(10)))
        for second in 1...9 { #expect(state.bytesArrived(at: at(Double(second))) == .nothing) }
        #expect(state.timerFired(at: at(10)) == .close(.headerTimeout))
    }

    @Test("a head that arrives in time cancels the deadline; the next request's starts at its first byte")
    func nextRequest() {
        var state = SlowClientState(timeouts: timeouts)
        _ = state.connectionOpened(at: at(0))
        _ = state.bytesArrived(at: at(1))
        #expect(state.headReceived(at: at(2)) == .setTimer(at(12)))
        #expect(state.endReceived() == .cancelTimer)
        #expect(state.timerFired(at: at(20)) == .nothing)
        #expect(state.responseEnded(at: at(3)) == .nothing)
        #expect(state.phase == .waiting)
        #expect(state.bytesArrived(at: at(50)) == .setTimer(at(60)))
        #expect(state.timerFired(at: at(59)) == .setTimer(at(60)))
        #expect(state.timerFired(at: at(60)) == .close(.headerTimeout))
    }

    @Test("bytes of a pipelined request that came during the response start its deadline when the response ends")
    func pipelined() {
        var state = SlowClientState(timeouts: timeouts)
        _ = state.connectionOpened(at: at(0))
        _ = state.headReceived(at: at(0))
        _ = state.endReceived()
        #expect(state.bytesArrived(at: at(1)) == .nothing)
        #expect(state.responseEnded(at: at(30)) == .setTimer(at(40)))
    }

    @Test("a body at 10 bytes/s is cut off once the server has waited a whole window")
    func tricklingBody() {
        var state = SlowClientState(timeouts: timeouts)
        _ = state.connectionOpened(at: at(0))
        _ = state.headReceived(at: at(0))
        state.readRequested(at: at(0))
        for second in 1...10 {
            _ = state.bytesArrived(at: at(Double(second)))
            state.bodyReceived(count: 10)
            state.readRequested(at: at(Double(second)))
        }
        #expect(state.timerFired(at: at(10)) == .close(.uploadTooSlow))
    }

    @Test("a body at the minimum rate or above goes on, window after window")
    func fastBody() {
        var state = SlowClientState(timeouts: timeouts)
        _ = state.connectionOpened(at: at(0))
        _ = state.headReceived(at: at(0))
        state.readRequested(at: at(0))
        for window in 0..<3 {
            for second in 1...10 {
                let time = Double(window * 10 + second)
                _ = state.bytesArrived(at: at(time))
                state.bodyReceived(count: 1000)
                state.readRequested(at: at(time))
            }
            let end = Double(window * 10 + 10)
            #expect(state.timerFired(at: at(end)) == .setTimer(at(end + 10)))
        }
    }

    @Test("time the server does not ask for bytes (it is busy with those it has) does not count")
    func serverBackpressure() {
        var state = SlowClientState(timeouts: timeouts)
        _ = state.connectionOpened(at: at(0))
        #expect(state.headReceived(at: at(0)) == .setTimer(at(10)))
        // The server asks at once and gets 5 KB a second later, then asks again only at 30 s.
        state.readRequested(at: at(0))
        _ = state.bytesArrived(at: at(1))
        state.bodyReceived(count: 5000)
        #expect(state.timerFired(at: at(10)) == .setTimer(at(19)))
        #expect(state.timerFired(at: at(19)) == .setTimer(at(28)))
        state.readRequested(at: at(30))
        #expect(state.timerFired(at: at(30)) == .setTimer(at(39)))
        _ = state.bytesArrived(at: at(31))
        state.bodyReceived(count: 6000)
        state.readRequested(at: at(31))
        #expect(state.timerFired(at: at(39)) == .setTimer(at(49)), "11 KB in a 10 s window of waiting: fast enough")
    }

    @Test("limits that are off never close")
    func off() {
        var state = SlowClientState(timeouts: .none)
        #expect(state.connectionOpened(at: at(0)) == .nothing)
        #expect(state.headReceived(at: at(1)) == .cancelTimer)
        state.readRequested(at: at(1))
        #expect(state.timerFired(at: at(1000)) == .nothing)
    }
}
