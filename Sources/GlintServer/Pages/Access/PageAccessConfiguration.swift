/// Who may reach the pages, and how often: the trusted proxies whose `X-Forwarded-For` names the
/// client (``ClientAddressResolver``), and the per-client-address limits of the routes that need
/// no key (share pages, their files and downloads, the sign-in form, the dashboard before sign-in).
public struct PageAccessConfiguration: Sendable, Hashable {
    /// Requests per second per client address on the pages, unless told otherwise: a share page
    /// with a movie makes a few dozen range requests when it plays.
    public static let defaultRate = 20.0
    /// The pages' burst per client address unless told otherwise.
    public static let defaultBurst = 200
    /// Sign-in attempts (`POST /login`, and a wrong bearer key on a page) per minute per client
    /// address, unless told otherwise: enough for a person, far too few to guess keys.
    public static let defaultLoginAttemptsPerMinute = 10

    /// The proxies (`--trusted-proxies`) whose forwarding headers are believed.
    public var trustedProxies: [IPNetwork]
    /// Requests per second per client address on the pages (`--anonymous-rate`).
    public var rate: Double
    /// How many requests a client address may make at once before ``rate`` applies (`--anonymous-burst`).
    public var burst: Int
    /// Sign-in attempts per minute per client address (`--login-attempts-per-minute`), also the burst.
    public var loginAttemptsPerMinute: Int

    /// - Parameters:
    ///   - trustedProxies: The proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (none).
    ///   - rate: Page requests per second per client address.
    ///   - burst: Page requests at once per client address.
    ///   - loginAttemptsPerMinute: Sign-in attempts per minute per client address.
    public init(
        trustedProxies: [IPNetwork] = [], rate: Double = defaultRate, burst: Int = defaultBurst,
        loginAttemptsPerMinute: Int = defaultLoginAttemptsPerMinute
    ) {
        self.trustedProxies = trustedProxies
        self.rate = rate
        self.burst = burst
        self.loginAttemptsPerMinute = loginAttemptsPerMinute
    }
}
