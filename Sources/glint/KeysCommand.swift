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

    /// The time keys are created, rotated and revoked at.
    static let clock: any WallClock = SystemWallClock()
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
    /// Whether the dashboard shows this key every tenant's jobs (`--operator`).
    var `operator`: Bool
    var key: String?
    /// The key's webhook signing secret (`whsec_...`): printed once, on creation and on rotation.
    var webhookSecret: String?

    init(_ record: APIKeyRecord, key: String? = nil, webhookSecret: WebhookSecret? = nil) {
        id = record.id
        tenant = record.tenant
        name = record.name
        createdAt = Timestamp.string(from: record.createdAt)
        revokedAt = record.revokedAt.map { Timestamp.string(from: $0) }
        limits = record.limits
        self.operator = record.isOperator
        self.key = key
        self.webhookSecret = webhookSecret?.text
    }

    /// The limits as `glint keys list` prints them: `max-queued 100, rate 5/s`, or `server defaults`.
    var limitsText: String {
        let parts = [
            limits.maxQueued.map { "max-queued \($0)" }, limits.maxRunning.map { "max-running \($0)" },
            limits.maxStorageBytes.map { "max-storage-bytes \($0)" }, limits.rate.map { "rate \($0)/s" }, limits.burst.map { "burst \($0)" },
            limits.blobRetentionDays.map { "blob-retention-days \($0)" }, limits.queues.map { "queues \($0.joined(separator: ","))" },
        ].compactMap { $0 }
        return parts.isEmpty ? "server defaults" : parts.joined(separator: ", ")
    }
}

extension StoreOptions {
    /// Runs `body` with the server store that belongs with the job store.
    func withServerStore<R: Sendable>(_ body: (any ServerStore) async throws -> R) async throws -> R {
        OwnerOnlyFiles.restrictUmask()
        let data = dataDirectory
        try data.create()
        return try await GlintServer.withServerStore(for: try location(), dataDirectory: data, body)
    }

    /// Seals the keys' webhook secrets with the server secret of this data directory (the one
    /// `glint serve` uses with it).
    func webhookSecretVault() throws -> WebhookSecretVault {
        let data = dataDirectory
        try data.create()
        return WebhookSecretVault(serverSecret: try ServerSecret.loadOrCreate(in: data.url))
    }
}

struct KeysCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a key for a tenant; the key is printed once.")

    @OptionGroup var stores: StoreOptions
    @Option(help: "The tenant the key acts for.") var tenant: String
    @Option(help: "A label for people.") var name: String?
    @OptionGroup(title: "Limits (each left out: the server's default)") var limitOptions: KeyLimitOptions
    @Flag(help: "An operator's key: the dashboard shows it every tenant's jobs (on /v1 it acts for --tenant like any key).")
    var `operator` = false
    @Flag(help: "Print the key as JSON.") var json = false

    func validate() throws {
        guard !tenant.isEmpty, tenant.utf8.count <= 200 else { throw ValidationError("--tenant must be 1-200 characters") }
        _ = try limitOptions.limits()
    }

    func run() async throws {
        do {
            let key = APIKey.generate()
            let record = APIKeyRecord(
                id: key.id, tenant: tenant, name: name, hash: key.hash, createdAt: KeysCommand.clock.now(), limits: try limitOptions.limits(),
                isOperator: `operator`)
            let vault = try stores.webhookSecretVault()
            let secret = try await stores.withServerStore { store in
                try await store.insertKey(record)
                return try await store.rotateWebhookSecret(key: record.id, vault: vault, now: KeysCommand.clock.now())
            }
            if json {
                CommandOutput.printJSON(KeyDocument(record, key: key.text, webhookSecret: secret))
            } else {
                print(key.text)
                let role = `operator` ? "operator key" : "key"
                // Standard output stays the key alone (scripts keep it); the secret goes to the operator.
                CommandOutput.printError("glint keys: created \(role) \(key.id) for tenant \(tenant) (it is shown only now)")
                CommandOutput.printError("glint keys: its webhook signing secret (shown only now; --json prints both): \(secret.text)")
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
                            + (key.operator ? "  operator" : "")
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
        commandName: "update",
        abstract: "Change a key's limits (those given are set, --unset ones go back to the server's default), or rotate its webhook secret.")

    @OptionGroup var stores: StoreOptions
    @Argument(help: "The key id (the 12 hex digits after glint_), or the whole key.") var id: String
    @OptionGroup(title: "Limits") var limitOptions: KeyLimitOptions
    @Option(
        help: "A limit to take from the server's defaults again: max-queued, max-running, max-storage-bytes, rate, burst or blob-retention-days (repeated).")
    var unset: [String] = []
    @Flag(
        help: "Give the key a new webhook signing secret, printed once; the previous one keeps signing (a second signature) for 24 hours.")
    var rotateWebhookSecret = false
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
            let vault = rotateWebhookSecret ? try stores.webhookSecretVault() : nil
            let updated = try await stores.withServerStore { store -> (APIKeyRecord, WebhookSecret?)? in
                guard let current = try await store.key(id: keyID) else { return nil }
                let limits = unset.compactMap(KeyLimits.Name.init(rawValue:)).reduce(given.over(current.limits)) { $0.removing($1) }
                guard let record = try await store.updateKeyLimits(id: keyID, limits: limits) else { return nil }
                guard let vault else { return (record, nil) }
                return (record, try await store.rotateWebhookSecret(key: keyID, vault: vault, now: KeysCommand.clock.now()))
            }
            guard let (record, secret) = updated else { throw ServerStoreError("key \(keyID): no such key") }
            let document = KeyDocument(record, webhookSecret: secret)
            if json {
                CommandOutput.printJSON(document)
            } else {
                print("updated \(record.id) (tenant \(record.tenant)): limits \(document.limitsText)")
                if let secret {
                    print(secret.text)
                    CommandOutput.printError("glint keys: new webhook signing secret above (shown only now); the previous one signs too for 24 hours")
                }
            }
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
            guard let record = try await stores.withServerStore({ store in try await store.revokeKey(id: keyID, at: KeysCommand.clock.now()) }) else {
                throw ServerStoreError("key \(keyID): no such key")
            }
            if json { CommandOutput.printJSON(KeyDocument(record)) } else { print("revoked \(record.id) (tenant \(record.tenant))") }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}
