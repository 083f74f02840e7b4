import ArgumentParser
import Foundation
import GlintOptions
import GlintServer
import GlintTestSupport
import Testing

/// `--trusted-proxies`, `--anonymous-rate`, `--anonymous-burst`, `--login-attempts-per-minute`:
/// flags, else their variables, else `PageAccessConfiguration`'s defaults.
@Suite("ClientAddressOptions", .suiteTimeLimit)
struct ClientAddressOptionsTests {
    func configuration(_ arguments: [String], environment: [String: String] = [:]) throws -> PageAccessConfiguration {
        try ClientAddressOptions.parse(arguments).configuration(environment: environment)
    }

    @Test("nothing given: no trusted proxy and the default limits")
    func defaults() throws {
        #expect(try configuration([]) == PageAccessConfiguration())
        #expect(PageAccessConfiguration().trustedProxies.isEmpty, "X-Forwarded-For is ignored unless the operator names proxies")
    }

    @Test("flags win over variables; variables over defaults")
    func flagsAndVariables() throws {
        let flags = try configuration(
            ["--trusted-proxies", "10.0.0.0/8, fd00::/8", "--anonymous-rate", "5", "--anonymous-burst", "50", "--login-attempts-per-minute", "3"],
            environment: ["GLINT_TRUSTED_PROXIES": "192.0.2.1", "GLINT_ANONYMOUS_RATE": "9"])
        #expect(flags.trustedProxies == [try IPNetwork("10.0.0.0/8"), try IPNetwork("fd00::/8")])
        #expect(flags.rate == 5 && flags.burst == 50 && flags.loginAttemptsPerMinute == 3)
        let variables = try configuration(
            [], environment: ["GLINT_TRUSTED_PROXIES": "192.0.2.1", "GLINT_ANONYMOUS_BURST": "7", "GLINT_LOGIN_ATTEMPTS_PER_MINUTE": "20"])
        #expect(variables.trustedProxies == [try IPNetwork("192.0.2.1/32")])
        #expect(variables.burst == 7 && variables.loginAttemptsPerMinute == 20 && variables.rate == PageAccessConfiguration.defaultRate)
    }

    @Test(
        "a bad range or limit is refused naming the flag or the variable",
        arguments: [
            (["--trusted-proxies", "10.0.0.1/8"], [:], "--trusted-proxies"),
            (["--trusted-proxies", "everyone"], [:], "--trusted-proxies"),
            ([], ["GLINT_TRUSTED_PROXIES": "0.0.0.0/33"], "GLINT_TRUSTED_PROXIES"),
            (["--anonymous-rate", "0"], [:], "--anonymous-rate"),
            (["--anonymous-burst", "0"], [:], "--anonymous-burst"),
            ([], ["GLINT_LOGIN_ATTEMPTS_PER_MINUTE": "0"], "GLINT_LOGIN_ATTEMPTS_PER_MINUTE"),
        ] as [([String], [String: String], String)])
    func refused(arguments: [String], environment: [String: String], name: String) throws {
        #expect {
            try configuration(arguments, environment: environment)
        } throws: { error in
            "\(error)".contains(name)
        }
    }
}
