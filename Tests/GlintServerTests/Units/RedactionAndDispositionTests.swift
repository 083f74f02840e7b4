import GlintTestSupport
import Testing

@testable import GlintServer

/// What logs show of a request path (never a share token), and `Content-Disposition` per RFC 6266
/// and RFC 5987 for every download.
@Suite("request log redaction and Content-Disposition", .suiteTimeLimit)
struct RedactionAndDispositionTests {
    @Test("a share link's token is redacted from logged paths, whatever follows it")
    func sharePaths() {
        #expect(RequestPathRedaction.loggedPath("/s/AbCdEf.123") == "/s/<redacted>")
        #expect(RequestPathRedaction.loggedPath("/s/AbCdEf.123/still") == "/s/<redacted>/still")
        #expect(RequestPathRedaction.loggedPath("/s/AbCdEf.123/download/livephoto") == "/s/<redacted>/download/livephoto")
        #expect(RequestPathRedaction.loggedPath("//s/AbCdEf") == "//s/<redacted>")
        #expect(RequestPathRedaction.loggedPath("/%73/AbCdEf") == "/%73/<redacted>")
        #expect(RequestPathRedaction.loggedPath("/v1/jobs/abc") == "/v1/jobs/abc")
        #expect(RequestPathRedaction.loggedPath("/s") == "/s")
        #expect(RequestPathRedaction.loggedPath("/") == "/")
    }

    @Test("plain names: the quoted name and the encoded one agree")
    func plain() {
        #expect(
            ContentDisposition.attachment(fileName: "glint-1234abcd.jpg") == "attachment; filename=\"glint-1234abcd.jpg\"; filename*=UTF-8''glint-1234abcd.jpg")
    }

    @Test("quotes, backslashes, CR/LF, NUL, slashes and non-ASCII cannot break the header or name a folder")
    func hostile() {
        let cases: [(String, String, String)] = [
            ("a\"b.txt", "a_b.txt", "a_b.txt"),
            ("a\\b.txt", "a_b.txt", "a_b.txt"),
            ("x\r\nSet-Cookie: y=1", "x__Set-Cookie__y_1", "x__Set-Cookie%3A%20y%3D1"),
            ("../../etc/passwd", "_._.._etc_passwd", "_._.._etc_passwd"),
            ("nul\0.bin", "nul_.bin", "nul_.bin"),
            ("été 東京.mov", "_t____.mov", "%C3%A9t%C3%A9%20%E6%9D%B1%E4%BA%AC.mov"),
            ("a;b=c.txt", "a_b_c.txt", "a%3Bb%3Dc.txt"),
            ("", "download", "download"),
        ]
        for (name, fallback, encoded) in cases {
            let value = ContentDisposition.attachment(fileName: name)
            #expect(value == "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)", "\(name)")
            #expect(!value.contains("\r") && !value.contains("\n") && !value.contains("\0"))
        }
    }

    @Test("a very long name is cut")
    func long() {
        let value = ContentDisposition.attachment(fileName: String(repeating: "a", count: 5000))
        #expect(value.count < 600)
    }
}
