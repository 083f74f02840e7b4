import Foundation
import GlintTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `glint serve` stops on SIGTERM whatever clients are doing: an `/events` stream on a job that
/// will not finish ends at once, and a request still in flight after `--stop-margin-seconds` is
/// cut off, rather than holding the stop forever.
@Suite("glint serve: a graceful stop with requests in flight", .suiteTimeLimit)
struct ServeShutdownTests {
    @Test("SIGTERM with an /events stream open on a waiting job: the stream ends and serve exits 0 long before the 30 s stop margin")
    func stopsWithOpenEventStream() async throws {
        let directory = try TemporaryDirectory("glint-serve-shutdown")
        defer { directory.remove() }
        let data = directory.file("data").path
        let created = try GlintProcess.run(["keys", "create", "--tenant", "acme", "--json", "--data-dir", data])
        try #require(created.succeeded, "\(created.summary)")
        let key = try #require(try created.jsonObject()["key"] as? String)
        // No workers: the job waits in its queue for as long as the server runs.
        let serve = try WorkerProcess(
            ["--port", "0", "--json", "--no-workers", "--enable-test-kinds", "--data-dir", data], command: "serve", log: directory.file("serve.log"))
        let base = try await serve.listeningURL()

        var request = URLRequest(url: try #require(URL(string: base + "/v1/jobs")))
        request.httpMethod = "POST"
        request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"kind": "queue.noop", "params": {}}"#.utf8)
        let (body, _) = try await URLSession.shared.data(for: request)
        let id = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String, "\(String(decoding: body, as: UTF8.self))")

        // curl follows the stream into a file until the stream ends.
        let streamed = directory.file("events.txt")
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-sN", "--max-time", "120", "-H", "Authorization: Bearer \(key)", "-o", streamed.path, "\(base)/v1/jobs/\(id)/events"]
        try curl.run()
        defer { if curl.isRunning { curl.terminate() } }
        var text = ""
        for _ in 0..<300 where !text.contains("event: progress") {
            try await Task.sleep(for: .milliseconds(100))
            text = (try? String(contentsOf: streamed, encoding: .utf8)) ?? ""
        }
        try #require(text.contains("event: progress"), "the stream sent its first event: \(text)")

        let started = ContinuousClock.now
        let status = await serve.stop(timeout: 30)
        let took = ContinuousClock.now - started
        #expect(status == 0, "serve stopped with \(String(describing: status)): \(serve.logText.suffix(3000))")
        #expect(took < .seconds(20), "serve took \(took) to stop: it waited for the stream (the stop margin is 30 s)")
        for _ in 0..<100 where curl.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!curl.isRunning, "the event stream ended with the server")
    }

    @Test("SIGTERM during a slow upload: the upload is cut off after --stop-margin-seconds, serve exits 0, no partial blob is left")
    func cutsOffSlowRequestsAfterTheMargin() async throws {
        let directory = try TemporaryDirectory("glint-serve-stop-margin")
        defer { directory.remove() }
        let data = directory.file("data")
        let created = try GlintProcess.run(["keys", "create", "--tenant", "acme", "--json", "--data-dir", data.path])
        try #require(created.succeeded, "\(created.summary)")
        let key = try #require(try created.jsonObject()["key"] as? String)
        let serve = try WorkerProcess(
            ["--port", "0", "--json", "--no-workers", "--enable-test-kinds", "--stop-margin-seconds", "2", "--data-dir", data.path], command: "serve",
            log: directory.file("serve.log"))
        let base = try await serve.listeningURL()

        // 4 MB at 100 kB/s: 40 s of upload, far longer than the margin.
        let upload = directory.file("upload.bin")
        try Data((0..<4_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: upload)
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = [
            "curl", "-s", "--limit-rate", "100k", "-H", "Authorization: Bearer \(key)", "--data-binary", "@\(upload.path)", "\(base)/v1/blobs",
        ]
        try curl.run()
        defer { if curl.isRunning { curl.terminate() } }
        try await Task.sleep(for: .seconds(1))

        let started = ContinuousClock.now
        let status = await serve.stop(timeout: 30)
        let took = ContinuousClock.now - started
        #expect(status == 0, "serve stopped with \(String(describing: status)): \(serve.logText.suffix(3000))")
        #expect(took >= .seconds(2) && took < .seconds(25), "serve took \(took) to stop, with a margin of 2 s (the upload alone lasts 40 s)")
        #expect(serve.logText.contains("upload cut off"), "\(serve.logText.suffix(2000))")
        let left = FileManager.default.enumerator(atPath: data.appendingPathComponent("blobs").path)?.allObjects.compactMap { $0 as? String } ?? []
        let files = left.filter { path in
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: data.appendingPathComponent("blobs/\(path)").path, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }
        #expect(files.isEmpty, "the cut-off upload left no file: \(files)")
    }
}
