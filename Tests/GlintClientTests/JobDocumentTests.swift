import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import Testing

/// ``JobDocument``'s two renderings, and ``Timestamp``.
@Suite("Job document", .suiteTimeLimit)
struct JobDocumentTests {
    static let job = Job(
        id: JobID("6f9619ff-8b86-d011-b42d-00c04fc964ff")!, kind: "queue.noop", queue: "default", tenant: "acme", priority: 2,
        parameters: Data(#"{"n": 3, "f": 0.5}"#.utf8), inputs: ["in": BlobID(String(repeating: "a", count: 64))!], state: .available,
        maxAttempts: 3, errors: [JobAttemptError(attempt: 1, at: Date(timeIntervalSince1970: 1_800_000_000.25), code: "x", message: "m")],
        scheduledAt: Date(timeIntervalSince1970: 1_800_000_000), createdAt: Date(timeIntervalSince1970: 1_800_000_000)
    )

    static func json(_ document: JobDocument) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: try JSONEncoder().encode(document)) as? [String: Any] ?? [:]
    }

    @Test("the command line rendering has every field the document has and leaves absent ones out")
    func commandLineRendering() throws {
        let object = try Self.json(JobDocument(Self.job))
        #expect(object["tenant"] as? String == "acme")
        #expect((object["parameters"] as? [String: Any])?["n"] as? Int == 3)
        #expect((object["inputs"] as? [String: [String: Any]])?["in"]?["blob"] as? String == String(repeating: "a", count: 64))
        #expect(object["cancelRequested"] as? Bool == false)
        #expect(object["attemptedAt"] == nil && object["batch"] == nil && object["progress"] == nil)
        #expect((object["errors"] as? [[String: Any]])?.first?["at"] as? String == "2027-01-15T08:00:00.250Z")
        #expect(object["createdAt"] as? String == "2027-01-15T08:00:00.000Z")
    }

    @Test("the API rendering writes the API's keys only, null when absent, inputs as blob ids")
    func apiRendering() throws {
        var document = JobDocument(Self.job)
        document.rendering = .api
        document.progress = JobDocument.Progress(fraction: 0.5, message: nil)
        let object = try Self.json(document)
        #expect(
            Set(object.keys) == [
                "id", "kind", "state", "queue", "priority", "attempt", "maxAttempts", "progress", "errors", "outputs",
                "inputs", "batch", "createdAt", "scheduledAt", "attemptedAt", "completedAt", "cancelledAt", "discardedAt",
            ])
        #expect(object["batch"] is NSNull)
        #expect((object["progress"] as? [String: Any])?["message"] is NSNull)
        #expect((object["inputs"] as? [String: String])?["in"] == String(repeating: "a", count: 64))

        let decoded = try JSONDecoder().decode(JobDocument.self, from: try JSONEncoder().encode(document))
        #expect(decoded.inputs["in"]?.blob == String(repeating: "a", count: 64))
        #expect(decoded.tenant == nil && decoded.rendering == .commandLine)
    }

    @Test("timestamps: milliseconds by default, whole seconds on request, both parsed")
    func timestamps() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000.125)
        #expect(Timestamp.string(from: date) == "2027-01-15T08:00:00.125Z")
        #expect(Timestamp.string(from: date, fractionalSeconds: false) == "2027-01-15T08:00:00Z")
        let parsed = try #require(Timestamp.date(from: "2027-01-15T08:00:00.125Z"))
        #expect(abs(parsed.timeIntervalSince(date)) < 0.001)
        #expect(Timestamp.date(from: "2027-01-15T08:00:00Z") == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(Timestamp.date(from: "yesterday") == nil)
        let legacy = ISO8601DateFormatter()
        legacy.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(Timestamp.string(from: date) == legacy.string(from: date), "the same text as the formatter it replaces")
    }
}
