import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client is too slow (``ConnectionTimeouts``): a header block that
/// takes longer than the header deadline, or a body that arrives under the minimum rate. One per
/// connection, in Hummingbird's HTTP/1 pipeline after the HTTP decoder (where it sees requests and
/// responses as parts); when added it puts a ``RequestByteObserver`` at the front of the pipeline
/// to see when raw bytes arrive, before any line is complete. The decisions are
/// ``SlowClientState``'s; this class only feeds it events with the event loop's time and carries
/// out its answers. Hummingbird's own idle timeout covers connections with no request in progress.
final class SlowClientGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var state: SlowClientState
    private let logger: Logger
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(timeouts: ConnectionTimeouts, logger: Logger) {
        state = SlowClientState(timeouts: timeouts)
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        do {
            try context.pipeline.syncOperations.addHandler(RequestByteObserver(guard: self), position: .first)
        } catch {
            logger.error("cannot watch the connection's bytes; closing it", metadata: ["error": "\(error)"])
            context.close(promise: nil)
            return
        }
        if context.channel.isActive { perform(state.connectionOpened(at: context.eventLoop.now)) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        perform(state.connectionOpened(at: context.eventLoop.now))
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: perform(state.headReceived(at: context.eventLoop.now))
        case .body(let bytes): state.bodyReceived(count: bytes.readableBytes)
        case .end: perform(state.endReceived())
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        state.readRequested(at: context.eventLoop.now)
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { perform(state.responseEnded(at: context.eventLoop.now)) }
        context.write(data, promise: promise)
    }

    /// Raw bytes came in (``RequestByteObserver``).
    func bytesArrived() {
        guard let context else { return }
        perform(state.bytesArrived(at: context.eventLoop.now))
    }

    private func perform(_ action: SlowClientAction) {
        guard let context else { return }
        switch action {
        case .nothing:
            break
        case .cancelTimer:
            timer?.cancel()
            timer = nil
        case .setTimer(let deadline):
            timer?.cancel()
            timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) { [self] in
                timer = nil
                guard let context = self.context else { return }
                perform(state.timerFired(at: context.eventLoop.now))
            }
        case .close(let reason):
            timer?.cancel()
            timer = nil
            logger.info(
                "closing a slow connection", metadata: ["reason": "\(reason.rawValue)", "peer": "\(context.channel.remoteAddress?.ipAddress ?? "-")"])
            context.close(promise: nil)
        }
    }
}

/// The front of the pipeline: tells ``SlowClientGuard`` when bytes arrive (before the HTTP decoder
/// has a complete line to give it) and passes them on unchanged.
final class RequestByteObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let watcher: SlowClientGuard

    init(guard watcher: SlowClientGuard) {
        self.watcher = watcher
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        watcher.bytesArrived()
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension SlowClientGuard: Sendable {}

@available(*, unavailable)
extension RequestByteObserver: Sendable {}

extension SlowClientGuard {
    /// Hummingbird's HTTP/1 channel with these timeouts: its idle timeout, and a ``SlowClientGuard``
    /// on every connection (none when neither the header deadline nor the upload rate is on).
    static func channelConfiguration(_ timeouts: ConnectionTimeouts, logger: Logger) -> HTTP1Channel.Configuration {
        let guarded = timeouts.headerTimeout != nil || timeouts.minimumUploadBytesPerSecond > 0
        return HTTP1Channel.Configuration(
            additionalChannelHandlers: guarded ? [SlowClientGuard(timeouts: timeouts, logger: logger)] : [],
            idleTimeout: timeouts.idleTimeout.map { TimeAmount($0) })
    }
}
