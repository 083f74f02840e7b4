import Foundation
import GlintQueue

#if canImport(Glibc)
    import Glibc
#endif

// A runner for the isolation tests (RunnerIsolationTests): `JobRunnerChild` with kinds that exist
// only here, so that no shipped binary can run them: `test.crash` raises SIGSEGV on every attempt,
// `test.sleep` reports progress while it sleeps.

struct CrashJobHandler: JobHandler {
    struct Parameters: Decodable, Sendable {}
    let kind: JobKind = "test.crash"
    let requiredInputs: Set<String> = []
    let documentation = JobKindDocumentation(summary: "Raises SIGSEGV (tests only).", inputs: "none", parameters: "none")

    func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        // A real fault, as a decoder's bug would make (a raised signal can be handled and returned from).
        let address = UnsafeMutablePointer<Int>(bitPattern: 0x10)
        address?.pointee = 42
        return [:]
    }
}

struct SleepJobHandler: JobHandler {
    struct Parameters: Decodable, Sendable {
        var milliseconds: Int
    }
    let kind: JobKind = "test.sleep"
    let requiredInputs: Set<String> = []
    let documentation = JobKindDocumentation(summary: "Sleeps, reporting progress (tests only).", inputs: "none", parameters: "milliseconds")

    func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let steps = max(parameters.milliseconds / 20, 1)
        for step in 0..<steps {
            try await context.progress(Double(step) / Double(steps), "step \(step) of \(steps)")
            try await Task.sleep(for: .milliseconds(20))
        }
        let file = context.outputFile("slept.txt")
        try Data("slept \(parameters.milliseconds) ms\n".utf8).write(to: file)
        return ["slept": file]
    }
}

var registry = JobHandlerRegistry()
registry.register(CrashJobHandler())
registry.register(SleepJobHandler())
exit(await JobRunnerChild.run(registry: registry, arguments: Array(CommandLine.arguments.dropFirst())))
