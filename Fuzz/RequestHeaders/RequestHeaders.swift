import Foundation
import FuzzSupport
import HTTPTypes
import HummingbirdAuth
import HummingbirdCore

@testable import GlintQueue
@testable import GlintServer

/// The hand-written readers of request headers, cookies, paths and queries in the API process,
/// each called as its route or middleware calls it. The input is text, one header value (or
/// line) per line; the last byte picks the reader:
///
/// 0. `Cookie`: the dashboard session (``DashboardSession/cookieValue(in:secure:)``, then
///    ``DashboardSession/verify(_:secret:now:)``), as ``PageAccess`` reads it.
/// 1. `Authorization: Bearer`: the key text (``APIKey/init(parsing:)``), as every key check.
/// 2. `X-Forwarded-For` / `X-Forwarded-Proto` behind trusted proxies (``ClientAddressResolver``).
/// 3. `Sec-Fetch-Site`, `Origin`, `Referer` of the sign-in form (``SameOriginCheck``).
/// 4. An output name from the path (``OutputsRoutes/outputName(_:)``), its `Content-Disposition`
///    (``ContentDisposition``), `If-None-Match` (``OutputsRoutes/matches(_:etag:)``) and the
///    output's magic bytes (``OutputMediaType``).
/// 5. `GET /v1/jobs?state=&kind=&limit=&batch=&cursor=`, as ``JobsRoutes`` lists jobs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestHeaders(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzedBytes(start, count)
    let reader = input.choice(6)
    let flag = input.bool()
    let bytes = input.rest()
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    switch reader {
    case 0: readSessionCookie(lines, secure: flag)
    case 1: readBearer(text)
    case 2: readForwarded(lines, peerIsProxy: flag)
    case 3: readSameOrigin(lines)
    case 4: readOutputName(text, head: bytes)
    default: readListQuery(text)
    }
    return 0
}

let secret = ShareTokenSecret((0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
let now = Date(timeIntervalSince1970: 1_700_000_000)

/// Header fields from `values`, each one field named `name` (as a client may send several).
func fields(_ name: HTTPField.Name, _ values: some Sequence<String>) -> HTTPFields {
    var fields = HTTPFields()
    for value in values { fields.append(HTTPField(name: name, value: value)) }
    return fields
}

func readSessionCookie(_ lines: [String], secure: Bool) {
    guard let value = DashboardSession.cookieValue(in: fields(.cookie, lines), secure: secure) else { return }
    FuzzUse.keep(value)
    if let session = DashboardSession.verify(value, secret: secret, now: now) {
        preconditionFailure("a session cookie not signed with the secret was accepted: \(value.debugDescription) -> \(session)")
    }
}

func readBearer(_ text: String) {
    guard let bearer = fields(.authorization, [text]).bearer else { return }
    guard let key = APIKey(parsing: bearer.token) else { return }
    FuzzUse.use(key)
    precondition(APIKey.isID(key.id), "a parsed key's id is 12 lower-case hex digits: \(key.id)")
    precondition(key.text == bearer.token && APIKey(parsing: key.text) == key, "a key reads back as itself")
    let secretPart = key.text.split(separator: "_").last.map(String.init) ?? ""
    precondition(!key.description.contains(secretPart), "a key's description shows its secret")
    precondition(key.hash.utf8.count == 64, "a key's hash is 64 hex digits")
}

/// The proxies of every run, and the peers a request may come from.
let resolver = ClientAddressResolver(trustedProxies: try! IPNetwork.parseList("10.0.0.0/8, fd00::/8, 127.0.0.1"))
let proxyPeer = IPAddress("10.1.2.3")!
let clientPeer = IPAddress("203.0.113.50")!

func readForwarded(_ lines: [String], peerIsProxy: Bool) {
    let peer = peerIsProxy ? proxyPeer : clientPeer
    var headers = fields(ClientAddressResolver.forwardedFor, lines.dropLast())
    if let proto = lines.last { headers.append(HTTPField(name: ClientAddressResolver.forwardedProto, value: proto)) }
    let client = resolver.clientAddress(peer: peer, headers: headers)
    precondition(resolver.clientAddress(peer: nil, headers: headers) == nil, "no peer, no client")
    guard let client else { preconditionFailure("a request with a peer has a client") }
    if !peerIsProxy { precondition(client == peer, "a peer that is no proxy chose its address \(client)") }
    FuzzUse.keep(ClientAddressResolver.bucketName(client))
    for line in lines { for entry in line.split(separator: ",") { FuzzUse.keep(ClientAddressResolver.forwardedAddress(entry)) } }
    let request = HTTPRequest(method: .get, scheme: "http", authority: "glint.example", path: "/", headerFields: headers)
    let secure = resolver.isSecure(peer: peer, request: request)
    if !peerIsProxy { precondition(!secure, "a client that is no proxy said it came over TLS") }
}

/// Line 1: the host the client addressed; lines 2...: `Name: value` fields.
func readSameOrigin(_ lines: [String]) {
    guard let host = lines.first else { return }
    var headers = HTTPFields()
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else { continue }
        headers.append(HTTPField(name: name, value: String(line[line.index(after: colon)...])))
    }
    let request = HTTPRequest(method: .post, scheme: "http", authority: host, path: "/login", headerFields: headers)
    let allowed = SameOriginCheck.allows(request, host: host.isEmpty ? nil : host)
    if let site = headers[SameOriginCheck.fetchSite] {
        precondition(allowed == ["same-origin", "none"].contains(site.lowercased()), "Sec-Fetch-Site \(site) decides alone")
    } else if headers[.origin] == nil && headers[.referer] == nil {
        precondition(allowed, "a request without any source is let through")
    }
}

func readOutputName(_ text: String, head: [UInt8]) {
    FuzzUse.keep(OutputMediaType.sniff(Array(head.prefix(32))))
    FuzzUse.keep(OutputMediaType.byName(text))
    checkDisposition(ContentDisposition.attachment(fileName: text))
    let etag = "\"\(String(repeating: "ab", count: 32))\""
    FuzzUse.keep(OutputsRoutes.matches(text, etag: etag))
    guard let name = try? OutputsRoutes.outputName(text) else { return }
    precondition(!name.isEmpty && !name.contains("/") && !name.contains("\\") && !name.contains("..") && !name.utf8.contains(0), "\(name.debugDescription)")
    let type = OutputMediaType.sniff(Array(head.prefix(32))) ?? OutputMediaType.byName(name)
    checkDisposition(ContentDisposition.attachment(fileName: "6f9619ff-\(name).\(type.fileExtension)"))
    FuzzUse.keep(type.contentType)
}

/// A `Content-Disposition` value is one legal header field: visible ASCII, one quoted name.
func checkDisposition(_ value: String) {
    precondition(value.utf8.allSatisfy { (0x20...0x7E).contains($0) }, "Content-Disposition holds a byte outside visible ASCII: \(value.debugDescription)")
    precondition(value.utf8.filter { $0 == 0x22 }.count == 2, "Content-Disposition quotes more than its fallback name: \(value)")
    precondition(value.utf8.filter { $0 == 0x3B }.count == 2, "Content-Disposition has more than two parameters: \(value)")
    precondition(HTTPField(name: .contentDisposition, value: value).value == value, "Content-Disposition is not a legal field value: \(value)")
}

/// The query of `GET /v1/jobs`, read as ``JobsRoutes`` reads it (the store reads the cursor).
func readListQuery(_ text: String) {
    let query = URI("/v1/jobs?" + text).queryParameters
    for name in (query["state"].map(String.init) ?? "").split(separator: ",") { FuzzUse.keep(JobState(rawValue: String(name))) }
    let kinds = Set((query["kind"].map(String.init) ?? "").split(separator: ",").map { JobKind(rawValue: String($0)) })
    FuzzUse.use(kinds)
    if let text = query["limit"], let value = Int(text), (1...1000).contains(value) { FuzzUse.keep(value) }
    let batch = query["batch"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
    FuzzUse.keep(batch)
    guard let cursor = query["cursor"].map(String.init).flatMap({ $0.isEmpty ? nil : $0 }) else { return }
    if let parsed = PostgresListingCursor(cursor) {
        precondition(PostgresListingCursor(parsed.description)?.id == parsed.id, "a cursor reads back as itself")
    }
    FuzzUse.keep(JobID(cursor))
}
