import ArgumentParser

/// `--enable-test-kinds`, of `glint serve` and `glint worker`: whether they serve the kinds that
/// exist for tests and benchmarks (`queue.noop`, which sleeps up to an hour in the worker with no
/// deadline). Off by default: a tenant of a production server cannot submit them.
public struct TestKindOptions: ParsableArguments {
    @Flag(help: "Serve the test kinds (queue.noop) too: for tests and benchmarks, never in production.")
    public var enableTestKinds = false

    public init() {}
}
