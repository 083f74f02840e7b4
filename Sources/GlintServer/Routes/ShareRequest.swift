import GlintCore

/// The body of `POST /v1/shares`, checked: `{"job": "<id>", "expiresIn": seconds,
/// "keepLocation": false}`, nothing else. The route and `Fuzz/JobRequestJSON` read it here.
struct ShareRequest: Equatable {
    /// Shares last at most 90 days; one week unless asked.
    static let expiryRange: ClosedRange<Int64> = 60...(90 * 86400)
    static let defaultExpiry: Int64 = 604_800
    static let keys: Set<String> = ["job", "expiresIn", "keepLocation"]

    /// The job to share, as written (looked up in the tenant's jobs afterwards).
    var job: String
    /// Seconds until the link expires.
    var expiresIn: Int64
    /// Whether the link serves the job's files with their recording location (EXIF GPS, XMP
    /// places, QuickTime location keys); false when left out, so that a link never gives away
    /// where a photo was taken unless its owner says so.
    var keepLocation: Bool
}

extension ShareRequest {
    /// - Throws: ``Problem`` `.invalidParameters` naming the key at fault.
    init(_ body: JSONValue) throws {
        guard let object = body.object else {
            throw Problem(.invalidParameters, detail: "a share is {\"job\": \"<id>\", \"expiresIn\": seconds, \"keepLocation\": false}")
        }
        if let unknown = object.keys.filter({ !Self.keys.contains($0) }).sorted().first {
            throw Problem(.invalidParameters, detail: "unknown key \"\(unknown)\" (a share has job, expiresIn, keepLocation)")
        }
        guard case .string(let job)? = object["job"] else { throw Problem(.invalidParameters, detail: "\"job\" must be a job id") }
        self.job = job
        switch object["expiresIn"] {
        case nil, .null?: expiresIn = Self.defaultExpiry
        case .integer(let value)? where Self.expiryRange.contains(value): expiresIn = value
        default:
            throw Problem(
                .invalidParameters,
                detail: "\"expiresIn\" must be an integer number of seconds in \(Self.expiryRange.lowerBound)...\(Self.expiryRange.upperBound)")
        }
        switch object["keepLocation"] {
        case nil, .null?: keepLocation = false
        case .bool(let value)?: keepLocation = value
        default: throw Problem(.invalidParameters, detail: "\"keepLocation\" must be true or false")
        }
    }
}
