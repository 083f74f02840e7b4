import AsyncHTTPClient
import Foundation
import GlintCore
import NIOCore
import NIOHTTP1

/// The one way Glint makes an outbound HTTP request (webhooks today): the host is resolved once,
/// every address it resolves to must pass the ``EgressPolicy``, and the connection goes to the
/// address that was checked (AsyncHTTPClient's `dnsOverride`, so that the Host header, SNI and
/// the certificate check still use the name, and no second lookup can answer differently). No
/// redirect is followed (a 3xx is the answer), no proxy is used, and at most
/// ``maxResponseBytes`` of the answer's body are read. A request's timeout is a sleep on
/// ``clock`` racing the request (``ClockDeadline``), so that tests move it with a manual clock.
///
/// Scripts/check-egress.py fails the build where AsyncHTTPClient or URLSession is used in the
/// server's modules outside this file.
public struct EgressClient: Sendable {
    /// The addresses the client may connect to.
    public var policy: EgressPolicy
    /// Resolves names (the system's `getaddrinfo` unless a test injects one).
    public var resolver: any HostResolver
    /// How much of an answer's body is read before the rest is dropped.
    public var maxResponseBytes: Int
    /// What the timeouts run on (the server's clock, ``ServerContext/egress``).
    public var clock: any WallClock

    public init(
        policy: EgressPolicy = EgressPolicy(), resolver: any HostResolver = SystemHostResolver(), maxResponseBytes: Int = 64 << 10,
        clock: any WallClock = SystemWallClock()
    ) {
        self.policy = policy
        self.resolver = resolver
        self.maxResponseBytes = maxResponseBytes
        self.clock = clock
    }

    /// The address `target` is connected to: its literal address, or the first its name resolves
    /// to, after every resolved address passed the policy.
    /// - Throws: ``EgressRefusal`` naming the rule and the address when any is refused;
    ///   ``HostResolutionError`` when the name does not resolve, or not within `timeout` on
    ///   ``clock`` (a lookup cannot be cancelled: it is left to finish on its thread, and its answer dropped).
    public func checkedAddress(for target: EgressTarget, timeout: TimeAmount = .seconds(10)) async throws -> IPAddress {
        if let refusal = policy.refusal(for: target) { throw refusal }
        switch target.reading {
        case .address(let address): return address
        case .invalid: throw EgressRefusal(rule: "an address no two parsers read alike", subject: "host \(target.host)")
        case .name(let name):
            let resolver = self.resolver
            let addresses = try await ClockDeadline.run(
                within: .nanoseconds(timeout.nanoseconds), on: clock,
                expired: HostResolutionError(host: name, reason: "no answer within the attempt's timeout")
            ) { try await resolver.addresses(of: name) }
            for address in addresses {
                if var refusal = policy.refusal(for: address) {
                    refusal.subject = "\(name) (\(refusal.subject))"
                    throw refusal
                }
            }
            return addresses[0]
        }
    }

    /// POSTs `body` to `url` with `headers`, all of it (resolving and connecting included) within
    /// `timeout` on ``clock``. Returns the answer's status; a 3xx is returned, never followed.
    /// - Throws: ``EgressRefusal`` when the policy refuses the URL or an address of its host,
    ///   ``HostResolutionError``, ``EgressTimeout`` when `timeout` passed first, or
    ///   AsyncHTTPClient's error when no answer came.
    public func post(_ url: String, headers: [(String, String)], body: Data, timeout: TimeAmount) async throws -> Int {
        let target = try EgressTarget(url: url)
        return try await ClockDeadline.run(within: .nanoseconds(timeout.nanoseconds), on: clock, expired: EgressTimeout(url: url, timeout: timeout)) {
            try await send(target, checkedAddress: try await checkedAddress(for: target, timeout: timeout), headers: headers, body: body)
        }
    }

    /// Sends the request to the checked `address`, with no deadline of its own but AsyncHTTPClient's
    /// for connecting (its connection pool retries a refused connection until then: a backstop
    /// no shorter than the attempt's, on NIO's clock); ``post(_:headers:body:timeout:)``'s race on
    /// ``clock`` cancels it.
    private func send(_ target: EgressTarget, checkedAddress address: IPAddress, headers: [(String, String)], body: Data) async throws -> Int {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: Self.connectBackstop), proxy: nil, decompression: .disabled)
        // Every spelling the client may key its connection on maps to the checked address.
        configuration.dnsOverride = Dictionary(
            [target.host, target.host.lowercased(), "[\(target.host)]"].map { ($0, address.description) }, uniquingKeysWith: { first, _ in first })
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            let status = try await send(target, headers: headers, body: body, with: client)
            try await client.shutdown()
            return status
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// How long AsyncHTTPClient keeps trying to connect: past any attempt's timeout.
    static let connectBackstop = TimeAmount.minutes(10)

    private func send(_ target: EgressTarget, headers: [(String, String)], body: Data, with client: HTTPClient) async throws -> Int {
        var request = HTTPClientRequest(url: target.url)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, deadline: .distantFuture)
        var read = 0
        for try await chunk in response.body {
            read += chunk.readableBytes
            if read >= maxResponseBytes { break }
        }
        return Int(response.status.code)
    }
}

/// An outbound request that had no answer within its timeout (on the client's clock).
public struct EgressTimeout: Error, CustomStringConvertible {
    public var url: String
    public var timeout: TimeAmount
    public var description: String { "no answer from \(url) within \(Double(timeout.nanoseconds) / 1e9) s" }
}
