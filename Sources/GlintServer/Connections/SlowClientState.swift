import NIOCore

/// Why ``SlowClientGuard`` closed a connection.
enum SlowClientReason: String, Sendable, Equatable {
    /// The header block did not arrive within ``ConnectionTimeouts/headerTimeout``.
    case headerTimeout = "header deadline passed"
    /// The body averaged less than ``ConnectionTimeouts/minimumUploadBytesPerSecond``.
    case uploadTooSlow = "upload slower than the minimum rate"
}

/// What ``SlowClientGuard`` does after an event.
enum SlowClientAction: Equatable {
    case nothing
    /// (Re)arm the one timer for this deadline, replacing any armed one.
    case setTimer(NIODeadline)
    case cancelTimer
    case close(SlowClientReason)
}

/// The deadlines of one connection, as a state machine with no clock of its own: every event
/// carries the time it happened (the event loop's, which tests drive), and every answer says what
/// to do (``SlowClientAction``).
///
/// Phases: waiting for a request's first byte (`waiting`, governed by Hummingbird's idle timeout),
/// reading its header block (`head`, against the header deadline), reading its body (`body`,
/// against the minimum rate), and answering it (`responding`, no deadline here).
///
/// The body's rate counts only the time the server waited for the client: from a `read` the
/// server asked for (it passes this handler only when the request's consumer wants more) to the
/// bytes that answer it. A server busy with what it already has (writing to a slow disk) does not
/// make a fast client look slow.
struct SlowClientState {
    enum Phase: Equatable {
        case waiting
        case head(since: NIODeadline)
        case body
        /// `bytesArrived`: bytes of a next (pipelined) request came in meanwhile.
        case responding(bytesArrived: Bool)
    }

    let timeouts: ConnectionTimeouts
    private(set) var phase = Phase.waiting
    /// Body bytes in the current window.
    private var windowBytes: Int64 = 0
    /// Time the server waited for the client in the current window, not counting an open wait.
    private var windowWaited = TimeAmount.zero
    /// When the open wait (a `read` not yet answered) began; nil when none is open.
    private var waitingSince: NIODeadline?

    init(timeouts: ConnectionTimeouts) {
        self.timeouts = timeouts
    }

    private var headerTimeout: TimeAmount? { timeouts.headerTimeout.map { TimeAmount($0) } }
    private var window: TimeAmount { TimeAmount(timeouts.uploadRateWindow) }
    private var checksRate: Bool { timeouts.minimumUploadBytesPerSecond > 0 && timeouts.uploadRateWindow > .zero }

    /// The connection opened: its first request's header deadline starts now.
    mutating func connectionOpened(at now: NIODeadline) -> SlowClientAction {
        guard phase == .waiting else { return .nothing }
        return startHead(at: now)
    }

    /// Bytes came in from the client (any: head, body or a next request).
    mutating func bytesArrived(at now: NIODeadline) -> SlowClientAction {
        if let since = waitingSince {
            windowWaited = windowWaited + (now - since)
            waitingSince = nil
        }
        switch phase {
        case .waiting: return startHead(at: now)
        case .responding: phase = .responding(bytesArrived: true)
        case .head, .body: break
        }
        return .nothing
    }

    /// The server asked for more bytes.
    mutating func readRequested(at now: NIODeadline) {
        if phase == .body, waitingSince == nil { waitingSince = now }
    }

    /// The header block was decoded: the body (if any) follows.
    mutating func headReceived(at now: NIODeadline) -> SlowClientAction {
        phase = .body
        windowBytes = 0
        windowWaited = .zero
        waitingSince = nil
        return checksRate ? .setTimer(now + window) : .cancelTimer
    }

    /// `count` bytes of body were decoded.
    mutating func bodyReceived(count: Int) {
        windowBytes += Int64(count)
    }

    /// The request was read to its end: the server answers it now.
    mutating func endReceived() -> SlowClientAction {
        phase = .responding(bytesArrived: false)
        waitingSince = nil
        return .cancelTimer
    }

    /// The response was written to its end: the connection waits for the next request (whose
    /// header deadline starts at once when its bytes already came).
    mutating func responseEnded(at now: NIODeadline) -> SlowClientAction {
        guard case .responding(let arrived) = phase else { return .nothing }
        phase = .waiting
        return arrived ? startHead(at: now) : .nothing
    }

    /// The armed timer fired.
    mutating func timerFired(at now: NIODeadline) -> SlowClientAction {
        switch phase {
        case .head(let since):
            guard let headerTimeout else { return .nothing }
            return now >= since + headerTimeout ? .close(.headerTimeout) : .setTimer(since + headerTimeout)
        case .body:
            return checkRate(at: now)
        case .waiting, .responding:
            return .nothing
        }
    }

    private mutating func startHead(at now: NIODeadline) -> SlowClientAction {
        phase = .head(since: now)
        return headerTimeout.map { .setTimer(now + $0) } ?? .nothing
    }

    /// Once the server has waited a whole window: too few bytes close, else a new window begins.
    private mutating func checkRate(at now: NIODeadline) -> SlowClientAction {
        guard checksRate else { return .nothing }
        let waited = windowWaited + (waitingSince.map { now - $0 } ?? .zero)
        if waited < window { return .setTimer(now + (window - waited)) }
        let required = Double(timeouts.minimumUploadBytesPerSecond) * Double(window.nanoseconds) / 1e9
        if Double(windowBytes) < required { return .close(.uploadTooSlow) }
        windowBytes = 0
        windowWaited = .zero
        if waitingSince != nil { waitingSince = now }
        return .setTimer(now + window)
    }
}
