/// Who is looking at the dashboard: a live key, by its sign-in (the session cookie) or its bearer
/// token. An operator's key sees every tenant's jobs; any other key its own tenant's only.
public struct PageViewer: Sendable, Hashable {
    /// The key's id (never its secret).
    public var keyID: String
    /// The key's tenant.
    public var tenant: String
    /// Whether it is an operator's key (`glint keys create --operator`).
    public var isOperator: Bool

    /// - Parameters:
    ///   - keyID: The key's id.
    ///   - tenant: The key's tenant.
    ///   - isOperator: Whether it sees every tenant.
    public init(keyID: String, tenant: String, isOperator: Bool) {
        self.keyID = keyID
        self.tenant = tenant
        self.isOperator = isOperator
    }

    /// The tenant whose jobs it sees, nil for every tenant (an operator), as the job store takes it.
    public var scope: String? { isOperator ? nil : tenant }
}
