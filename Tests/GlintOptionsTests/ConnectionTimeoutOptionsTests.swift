import ArgumentParser
import Foundation
import GlintOptions
import GlintServer
import GlintTestSupport
import Testing

/// `--header-timeout-seconds`, `--idle-timeout-seconds`, `--min-upload-bytes-per-second` and
/// `--upload-rate-window-seconds` of `glint serve`: flag, else variable, else the default; 0 is off.
@Suite("ConnectionTimeoutOptions", .suiteTimeLimit)
struct ConnectionTimeoutOptionsTests {
    func timeouts(_ arguments: [String], environment: [String: String] = [:]) throws -> ConnectionTimeouts {
        try ConnectionTimeoutOptions.parse(arguments).timeouts(environment: environment)
    }

    @Test("defaults: 10 s for headers, 60 s idle, 1 KiB/s over 10 s")
    func defaults() throws {
        #expect(try timeouts([]) == .default)
        #expect(ConnectionTimeouts.default.headerTimeout == .seconds(10))
        #expect(ConnectionTimeouts.default.idleTimeout == .seconds(60))
        #expect(ConnectionTimeouts.default.minimumUploadBytesPerSecond == 1024)
        #expect(GlintServerConfiguration().connectionTimeouts == .default)
    }

    @Test("flags win over variables; 0 turns a limit off")
    func flagsAndVariables() throws {
        let environment = [
            "GLINT_HEADER_TIMEOUT_SECONDS": "5", "GLINT_IDLE_TIMEOUT_SECONDS": "0", "GLINT_MIN_UPLOAD_BYTES_PER_SECOND": "0",
            "GLINT_UPLOAD_RATE_WINDOW_SECONDS": "2.5",
        ]
        let expected = ConnectionTimeouts(headerTimeout: .seconds(5), idleTimeout: nil, minimumUploadBytesPerSecond: 0, uploadRateWindow: .milliseconds(2500))
        #expect(try timeouts([], environment: environment) == expected)
        let fromFlags = try timeouts(
            ["--header-timeout-seconds", "0", "--idle-timeout-seconds", "2", "--min-upload-bytes-per-second", "100"], environment: environment)
        #expect(fromFlags.headerTimeout == nil)
        #expect(fromFlags.idleTimeout == .seconds(2))
        #expect(fromFlags.minimumUploadBytesPerSecond == 100)
    }

    @Test("out of range or unparsable values are refused, naming the flag or variable")
    func refused() throws {
        #expect(throws: ValidationError.self) { try timeouts(["--header-timeout-seconds=-1"]) }
        #expect(throws: ValidationError.self) { try timeouts(["--min-upload-bytes-per-second=-5"]) }
        #expect(throws: ValidationError.self) { try timeouts(["--upload-rate-window-seconds", "0"]) }
        do {
            _ = try timeouts([], environment: ["GLINT_IDLE_TIMEOUT_SECONDS": "soon"])
            Issue.record("GLINT_IDLE_TIMEOUT_SECONDS=soon was taken")
        } catch let error as ValidationError {
            #expect(error.message.contains("GLINT_IDLE_TIMEOUT_SECONDS"))
        }
    }

    @Test("glint serve takes them (its help names every flag and variable)")
    func serveHelp() {
        let help = ServerOptions.helpMessage(columns: 1000)
        for name in ["--header-timeout-seconds", "--idle-timeout-seconds", "--min-upload-bytes-per-second", "--upload-rate-window-seconds"] {
            #expect(help.contains(name))
        }
        for variable in ["GLINT_HEADER_TIMEOUT_SECONDS", "GLINT_IDLE_TIMEOUT_SECONDS", "GLINT_MIN_UPLOAD_BYTES_PER_SECOND"] {
            #expect(help.contains("$" + variable))
        }
    }
}
