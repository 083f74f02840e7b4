import ArgumentParser
import Foundation
import GlintCore
import GlintOptions
import GlintQueue
import GlintServer

/// `glint keys create|update|list|revoke`: the API keys of `glint serve` and their limits, kept
/// (hashed) in the server store beside the job store (`server.sqlite` in the data directory, or
/// the PostgreSQL database).
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Create, update (limits), list and revoke API keys for glint serve.",
        subcommands: [KeysCreateCommand.self, KeysUpdateCommand.self, KeysListCommand.self, KeysRevokeCommand.self]
    )
}

/// A key as `glint keys ... --json` prints it (never the secret, except once on creation).
struct KeyDocument: Encodable {
    var id: String
    var tenant: String
    var name: String?
    var createdAt: String
    var revokedAt: String?
    /// The key's own limits (one left out is the server's default).
    var limits: KeyLimits
    var key: String?

    init(_ record: APIKeyRecord, key: String? = nil) {
        id = record.id
        tenant = record.tenant
        name = record.name
        createdAt = Timestamp.string(from: record.createdAt)
        revokedAt = record.revokedAt.map { Timestamp.string(from: $0) }
        limits = record.limits
        self.key = key
    }

    /// The limits as `glint keys list` prints them: `max-queued 100, rate 5/s`, or `server defaults`.
    var limitsText: String {
        let parts = [
            limits.maxQueued.map { "max-queued \($0)" }, limits.maxRunning.map { "max-running \($0)" },
            limits.maxStorageBytes.map { "max-storage-bytes \($0)" }, limits.rate.map { "rate \($0)/s" }, limits.burst.map { "burst \($0)" },
            limits.blobRetentionDays.map { "blob-retention-days \($0)" },
        ].compactMap { $0 }
        return parts.isEmpty ? "server defaults" : parts.joined(separator: ", ")
    }
}

extension StoreOptions {
    /// Runs `body` with the server store that belongs with the job store.
    func withServerStore<R: Sendable>(_ body: (any ServerStore) async throws -> R) async throws -> R {
        let data = dataDirectory
        try data.create()
        return try await GlintServer.withServerStore(for: try location(), dataDirectory: data, body)
    }
}

struct KeysCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a key for a tenant; the key is printed once.")

    @OptionGroup var stores: StoreOptions
    @Option(help: "The tenant the key acts for.") var tenant: String
    @Option(help: "A label for people.") var name: String?
    @OptionGroup(title: "Limits (each left out: the server's default)") var limitOptions: KeyLimitOptions
    @Flag(help: "Print the key as JSON.") var json = false

    func validate() throws {
        guard !tenant.isEmpty, tenant.utf8.count <= 200 else { throw ValidationError("--tenant must be 1-200 characters") }
        _ = try limitOptions.limits()
    }

    func run() async throws {
        do {
            let key = APIKey.generate()
            let record = APIKeyRecord(id: key.id, tenant: tenant, name: name, hash: key.hash, createdAt: Date(), limits: try limitOptions.limits())
            try await stores.withServerStore { store in try await store.insertKey(record) }
            if json {
                CommandOutput.printJSON(KeyDocument(record, key: key.text))
            } else {
                print(key.text)
                CommandOutput.printError("glint keys: created key \(key.id) for tenant \(tenant) (it is shown only now)")
            }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}

struct KeysListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List keys (ids, tenants, names; never the keys).")

    @OptionGroup var stores: StoreOptions
    @Option(help: "Only this tenant's keys.") var tenant: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        do {
            let keys = try await stores.withServerStore { store in try await store.keys(tenant: tenant) }
            if json {
                CommandOutput.printJSON(keys.map { KeyDocument($0) })
            } else {
                for key in keys.map({ KeyDocument($0) }) {
                    print(
                        "\(key.id)  \(key.tenant)  \(key.name ?? "-")  created \(key.createdAt)" + (key.revokedAt.map { "  revoked \($0)" } ?? "")
                            + "  limits: \(key.limitsText)")
                }
            }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}

struct KeysUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Change a key's limits: those given are set, --unset ones go back to the server's default.")

    @OptionGroup var stores: StoreOptions
    @Argument(help: "The key id (the 12 hex digits after glint_), or the whole key.") var id: String
    @OptionGroup(title: "Limits") var limitOptions: KeyLimitOptions
    @Option(
        help: "A limit to take from the server's defaults again: max-queued, max-running, max-storage-bytes, rate, burst or blob-retention-days (repeated).")
    var unset: [String] = []
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        _ = try limitOptions.limits()
        if let unknown = unset.first(where: { KeyLimits.Name(rawValue: $0) == nil }) {
            throw ValidationError("--unset \(unknown): not a limit (\(KeyLimits.Name.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
    }

    func run() async throws {
        do {
            let keyID = APIKey(parsing: id)?.id ?? id
            let given = try limitOptions.limits()
            let record = try await stores.withServerStore { store -> APIKeyRecord? in
                guard let current = try await store.key(id: keyID) else { return nil }
                let limits = unset.compactMap(KeyLimits.Name.init(rawValue:)).reduce(given.over(current.limits)) { $0.removing($1) }
                return try await store.updateKeyLimits(id: keyID, limits: limits)
            }
            guard let record else { throw ServerStoreError("key \(keyID): no such key") }
            let document = KeyDocument(record)
            if json { CommandOutput.printJSON(document) } else { print("updated \(record.id) (tenant \(record.tenant)): limits \(document.limitsText)") }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}

struct KeysRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke a key: requests with it get 401 from then on.")

    @OptionGroup var stores: StoreOptions
    @Argument(help: "The key id (the 12 hex digits after glint_), or the whole key.") var id: String
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        do {
            let keyID = APIKey(parsing: id)?.id ?? id
            guard let record = try await stores.withServerStore({ store in try await store.revokeKey(id: keyID, at: Date()) }) else {
                throw ServerStoreError("key \(keyID): no such key")
            }
            if json { CommandOutput.printJSON(KeyDocument(record)) } else { print("revoked \(record.id) (tenant \(record.tenant))") }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}
