import Foundation

/// How `glint serve` listens and what it runs.
public struct GlintServerConfiguration: Sendable {
    public var host: String
    /// 0 picks a free port (tests).
    public var port: Int
    /// Uploads larger than this are refused (`payload-too-large`); 512 MiB by default.
    public var maxUploadBytes: Int64
    /// Jobs the embedded worker runs at once; 0 runs no worker (an API-only node).
    public var workers: Int
    /// Whether the webhook deliverer runs.
    public var webhooks: Bool

    public init(host: String = "127.0.0.1", port: Int = 8080, maxUploadBytes: Int64 = 512 << 20, workers: Int = 2, webhooks: Bool = true) {
        self.host = host
        self.port = port
        self.maxUploadBytes = maxUploadBytes
        self.workers = workers
        self.webhooks = webhooks
    }
}
