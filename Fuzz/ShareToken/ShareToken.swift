import Foundation
import FuzzSupport

@testable import GlintServer

/// The signed tokens the pages read from a request: share links (`/s/<token>`, ``ShareToken``)
/// and the dashboard's session cookie (``DashboardSession``), both `<id>.<expiry>.<signature>`
/// under the server secret. Fixed secret and clock; the last byte picks the mode:
///
/// - check: the input as a token (share link or cookie value), as ``ShareRoutes`` and
///   ``PageAccess`` check one; what a check accepts is read whole.
/// - round trip: a token the code signs (id and expiry from the input) checks as genuine, and
///   the same text with any one byte changed does not (an HMAC's invariant).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShareToken(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzedBytes(start, count)
    switch input.choice(4) {
    case 0: checkShareToken(input.restAsText())
    case 1: checkSession(input.restAsText())
    case 2: roundTripShareToken(&input)
    default: roundTripSession(&input)
    }
    return 0
}

/// The server secret of every run.
let secret = ShareTokenSecret((0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
/// "Now" of every run: 2023-11-14.
let now = Date(timeIntervalSince1970: 1_700_000_000)

func checkShareToken(_ text: String) {
    switch ShareToken.check(text, secret: secret, now: now) {
    case .invalid: break
    case .valid(let token), .expired(let token):
        // Nothing but a genuine signature gets here, and the fuzzer does not hold the secret.
        FuzzUse.use(token)
        FuzzUse.keep(token.description)
        preconditionFailure("a token not signed with the secret was accepted: \(text.debugDescription)")
    }
}

func checkSession(_ text: String) {
    if let session = DashboardSession.verify(text, secret: secret, now: now) {
        FuzzUse.use(session)
        preconditionFailure("a session cookie not signed with the secret was accepted: \(text.debugDescription)")
    }
}

/// An id of the allowed alphabet (letters, digits, `-`, `_`), 1 to 64 characters, from the input.
func shareID(_ input: inout FuzzedBytes) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    let length = input.integer(in: 1...64)
    return String((0..<length).map { _ in alphabet[input.choice(alphabet.count)] })
}

/// A key id: 12 lower-case hex digits.
func keyID(_ input: inout FuzzedBytes) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<12).map { _ in digits[input.choice(16)] })
}

/// An expiry a route may sign: from 1970 to 9999 (share links last at most 90 days from now).
func expiry(_ input: inout FuzzedBytes) -> Date {
    Date(timeIntervalSince1970: Double(input.integer(in: 0...253_402_300_799)) + Double(input.choice(1000)) / 1000)
}

/// `text` with the byte at a position from the input replaced by a different byte.
func changedOneByte(_ text: String, _ input: inout FuzzedBytes) -> (String, String) {
    var bytes = Array(text.utf8)
    let position = input.choice(bytes.count)
    let original = bytes[position]
    bytes[position] = original &+ UInt8(input.integer(in: 1...255))
    let what = "byte \(position) \(original) -> \(bytes[position])"
    return (String(decoding: bytes, as: UTF8.self), what)
}

func roundTripShareToken(_ input: inout FuzzedBytes) {
    let token = ShareToken(shareID: shareID(&input), expiresAt: expiry(&input), secret: secret)
    let text = token.description
    let expected: ShareTokenCheck = now >= token.expiresAt ? .expired(token) : .valid(token)
    let checked = ShareToken.check(text, secret: secret, now: now)
    precondition(checked == expected, "the token the server signed, \(text), checks as \(checked), not \(expected)")
    let (changed, what) = changedOneByte(text, &input)
    precondition(ShareToken.check(changed, secret: secret, now: now) == .invalid, "\(text) with \(what) (\(changed)) is still accepted")
    // One spelling: the expiry with a sign or a leading zero is another text, not the same token.
    let parts = text.split(separator: ".")
    for expiry in ["+\(parts[1])", "0\(parts[1])"] {
        precondition(ShareToken.check("\(parts[0]).\(expiry).\(parts[2])", secret: secret, now: now) == .invalid, "expiry \(expiry) accepted")
    }
}

func roundTripSession(_ input: inout FuzzedBytes) {
    let expiresAt = now.addingTimeInterval(Double(input.integer(in: 1...Int(DashboardSession.lifetime))))
    let session = DashboardSession(keyID: keyID(&input), expiresAt: expiresAt)
    let text = session.value(secret: secret)
    precondition(DashboardSession.verify(text, secret: secret, now: now) == session, "a session the server signed is refused: \(text)")
    let (changed, what) = changedOneByte(text, &input)
    precondition(DashboardSession.verify(changed, secret: secret, now: now) == nil, "\(text) with \(what) (\(changed)) is still accepted")
}
