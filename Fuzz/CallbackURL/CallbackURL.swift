import FuzzSupport
import GlintCore

@testable import GlintServer

/// The webhook URL checks of the API process, and the CIDR lists of its options; nothing here
/// resolves a name or connects (only the parsing and policy functions are called). The last byte
/// picks the mode:
///
/// - callback: the input as a job's `callbackURL`, through ``JobRequest`` (its URL check) and
///   ``EgressPolicy/checkCallback(_:)`` as `POST /v1/jobs` runs them, with no range opened.
/// - opened ranges: the first line as `--allow-callback-networks` (``IPNetwork/parseList(_:)``,
///   also how `--trusted-proxies` is read), the rest as a callback URL under that policy.
/// - host: the input as a URL host (``IPAddress/reading(urlHost:)``) and as strict address text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCallbackURL(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzedBytes(start, count)
    let mode = input.choice(3)
    let text = input.restAsText()
    switch mode {
    case 0: checkSubmission(text, policy: EgressPolicy())
    case 1: checkWithOpenedRanges(text)
    default: readHost(text)
    }
    return 0
}

/// The addresses no policy may open.
let metadataAddresses = ["169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254", "::ffff:169.254.169.254"]
    .map { IPAddress($0)! }

/// `callbackURL` as `POST /v1/jobs` checks it: the request's own URL check, then the egress policy.
func checkSubmission(_ url: String, policy: EgressPolicy) {
    let body = JSONValue.object(["kind": .string("queue.noop"), "callbackURL": .string(url)])
    guard (try? JobRequest(json: body)) != nil else { return }
    let target: EgressTarget
    do {
        target = try EgressTarget(url: url)
    } catch {
        FuzzUse.keep(error.description)
        return
    }
    FuzzUse.use(target)
    precondition(target.scheme == "http" || target.scheme == "https", "a target is http or https: \(url)")
    precondition((0...65535).contains(target.port), "a target's port is a port: \(target.port)")
    let refusal = policy.refusal(for: target)
    do {
        try policy.checkCallback(url)
        precondition(refusal == nil, "checkCallback accepted \(url) that the policy refuses")
    } catch {
        precondition(refusal == error, "checkCallback refused \(url) with \(error), the policy with \(String(describing: refusal))")
    }
    guard case .address(let address) = target.reading else { return }
    // The checked address is what the client connects to: its canonical spelling reads back as itself.
    precondition(IPAddress(urlHost: address.uriHost) == address, "\(address.uriHost) does not read back as \(address)")
    precondition(IPAddress(address.description) == address, "\(address) does not parse back")
    guard refusal == nil else { return }
    precondition(!metadataAddresses.contains(address.unmapped), "a cloud metadata address was accepted: \(url)")
    if policy.allowedNetworks.isEmpty {
        for rule in EgressPolicy.rules where rule.network.contains(address) {
            preconditionFailure("\(url) (\(address)) is accepted inside the refused range \(rule.network) (\(rule.name))")
        }
    }
}

/// `--allow-callback-networks` from the first line, then the rest as a callback URL under it.
func checkWithOpenedRanges(_ text: String) {
    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let networks: [IPNetwork]
    do {
        networks = try IPNetwork.parseList(String(lines[0]))
    } catch {
        FuzzUse.keep(error.description)
        return
    }
    for network in networks {
        FuzzUse.use(network)
        precondition((0...network.address.bytes.count * 8).contains(network.prefixLength), "prefix of \(network)")
        precondition((try? IPNetwork(network.description)) == network, "\(network) does not parse back as itself")
        precondition(network.contains(network.address), "\(network) does not contain its first address")
    }
    let policy = EgressPolicy(allowedNetworks: networks)
    for address in metadataAddresses {
        precondition(policy.refusal(for: address) != nil, "the policy opening \(networks) accepts the metadata address \(address)")
    }
    let resolver = ClientAddressResolver(trustedProxies: networks)
    for network in networks { precondition(resolver.isTrusted(network.address), "a trusted range's address is trusted") }
    if lines.count == 2 { checkSubmission(String(lines[1]), policy: policy) }
}

/// A host as a URL parser reads it, and as strict address text.
func readHost(_ host: String) {
    let reading = IPAddress.reading(urlHost: host)
    FuzzUse.use(reading)
    if let strict = IPAddress(host) {
        precondition(IPAddress(strict.description) == strict, "\(strict) does not parse back")
        // Every spelling inet_pton takes means the same address to the URL reading.
        precondition(reading == .address(strict), "\(host.debugDescription) is \(strict) to inet_pton but \(reading) as a URL host")
        FuzzUse.keep(EgressPolicy().refusal(for: strict))
    }
    if case .address(let address) = reading {
        precondition(IPAddress(urlHost: address.uriHost) == address, "\(address.uriHost) does not read back as \(address)")
        FuzzUse.keep(EgressPolicy().refusal(for: address))
        FuzzUse.keep(ClientAddressResolver.bucketName(address))
    }
}
