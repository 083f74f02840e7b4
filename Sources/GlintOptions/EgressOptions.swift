import ArgumentParser
import Foundation
import GlintServer

/// Where `glint serve` may send webhooks beyond the public internet (``EgressPolicy``): the flag,
/// else its environment variable, else nothing opened.
///
/// | flag | environment |
/// | --- | --- |
/// | `--allow-callback-networks` | `GLINT_ALLOW_CALLBACK_NETWORKS` |
public struct EgressOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let allowCallbackNetworks = "GLINT_ALLOW_CALLBACK_NETWORKS"
    }

    @Option(
        help: ArgumentHelp(
            "Private ranges webhooks may reach on purpose, as CIDR, comma-separated (10.0.0.0/8,fd00::/8); loopback, private, link-local and the like are refused otherwise, the cloud metadata addresses always ($\(Variable.allowCallbackNetworks)).",
            valueName: "cidr,..."))
    public var allowCallbackNetworks: String?

    public init() {}

    public func validate() throws {
        _ = try policy(environment: ProcessInfo.processInfo.environment)
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
