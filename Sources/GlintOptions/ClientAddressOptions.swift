import ArgumentParser
import Foundation
import GlintServer

/// Who `glint serve` believes about a client's address, and the per-client-address limits of the
/// routes that need no key (``PageAccessConfiguration``): each the flag, else its environment
/// variable, else the default.
///
/// | flag | environment |
/// | --- | --- |
/// | `--trusted-proxies` | `GLINT_TRUSTED_PROXIES` |
/// | `--anonymous-rate` | `GLINT_ANONYMOUS_RATE` |
/// | `--anonymous-burst` | `GLINT_ANONYMOUS_BURST` |
/// | `--login-attempts-per-minute` | `GLINT_LOGIN_ATTEMPTS_PER_MINUTE` |
public struct ClientAddressOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let trustedProxies = "GLINT_TRUSTED_PROXIES"
        public static let anonymousRate = "GLINT_ANONYMOUS_RATE"
        public static let anonymousBurst = "GLINT_ANONYMOUS_BURST"
        public static let loginAttemptsPerMinute = "GLINT_LOGIN_ATTEMPTS_PER_MINUTE"
    }

    private typealias Defaults = PageAccessConfiguration

    @Option(
        help: ArgumentHelp(
            """
            Load balancers in front of Glint, as CIDR ranges (10.0.0.0/8,fd00::/8): only a request from one of these has its \
            X-Forwarded-For (right-most untrusted address) and X-Forwarded-Proto believed (default none; $\(Variable.trustedProxies)).
            """))
    public var trustedProxies: String?

    @Option(
        help: ArgumentHelp(
            "Requests per second per client address on the pages that need no key: share links, sign-in (default \(helpNumber(Defaults.defaultRate)); $\(Variable.anonymousRate))."
        ))
    public var anonymousRate: Double?

    @Option(help: ArgumentHelp("Requests at once per client address above --anonymous-rate (default \(Defaults.defaultBurst); $\(Variable.anonymousBurst))."))
    public var anonymousBurst: Int?

    @Option(
        help: ArgumentHelp(
            "Dashboard sign-in attempts per minute per client address (default \(Defaults.defaultLoginAttemptsPerMinute); $\(Variable.loginAttemptsPerMinute))."
        ))
    public var loginAttemptsPerMinute: Int?

    public init() {}

    /// The configuration these options, else the environment, else the defaults give.
    /// - Throws: `ValidationError` naming the flag or variable that is out of range or does not parse.
    public func configuration(environment: [String: String]) throws -> PageAccessConfiguration {
        let proxies = try ResolvedSetting<String>(
            flag: trustedProxies, name: "--trusted-proxies", variable: Variable.trustedProxies, environment: environment, default: "")
        let networks: [IPNetwork]
        do {
            networks = proxies.value.isEmpty ? [] : try IPNetwork.parseList(proxies.value)
        } catch {
            throw ValidationError("\(proxies.source): \(error)")
        }
        let rate = try ResolvedSetting(
            flag: anonymousRate, name: "--anonymous-rate", variable: Variable.anonymousRate, environment: environment, default: Defaults.defaultRate)
        try rate.require("must be more than 0") { $0 > 0 && $0.isFinite }
        let burst = try ResolvedSetting(
            flag: anonymousBurst, name: "--anonymous-burst", variable: Variable.anonymousBurst, environment: environment, default: Defaults.defaultBurst)
        try burst.require("must be at least 1") { $0 >= 1 }
        let logins = try ResolvedSetting(
            flag: loginAttemptsPerMinute, name: "--login-attempts-per-minute", variable: Variable.loginAttemptsPerMinute,
            environment: environment, default: Defaults.defaultLoginAttemptsPerMinute)
        try logins.require("must be 1 to 10000") { (1...10_000).contains($0) }
        return PageAccessConfiguration(trustedProxies: networks, rate: rate.value, burst: burst.value, loginAttemptsPerMinute: logins.value)
    }
}
