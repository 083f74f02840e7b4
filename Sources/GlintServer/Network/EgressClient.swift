import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// The one way Glint makes an outbound HTTP request (webhooks today): the host is resolved once,
/// every address it resolves to must pass the ``EgressPolicy``, and the connection goes to the
/// address that was checked (AsyncHTTPClient's `dnsOverride`, so that the Host header, SNI and
/// the certificate check still use the name, and no second lookup can answer differently). No
/// redirect is followed (a 3xx is the answer), no proxy is used, and at most
/// ``maxResponseBytes`` of the answer's body are read.
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

    public init(policy: EgressPolicy = EgressPolicy(), resolver: any HostResolver = SystemHostResolver(), maxResponseBytes: Int = 64 << 10) {
        self.policy = policy
        self.resolver = resolver
        self.maxResponseBytes = maxResponseBytes
    }

    /// The address `target` is connected to: its literal address, or the first its name resolves
    /// to, after every resolved address passed the policy.
    /// - Throws: ``EgressRefusal`` naming the rule and the address when any is refused;
    ///   ``HostResolutionError`` when the name does not resolve.
    public func checkedAddress(for target: EgressTarget, timeout: TimeAmount = .seconds(10)) async throws -> IPAddress {
        if let refusal = policy.refusal(for: target) { throw refusal }
        switch target.reading {
        case .address(let address): return address
        case .invalid: throw EgressRefusal(rule: "an address no two parsers read alike", subject: "host \(target.host)")
        case .name(let name):
            let addresses = try await resolve(name, within: timeout)
            for address in addresses {
                if var refusal = policy.refusal(for: address) {
                    refusal.subject = "\(name) (\(refusal.subject))"
                    throw refusal
                }
            }
            return addresses[0]
        }
    }

    /// POSTs `body` to `url` with `headers`, all of it (connecting included) within `timeout`.
    /// Returns the answer's status; a 3xx is returned, never followed.
    /// - Throws: ``EgressRefusal`` when the policy refuses the URL or an address of its host,
    ///   ``HostResolutionError``, or AsyncHTTPClient's error when no answer came.
    public func post(_ url: String, headers: [(String, String)], body: Data, timeout: TimeAmount) async throws -> Int {
        let target = try EgressTarget(url: url)
        let address = try await checkedAddress(for: target, timeout: timeout)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: timeout, read: timeout), proxy: nil, decompression: .disabled)
        // Every spelling the client may key its connection on maps to the checked address.
        configuration.dnsOverride = Dictionary(
            [target.host, target.host.lowercased(), "[\(target.host)]"].map { ($0, address.description) }, uniquingKeysWith: { first, _ in first })
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            let status = try await send(target, headers: headers, body: body, timeout: timeout, with: client)
            try await client.shutdown()
            return status
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// The resolver's answer, or ``HostResolutionError`` once `timeout` has passed (a lookup cannot
    /// be cancelled: it is left to finish on its thread, and its answer dropped).
    private func resolve(_ name: String, within timeout: TimeAmount) async throws -> [IPAddress] {
        let resolver = self.resolver
        let outcome = Mutex<CheckedContinuation<[IPAddress], any Error>?>(nil)
        let resume: @Sendable (Result<[IPAddress], any Error>) -> Void = { result in
            outcome.withLock { continuation in
                continuation?.resume(with: result)
                continuation = nil
            }
        }
        return try await withCheckedThrowingContinuation { continuation in
            outcome.withLock { $0 = continuation }
            let timer = Task {
                do { try await Task.sleep(nanoseconds: UInt64(max(timeout.nanoseconds, 0))) } catch { return }
                resume(.failure(HostResolutionError(host: name, reason: "no answer within the attempt's timeout")))
            }
            Task {
                do { resume(.success(try await resolver.addresses(of: name))) } catch { resume(.failure(error)) }
                timer.cancel()
            }
        }
    }

    private func send(_ target: EgressTarget, headers: [(String, String)], body: Data, timeout: TimeAmount, with client: HTTPClient) async throws -> Int {
        var request = HTTPClientRequest(url: target.url)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: timeout)
        var read = 0
        for try await chunk in response.body {
            read += chunk.readableBytes
            if read >= maxResponseBytes { break }
        }
        return Int(response.status.code)
    }
}
