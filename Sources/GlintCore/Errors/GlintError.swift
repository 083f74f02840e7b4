/// An error Glint can explain to people and to machines alike.
///
/// Every caller maps this one protocol and never switches over concrete error types: the command
/// line prints ``description`` (and ``code``, ``kindName`` and ``file`` with `--json`), the worker
/// records ``code`` and ``message`` and discards a job at once when ``isPermanent``, and the HTTP
/// API turns ``code`` into a problem type.
public protocol GlintError: Error, CustomStringConvertible {
    /// The category of the failure, which decides retries and HTTP status.
    var code: ErrorCode { get }
    /// A finer, stable name of what went wrong (``MediaError/Kind`` raw values such as `truncated`);
    /// by default the code.
    var kindName: String { get }
    /// Whether the same request fails the same way on every try; by default decided by ``code``.
    var isPermanent: Bool { get }
    /// The path of the file concerned, if any.
    var file: String? { get }
    /// The sentence for people; by default ``description``.
    var message: String { get }
}

extension GlintError {
    public var kindName: String { code.rawValue }
    public var isPermanent: Bool { code.isPermanentByDefault }
    public var file: String? { nil }
    public var message: String { description }
}
