import ArgumentParser
import Foundation
import GlintQueue
import GlintTestSupport
import Testing

@testable import GlintOptions

#if canImport(Glibc)
    import Glibc
#endif

/// A PostgreSQL `--store` needs no password on the command line: it comes from `PGPASSWORD`, a
/// password file in libpq's format (owner-only), or `GLINT_STORE`; and no message shows one.
@Suite("StoreOptions: PostgreSQL passwords", .suiteTimeLimit)
struct StorePasswordTests {
    func location(_ store: String, _ environment: [String: String]) throws -> JobStoreLocation {
        try StoreOptions.parse(["--store", store]).location(environment: environment)
    }

    @Test("PGPASSWORD fills a URL without a password (percent-encoded); a URL's own password wins")
    func passwordVariable() throws {
        let filled = try location("postgres://glint@db.example:5433/glint", ["PGPASSWORD": "p@ss:w/rd%"])
        #expect(filled == .postgres(url: "postgres://glint:p%40ss%3Aw%2Frd%25@db.example:5433/glint"))
        let configuration = try PostgresJobStore.Configuration(url: { if case .postgres(let url) = filled { return url } else { return "" } }())
        #expect(configuration.client.password == "p@ss:w/rd%")
        #expect(configuration.client.username == "glint")
        #expect(try location("postgres://glint:own@db/glint", ["PGPASSWORD": "other"]) == .postgres(url: "postgres://glint:own@db/glint"))
        #expect(try location("postgres://db/glint", ["PGPASSWORD": "pw"]) == .postgres(url: "postgres://postgres:pw@db/glint"))
    }

    @Test("GLINT_STORE may carry the whole URL, password included, out of the command line")
    func storeVariable() throws {
        let options = try StoreOptions.parse([])
        #expect(try options.location(environment: ["GLINT_STORE": "postgres://glint:secret@db/glint"]) == .postgres(url: "postgres://glint:secret@db/glint"))
    }

    @Test("the password file: first matching line, * wildcards, escapes, comments")
    func passwordFile() throws {
        let directory = try TemporaryDirectory("glint-pgpass")
        defer { directory.remove() }
        let file = directory.file("pgpass")
        try """
        # comment
        other:5432:glint:glint:wrong
        db:5432:glint:glint:first\\:colon\\\\slash
        *:*:*:glint:later
        """.write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o600)
        let environment = ["PGPASSFILE": file.path]
        #expect(try location("postgres://glint@db/glint", environment) == .postgres(url: "postgres://glint:first%3Acolon%5Cslash@db/glint"))
        #expect(try location("postgres://glint@elsewhere:6000/x", environment) == .postgres(url: "postgres://glint:later@elsewhere:6000/x"))
        #expect(try location("postgres://nobody@db/glint", environment) == .postgres(url: "postgres://nobody@db/glint"))
        #expect(try location("postgres://glint@db/glint", ["HOME": directory.url.path]) == .postgres(url: "postgres://glint@db/glint"))
        #expect(PostgresPassword.password(in: "h:1:d:u:p:with:colons", matching: ["h", "1", "d", "u"]) == "p:with:colons")
    }

    @Test("a password file others may read is refused, naming the file and the fix")
    func looseFile() throws {
        let directory = try TemporaryDirectory("glint-pgpass")
        defer { directory.remove() }
        let file = directory.file("pgpass")
        try "*:*:*:*:secret-in-file\n".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o644)
        do {
            _ = try location("postgres://glint@db/glint", ["PGPASSFILE": file.path])
            Issue.record("a 0644 password file was read")
        } catch {
            #expect("\(error)".contains("chmod 600"))
            #expect(!"\(error)".contains("secret-in-file"))
        }
    }

    @Test("no message shows a password: descriptions and parse errors redact it")
    func redaction() throws {
        #expect(JobStoreLocation.postgres(url: "postgres://glint:hunter2@db:5432/glint").description == "postgres://glint:***@db:5432/glint")
        #expect(JobStoreLocation.redactingPassword("postgres://u:p@ss@h/d") == "postgres://u:***@h/d")
        #expect(JobStoreLocation.redactingPassword("postgres://u@h/d:x@y") == "postgres://u@h/d:x@y")
        for text in ["postgres://glint:hunter2@", "postgres://glint:hunter2@/db", "mysql://glint:hunter2@db/x"] {
            do {
                _ = try JobStoreLocation(parsing: text)
                Issue.record("\(text) parsed")
            } catch {
                #expect(!"\(error)".contains("hunter2"), "\(error)")
            }
        }
        #expect(throws: JobQueueError.self) { _ = try PostgresJobStore.Configuration(url: "postgres://glint:hunter2@db/x?sslmode=bogus") }
        do {
            _ = try PostgresJobStore.Configuration(url: "postgres://glint:hunter2@db/x?sslmode=bogus")
        } catch {
            #expect(!"\(error)".contains("hunter2"))
        }
    }
}
