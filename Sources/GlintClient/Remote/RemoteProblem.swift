/// An `application/problem+json` body (RFC 9457) as a Glint server sends it.
struct RemoteProblem: Decodable {
    /// `https://glint.dev/problems/<slug>`.
    var type: String?
    var title: String?
    var detail: String?

    /// The problem type's last path component (`not-found`), nil without a type.
    var slug: String? {
        guard let type, let last = type.split(separator: "/").last else { return nil }
        return String(last)
    }
}
