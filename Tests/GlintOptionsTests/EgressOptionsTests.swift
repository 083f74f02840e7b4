import ArgumentParser
import Foundation
import GlintOptions
import GlintServer
import GlintTestSupport
import Testing

/// `--allow-callback-networks`: the flag, else `GLINT_ALLOW_CALLBACK_NETWORKS`, else nothing opened;
/// `--webhook-timeout-seconds`: the flag, else `GLINT_WEBHOOK_TIMEOUT_SECONDS`, else 10 s.
@Suite("EgressOptions", .suiteTimeLimit)
struct EgressOptionsTests {
    func policy(_ arguments: [String], environment: [String: String] = [:]) throws -> EgressPolicy {
        try EgressOptions.parse(arguments).policy(environment: environment)
    }

    @Test("nothing given opens nothing; the flag wins over the variable")
    func flagsAndVariables() throws {
        #expect(try policy([]).allowedNetworks.isEmpty)
        let flag = try policy(["--allow-callback-networks", "127.0.0.0/8, fd00::/8"], environment: ["GLINT_ALLOW_CALLBACK_NETWORKS": "10.0.0.0/8"])
        #expect(flag.allowedNetworks == [try IPNetwork("127.0.0.0/8"), try IPNetwork("fd00::/8")])
        #expect(flag.refusal(for: IPAddress("127.0.0.1")!) == nil)
        #expect(flag.refusal(for: IPAddress("10.0.0.1")!) != nil)
        let variable = try policy([], environment: ["GLINT_ALLOW_CALLBACK_NETWORKS": "10.0.0.0/8"])
        #expect(variable.allowedNetworks == [try IPNetwork("10.0.0.0/8")])
    }

    @Test(
        "a bad range is refused naming the flag or the variable",
        arguments: [
            (["--allow-callback-networks", "10.0.0.1/8"], [:], "--allow-callback-networks"),
            (["--allow-callback-networks", "localhost"], [:], "--allow-callback-networks"),
            (["--allow-callback-networks", "10.0.0.0/8,,"], [:], "--allow-callback-networks"),
            ([], ["GLINT_ALLOW_CALLBACK_NETWORKS": "0.0.0.0/33"], "GLINT_ALLOW_CALLBACK_NETWORKS"),
        ] as [([String], [String: String], String)])
    func refusesBadRanges(arguments: [String], environment: [String: String], name: String) throws {
        do {
            _ = try policy(arguments, environment: environment)
            Issue.record("accepted \(arguments) \(environment)")
        } catch {
            #expect(EgressOptions.message(for: error).contains(name), "\(error)")
        }
    }

    @Test("glint serve takes the option into its configuration")
    func serveConfiguration() throws {
        let configuration = try ServerOptions.parse(["--allow-callback-networks", "192.168.0.0/16", "--sandbox", "none"]).configuration(environment: [:])
        #expect(configuration.egressPolicy.allowedNetworks == [try IPNetwork("192.168.0.0/16")])
        #expect(try ServerOptions.parse(["--sandbox", "none"]).configuration(environment: [:]).egressPolicy.allowedNetworks.isEmpty)
    }

    @Test("the attempt timeout: 10 s by default, the flag wins over the variable, out of 1...3600 or not a number refused naming the name")
    func attemptTimeout() throws {
        #expect(try EgressOptions.parse([]).attemptTimeout(environment: [:]) == .seconds(10))
        let both = try EgressOptions.parse(["--webhook-timeout-seconds", "2.5"]).attemptTimeout(environment: ["GLINT_WEBHOOK_TIMEOUT_SECONDS": "30"])
        #expect(both == .milliseconds(2500))
        #expect(try EgressOptions.parse([]).attemptTimeout(environment: ["GLINT_WEBHOOK_TIMEOUT_SECONDS": "30"]) == .seconds(30))
        for (arguments, environment, name) in [
            (["--webhook-timeout-seconds", "0"], [:], "--webhook-timeout-seconds"), (["--webhook-timeout-seconds", "3601"], [:], "--webhook-timeout-seconds"),
            ([], ["GLINT_WEBHOOK_TIMEOUT_SECONDS": "-1"], "GLINT_WEBHOOK_TIMEOUT_SECONDS"),
            ([], ["GLINT_WEBHOOK_TIMEOUT_SECONDS": "soon"], "GLINT_WEBHOOK_TIMEOUT_SECONDS"),
        ] as [([String], [String: String], String)] {
            do {
                _ = try EgressOptions.parse(arguments).attemptTimeout(environment: environment)
                Issue.record("accepted \(arguments) \(environment)")
            } catch {
                #expect(EgressOptions.message(for: error).contains(name), "\(error)")
            }
        }
        let configuration = try ServerOptions.parse(["--webhook-timeout-seconds", "600", "--sandbox", "none"]).configuration(environment: [:])
        #expect(configuration.webhookAttemptTimeout == .seconds(600))
    }
}
