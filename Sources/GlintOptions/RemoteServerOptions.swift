import ArgumentParser
import Foundation

/// `--server` and `--api-key` of `glint jobs`: the Glint server its commands talk to instead of the
/// stores on this machine, and the API key they send. Each is the flag, else its environment
/// variable (empty counts as unset).
///
/// | flag | environment |
/// | --- | --- |
/// | `--server` | `GLINT_SERVER` |
/// | `--api-key` | `GLINT_API_KEY` |
public struct RemoteServerOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let server = "GLINT_SERVER"
        public static let apiKey = "GLINT_API_KEY"
    }

    @Option(help: "A Glint server to send the request to instead of the local stores, e.g. http://127.0.0.1:8080 (default $\(Variable.server)).")
    public var server: String?

    @Option(help: "The API key for --server (default $\(Variable.apiKey); create one with `glint keys create`).")
    public var apiKey: String?

    public init() {}

    /// The server these options name: `--server`, else `$GLINT_SERVER`; nil when neither names one
    /// (the stores on this machine). The text is as given: the caller checks that it is a URL.
    public func resolvedServer(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        server ?? environment.setting(Variable.server)
    }

    /// The API key: `--api-key`, else `$GLINT_API_KEY`; nil when neither gives a non-empty one.
    public func resolvedAPIKey(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let key = apiKey ?? environment.setting(Variable.apiKey), !key.isEmpty else { return nil }
        return key
    }
}
