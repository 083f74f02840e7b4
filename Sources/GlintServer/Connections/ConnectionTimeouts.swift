/// How long a client may take over its requests before `glint serve` closes the connection, so
/// that slow clients (a "slowloris" trickling headers, an upload of a few bytes a second) cannot
/// hold connections, memory and upload slots.
///
/// - ``headerTimeout``: a request's whole header block must arrive within this time, counted from
///   the connection's start for its first request and from the first byte for each later one; not
///   reset by each line.
/// - ``idleTimeout``: a connection with no request in progress (a keep-alive connection between
///   requests, one that never sends) is closed after this time.
/// - ``minimumUploadBytesPerSecond`` over ``uploadRateWindow``: a request body that averages less,
///   over a window of time in which the server was waiting for it (time the server spends on the
///   bytes it already has does not count against the client), is cut off.
///
/// Each is off when nil (or 0 for the rate).
public struct ConnectionTimeouts: Sendable, Equatable {
    /// The header deadline unless told otherwise: 10 s.
    public static let defaultHeaderTimeout = Duration.seconds(10)
    /// The idle timeout unless told otherwise: 60 s.
    public static let defaultIdleTimeout = Duration.seconds(60)
    /// The lowest upload rate unless told otherwise: 1 KiB/s.
    public static let defaultMinimumUploadBytesPerSecond = 1024
    /// The window the upload rate is averaged over unless told otherwise: 10 s.
    public static let defaultUploadRateWindow = Duration.seconds(10)

    /// The time a request's header block may take; nil: no limit.
    public var headerTimeout: Duration?
    /// How long a connection may sit without a request in progress; nil: no limit.
    public var idleTimeout: Duration?
    /// The lowest average rate a request body may arrive at; 0: no limit.
    public var minimumUploadBytesPerSecond: Int
    /// The time the upload rate is averaged over.
    public var uploadRateWindow: Duration

    public init(
        headerTimeout: Duration? = defaultHeaderTimeout, idleTimeout: Duration? = defaultIdleTimeout,
        minimumUploadBytesPerSecond: Int = defaultMinimumUploadBytesPerSecond, uploadRateWindow: Duration = defaultUploadRateWindow
    ) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.minimumUploadBytesPerSecond = minimumUploadBytesPerSecond
        self.uploadRateWindow = uploadRateWindow
    }

    /// The service's defaults.
    public static let `default` = ConnectionTimeouts()
    /// No limit at all (Hummingbird's own behaviour; tests that hold connections on purpose).
    public static let none = ConnectionTimeouts(headerTimeout: nil, idleTimeout: nil, minimumUploadBytesPerSecond: 0)
}
