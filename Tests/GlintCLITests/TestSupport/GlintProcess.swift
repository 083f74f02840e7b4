import Foundation
import GlintTestSupport
import Testing

extension ProcessOutcome {
    /// Standard output decoded as one JSON object.
    func jsonObject(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: stdout)
        return try #require(
            object as? [String: Any], "stdout of \(commandLine) is not a JSON object: \(stdoutText)",
            sourceLocation: sourceLocation)
    }
}

/// The `glint` executable built beside the test runner, run as a user runs it.
enum GlintProcess {
    /// The built `glint` executable: `$GLINT_EXECUTABLE` when set, otherwise the `glint` that
    /// `swift build` / `swift test` put in the same directory as the test runner.
    static let executable: URL? = {
        if let override = ProcessInfo.processInfo.environment["GLINT_EXECUTABLE"] {
            return URL(fileURLWithPath: override)
        }
        var directories = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        // An .xctest bundle (macOS) sits in the products directory; on Linux it is the runner itself.
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent("glint")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        return nil
    }()

    /// Runs `glint` with `arguments`; by default from the package root, so that fixture paths
    /// such as `../shared/fixtures/...` read as they do for a developer at a shell.
    static func run(
        _ arguments: [String], currentDirectory: URL? = SharedFixtures.packageRoot,
        extraEnvironment: [String: String] = [:],
        timeout: TimeInterval = ExternalTool.defaultTimeout,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessOutcome {
        let executable = try #require(
            executable,
            "the glint executable was not found beside the test runner (\(Bundle.main.bundlePath)); run `swift build` first or set GLINT_EXECUTABLE",
            sourceLocation: sourceLocation)
        return try ExternalTool.run(
            executable, arguments, currentDirectory: currentDirectory,
            extraEnvironment: extraEnvironment, timeout: timeout)
    }
}
