import ArgumentParser
import Foundation
import GlintServer

/// Where `glint serve` may send webhooks beyond the public internet (``EgressPolicy``), and how long
/// one attempt may take: each the flag, else its environment variable, else the default (nothing
/// opened; 10 s).
///
/// | flag | environment |
/// | --- | --- |
/// | `--allow-callback-networks` | `GLINT_ALLOW_CALLBACK_NETWORKS` |
/// | `--webhook-timeout-seconds` | `GLINT_WEBHOOK_TIMEOUT_SECONDS` |
public struct EgressOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let allowCallbackNetworks = "GLINT_ALLOW_CALLBACK_NETWORKS"
        public static let webhookTimeoutSeconds = "GLINT_WEBHOOK_TIMEOUT_SECONDS"
    }

    @Option(
        help: ArgumentHelp(
            "Private ranges webhooks may reach on purpose, as CIDR, comma-separated (10.0.0.0/8,fd00::/8); loopback, private, link-local and the like are refused otherwise, the cloud metadata addresses always ($\(Variable.allowCallbackNetworks)).",
            valueName: "cidr,..."))
    public var allowCallbackNetworks: String?

    @Option(
        help: ArgumentHelp(
            "How long one webhook attempt may take, connecting included, in seconds, before it counts as failed and is tried again later (default \(helpNumber(Self.defaultTimeoutSeconds)); $\(Variable.webhookTimeoutSeconds))."
        ))
    public var webhookTimeoutSeconds: Double?

    public init() {}

    private static let defaultTimeoutSeconds = WebhookDeliverer.defaultAttemptTimeout.inSeconds

    public func validate() throws {
        _ = try policy(environment: ProcessInfo.processInfo.environment)
        _ = try attemptTimeout(environment: ProcessInfo.processInfo.environment)
    }

    /// How long one attempt may take: this option, else the environment's, else 10 s.
    /// - Throws: `ValidationError` naming the flag or variable that is out of 1...3600 or does not parse.
    public func attemptTimeout(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Duration {
        let seconds = try ResolvedSetting(
            flag: webhookTimeoutSeconds, name: "--webhook-timeout-seconds", variable: Variable.webhookTimeoutSeconds, environment: environment,
            default: Self.defaultTimeoutSeconds)
        try seconds.require("must be 1 to 3600") { (1...3600).contains($0) }
        return .seconds(seconds.value)
    }

    /// The egress policy: these ranges opened, else the environment's, else none.
    /// - Throws: `ValidationError` naming the flag or variable and the entry that does not parse.
    public func policy(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> EgressPolicy {
        let (text, name) =
            allowCallbackNetworks.map { ($0, "--allow-callback-networks") }
            ?? (environment[Variable.allowCallbackNetworks] ?? "", "$\(Variable.allowCallbackNetworks)")
        do {
            return EgressPolicy(allowedNetworks: try IPNetwork.parseList(text))
        } catch {
            throw ValidationError("\(name): \(error)")
        }
    }
}
