import Foundation
import GlintTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The deployment for many machines (README, "Many machines") on one: two `glint serve` processes
/// on one PostgreSQL database and one data directory, one an API node (`--no-workers`), the other
/// with a worker. What goes in through either comes out through the other.
@Suite("two glint serve on one PostgreSQL and one data directory", .suiteTimeLimit)
struct TwoServersTests {
    static var postgres: String? { TestPostgres.url }

    /// One answer: status, body, headers.
    struct Answer {
        var status: Int
        var body: Data
        var headers: [String: String]

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
    }

    /// One request to `base + path`, with the key when given.
    static func call(_ method: String, _ base: String, _ path: String, key: String? = nil, body: Data? = nil) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: base + path)))
        request.httpMethod = method
        request.httpBody = body
        if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        if body != nil, path != "/v1/blobs" { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)".lowercased()] = "\(value)" }
        return Answer(status: http.statusCode, body: data, headers: headers)
    }

    /// How job `id`'s event stream on `base` ends: `completed`, `discarded` or `cancelled`, nil
    /// when it ended without a terminal event. Awaited for 4 minutes at most (a guard against a hang).
    static func end(of id: String, on base: String, key: String, log: URL) async throws -> String? {
        let curl = try CurlProcess(["-sN", "--max-time", "600", "-H", "Authorization: Bearer \(key)", "\(base)/v1/jobs/\(id)/events"], log: log)
        let stream = curl.output
        let line = try await Waiting.within(.seconds(240), "job \(id) to end") {
            await stream.line { $0.hasPrefix("event: ") && $0 != "event: progress" }
        }
        return line.map { String($0.dropFirst("event: ".count)) }
    }

    @Test(
        "a job submitted through one server is seen, downloaded and shared through the other; each one's share links open on the other",
        .requires(.postgres, .fixture(SharedFixtures.Name.livePhotoStill)))
    func twoServersOneDatabase() async throws {
        let still = URL(fileURLWithPath: CLIFixtures.iphoneStill, relativeTo: SharedFixtures.packageRoot)
        let directory = try TemporaryDirectory("glint-two-servers")
        defer { directory.remove() }
        let data = directory.file("data").path
        let store = try #require(Self.postgres)
        // The database is shared with other tests: this test's jobs go to a queue of its own.
        let queue = "two-servers-\(UUID().uuidString.prefix(8).lowercased())"
        let created = try GlintProcess.run(["keys", "create", "--tenant", "acme", "--queues", queue, "--json", "--store", store, "--data-dir", data])
        try #require(created.succeeded, "\(created.summary)")
        let key = try #require(try created.jsonObject()["key"] as? String)

        let shared = ["--store", store, "--data-dir", data]
        let apiProcess = try WorkerProcess(["--port", "0", "--json", "--no-workers"] + shared, command: "serve", log: directory.file("api.log"))
        let workerProcess = try WorkerProcess(
            ["--port", "0", "--json", "--workers", "1", "--queue", queue] + shared, command: "serve", log: directory.file("worker.log"))
        // Either is killed when the test ends early (WorkerProcess's deinit); else both stop below.
        let api = try await apiProcess.listeningURL()
        let worker = try await workerProcess.listeningURL()

        // Uploaded and submitted through the API node; run by the other's worker.
        let upload = try await Self.call("POST", api, "/v1/blobs", key: key, body: try Data(contentsOf: still))
        #expect(upload.status == 201 || upload.status == 200, "\(String(decoding: upload.body, as: UTF8.self))")
        let blob = try #require(upload.json["id"] as? String)
        let job = #"{"kind": "badge.apply", "params": {"kind": "live"}, "inputs": {"image": "\#(blob)"}, "queue": "\#(queue)"}"#
        let submitted = try await Self.call("POST", api, "/v1/jobs", key: key, body: Data(job.utf8))
        #expect(submitted.status == 201 || submitted.status == 202, "\(String(decoding: submitted.body, as: UTF8.self))")
        let id = try #require(submitted.json["id"] as? String)

        // Seen through the other: its event stream there ends with the job.
        let ended = try await Self.end(of: id, on: worker, key: key, log: directory.file("events-\(id).txt"))
        try #require(ended == "completed", "the job ended \(String(describing: ended)): \(workerProcess.logText.suffix(2000))")
        let seen = try await Self.call("GET", worker, "/v1/jobs/\(id)", key: key)
        #expect(seen.json["state"] as? String == "completed")

        // Downloaded through both: the same bytes, the same ETag.
        let fromWorker = try await Self.call("GET", worker, "/v1/jobs/\(id)/outputs/image", key: key)
        let fromAPI = try await Self.call("GET", api, "/v1/jobs/\(id)/outputs/image", key: key)
        #expect(fromWorker.status == 200 && fromAPI.status == 200)
        #expect(fromWorker.body.count > 100_000 && fromWorker.body == fromAPI.body)
        #expect(fromWorker.headers["etag"] != nil && fromWorker.headers["etag"] == fromAPI.headers["etag"])

        // Shared through each, opened through the other: the page and the photo's download.
        for (signer, opener) in [(api, worker), (worker, api)] {
            let share = try await Self.call("POST", signer, "/v1/shares", key: key, body: Data(#"{"job": "\#(id)"}"#.utf8))
            #expect(share.status == 201, "\(String(decoding: share.body, as: UTF8.self))")
            let link = try #require(share.json["url"] as? String)
            let page = try await Self.call("GET", opener, link)
            #expect(page.status == 200, "\(link) signed by \(signer) did not open on \(opener)")
            #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
            // The photo's download is the location-free copy the share's renditions job makes (the
            // worker node runs it; the second share finds the first's): a JPEG once that job completed.
            let list = try await Self.call("GET", opener, "/v1/jobs?kind=share.renditions&limit=1000", key: key)
            let renditions = (list.json["jobs"] as? [[String: Any]] ?? []).first { $0["queue"] as? String == queue }
            let renditionsID = try #require(
                renditions?["id"] as? String, "no renditions job in \(queue): \(String(decoding: list.body, as: UTF8.self).prefix(2000))")
            let made = try await Self.end(of: renditionsID, on: opener, key: key, log: directory.file("events-\(renditionsID).txt"))
            try #require(made == "completed", "the renditions job ended \(String(describing: made)): \(workerProcess.logText.suffix(2000))")
            let photo = try await Self.call("GET", opener, link + "/download/still")
            #expect(photo.status == 200 && photo.body.starts(with: [0xFF, 0xD8, 0xFF]), "\(link)/download/still: \(photo.status)")
        }
        let apiStop = await apiProcess.stop()
        #expect(apiStop == 0, "the API node stopped with \(String(describing: apiStop)): \(apiProcess.logText.suffix(3000))")
        let workerStop = await workerProcess.stop()
        #expect(workerStop == 0, "the worker node stopped with \(String(describing: workerStop)): \(workerProcess.logText.suffix(3000))")
    }
}
