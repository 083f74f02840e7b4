import ArgumentParser
import Foundation
import GlintOptions
import GlintQueue
import GlintTestSupport
import Testing

/// `--store` and `--data-dir`: the flag, else `GLINT_STORE` / `GLINT_DATA_DIR`, else the defaults.
@Suite("StoreOptions", .suiteTimeLimit)
struct StoreOptionsTests {
    @Test("no flag and no variable: sqlite under ./glint-data")
    func defaults() throws {
        let options = try StoreOptions.parse([])
        #expect(options.dataDirectory(environment: [:]).path == URL(fileURLWithPath: GlintDataDirectory.defaultPath).standardizedFileURL.path)
        #expect(try options.location(environment: [:]) == .sqlite(path: options.dataDirectory(environment: [:]).path + "/queue.sqlite"))
    }

    @Test("GLINT_DATA_DIR and GLINT_STORE stand in for the flags; the flags win")
    func environment() throws {
        let environment = ["GLINT_DATA_DIR": "/tmp/glint-env", "GLINT_STORE": "sqlite:/tmp/env.sqlite"]
        let unset = try StoreOptions.parse([])
        #expect(unset.dataDirectory(environment: environment).path == "/tmp/glint-env")
        #expect(try unset.location(environment: environment) == .sqlite(path: "/tmp/env.sqlite"))
        #expect(try unset.location(environment: ["GLINT_DATA_DIR": "/tmp/glint-env"]) == .sqlite(path: "/tmp/glint-env/queue.sqlite"))
        let flags = try StoreOptions.parse(["--data-dir", "/tmp/glint-flag", "--store", "sqlite:/tmp/flag.sqlite"])
        #expect(flags.dataDirectory(environment: environment).path == "/tmp/glint-flag")
        #expect(try flags.location(environment: environment) == .sqlite(path: "/tmp/flag.sqlite"))
    }

    @Test("the help names both variables")
    func help() {
        let help = StoreOptions.helpMessage(columns: 1000)
        #expect(help.contains("$GLINT_STORE"))
        #expect(help.contains("$GLINT_DATA_DIR"))
    }
}
