import GlintTestSupport
import Testing

/// The trait of a test or suite that needs something of the machine (``Requirement``).
///
/// All met: the test runs. Something missing: a developer's run cancels the test with a comment
/// naming what is missing (reported as cancelled, the way a skip is); under `CI=true` the test
/// fails with an issue naming what is missing and how to get it, so that CI can never pass by
/// skipping.
public struct RequirementTrait: TestTrait, SuiteTrait, TestScoping {
    public var requirements: [Requirement]

    public var isRecursive: Bool { true }

    /// What is missing now, for messages.
    public var missing: [Requirement] { requirements.filter { !$0.isMet() } }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let missing = self.missing
        guard !missing.isEmpty else { return try await function() }
        let names = missing.map(\.description).joined(separator: ", ")
        if CI.requiresEverything {
            let remedies = missing.map { "\($0.description): \($0.remedy)" }.joined(separator: "; ")
            Issue.record("CI=true and this test's requirements are missing: \(remedies)")
            return
        }
        try Test.cancel("needs \(names)")
    }
}

extension Trait where Self == RequirementTrait {
    /// The test (or every test of the suite) needs `requirements`.
    public static func requires(_ requirements: Requirement...) -> RequirementTrait {
        RequirementTrait(requirements: requirements)
    }
}

extension Trait where Self == TimeLimitTrait {
    /// The time limit every suite has: a guard against a hang, not a timing.
    ///
    /// `swift test` starts the tests in parallel and a test's time counts from its start, including
    /// the time it waits while other tests (video encodes, processes) hold the machine's cores: on 2
    /// busy cores a test of a millisecond can wait minutes. So the limit is longer than the whole
    /// suite takes on a loaded 2-core machine; `make test` bounds the run itself as well (`timeout`).
    public static var suiteTimeLimit: Self { .timeLimit(.minutes(30)) }
}
