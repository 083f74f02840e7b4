import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Resolves a host name to the addresses ``EgressClient`` checks and then connects to.
public protocol HostResolver: Sendable {
    /// Every address `host` resolves to (A and AAAA).
    /// - Throws: ``HostResolutionError`` when it resolves to nothing.
    func addresses(of host: String) async throws -> [IPAddress]
}

/// Why a name could not be resolved.
public struct HostResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var reason: String

    public var description: String { "cannot resolve \(host): \(reason)" }
}

/// The system resolver (`getaddrinfo`), called on a thread pool of its own so that a slow lookup
/// never holds a thread of Swift's cooperative pool or of NIO's shared blocking pool. A tenant
/// whose names never answer holds at most its share of the deliverer's slots
/// (``WebhookDeliverer/perTenantLimit``), so the pool's threads leave room for the others.
public struct SystemHostResolver: HostResolver {
    /// The lookups' threads (started on first use, never stopped).
    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 16)
        pool.start()
        return pool
    }()

    public init() {}

    public func addresses(of host: String) async throws -> [IPAddress] {
        try await Self.pool.runIfActive { try Self.lookUp(host) }
    }

    static func lookUp(_ host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else {
            throw HostResolutionError(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let socketAddress = current.pointee.ai_addr {
                switch Int32(socketAddress.pointee.sa_family) {
                case AF_INET:
                    var address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    addresses.append(IPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) })!)
                case AF_INET6:
                    var address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    addresses.append(IPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) })!)
                default: break
                }
            }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw HostResolutionError(host: host, reason: "no IPv4 or IPv6 address") }
        var seen = Set<IPAddress>()
        return addresses.filter { seen.insert($0).inserted }
    }
}
