import Foundation

/// The PostgreSQL server the tests may use: `GLINT_TEST_POSTGRES_URL`, set by `make test`, which
/// starts a throw-away server on loopback. The one place the tests read it.
public enum TestPostgres {
    /// The server's URL; nil when the variable is unset or empty.
    public static var url: String? {
        guard let url = ProcessInfo.processInfo.environment["GLINT_TEST_POSTGRES_URL"], !url.isEmpty else { return nil }
        return url
    }

    /// Why a PostgreSQL test cannot run without ``url``: the message of its failure under `CI=true`.
    public static let notSet = "GLINT_TEST_POSTGRES_URL is not set: the PostgreSQL tests need a server (make test starts one on loopback)"
}

extension CI {
    /// The cases a parameterised test runs: those `isAvailable` keeps on a developer's machine; under
    /// `CI=true` every one, so that a case that cannot run fails, saying why, instead of vanishing.
    public static func cases<Case>(_ all: [Case], available isAvailable: (Case) -> Bool) -> [Case] {
        requiresEverything ? all : all.filter(isAvailable)
    }
}
