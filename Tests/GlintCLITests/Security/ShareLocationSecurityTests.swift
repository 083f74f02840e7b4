import AsyncHTTPClient
import Foundation
import GlintTestSupport
import Testing

/// Issue 24, part 10: a share link keeps its owner's privacy. Against a real `glint serve` (its
/// embedded worker makes the renditions), a stranger with the link fetches the share's still,
/// picture, motion and every download of the iPhone pair (GPS in the still's EXIF, an ISO 6709
/// position in the movie) as soon as the link exists and until each is served: no answer ever
/// carries a location that `exiftool` can read (before the copies are made they are 503 with
/// `Retry-After`, never the original). Only a share made with `"keepLocation": true` serves the
/// position, and `keepLocation` takes only a boolean.
@Suite("security: share links carry no location", .requires(.livePhotoPair, .exiftool, .tool("unzip")), .suiteTimeLimit)
struct ShareLocationSecurityTests {
    /// Everything a share link serves to anyone.
    static let paths = ["/still", "/display", "/motion", "/download/still", "/download/livephoto", "/download/motionphoto"]

    @Test("a stranger with the link gets no GPS from any file or download; keepLocation: true keeps it")
    func noLocationUnlessKept() async throws {
        let server = try await SecurityServer.start()
        defer { server.remove() }
        let key = try server.createKey(tenant: "alice")
        let job = try await Self.exportedPair(server, key: key)

        let (shared, renditions) = try await Self.shareWithRenditions(server, key: key, body: ["job": job])
        #expect(shared["keepLocation"] as? Bool == false, "off unless asked")
        let files = try await Self.fetchEverything(
            server, url: try #require(shared["url"] as? String), renditions: renditions, key: key, into: server.directory.file("shared"))
        for (path, file) in files {
            #expect(try LocationMetadata.tags(in: file) == [], "\(path) gives away where the photo was taken")
        }
        let zip = try #require(files["/download/livephoto"])
        for entry in try Self.unzip(zip) { #expect(try LocationMetadata.tags(in: entry) == [], "\(entry) in the zip") }
        if let video = try LocationMetadata.motionPhotoVideo(of: try #require(files["/download/motionphoto"])) {
            #expect(try LocationMetadata.tags(in: video) == [], "the Motion Photo's video")
        }

        let (kept, keptRenditions) = try await Self.shareWithRenditions(server, key: key, body: ["job": job, "keepLocation": true])
        #expect(kept["keepLocation"] as? Bool == true)
        let keptFiles = try await Self.fetchEverything(
            server, url: try #require(kept["url"] as? String), renditions: keptRenditions, key: key, into: server.directory.file("kept"))
        for path in ["/still", "/motion", "/download/still"] {
            #expect(!(try LocationMetadata.tags(in: try #require(keptFiles[path]))).isEmpty, "\(path) of a share that keeps the location")
        }
        for entry in try Self.unzip(try #require(keptFiles["/download/livephoto"])) {
            #expect(!(try LocationMetadata.tags(in: entry)).isEmpty, "\(entry) in the kept zip")
        }
    }

    @Test("keepLocation takes true or false, nothing else")
    func keepLocationIsABoolean() async throws {
        let server = try await SecurityServer.start(["--no-workers"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "alice")
        let nobody = "00000000-0000-0000-0000-000000000000"
        for (value, status) in [("\"true\"", 422), ("1", 422), ("\"yes\"", 422), ("{}", 422), ("true", 404), ("false", 404), ("null", 404)] {
            let body = Data(#"{"job": "\#(nobody)", "keepLocation": \#(value)}"#.utf8)
            let response = try await server.request(.POST, "/v1/shares", key: key, headers: ["Content-Type": "application/json"], body: body)
            // A boolean is taken, and then the job is looked for (there is none); anything else is refused first.
            #expect(response.status == status, "\(value): \(response)")
        }
    }

    /// Uploads the iPhone pair and exports it `as: pair` (the files as they are, GPS included); the
    /// job id, once its event stream says it completed.
    static func exportedPair(_ server: SecurityServer, key: String) async throws -> String {
        let still = try await server.upload(try Data(contentsOf: SharedFixtures.url(SharedFixtures.Name.livePhotoStill)), key: key)
        let movie = try await server.upload(try Data(contentsOf: SharedFixtures.url(SharedFixtures.Name.livePhotoMovie)), key: key)
        let submitted = try await server.submit(["kind": "livephoto.export", "params": ["as": "pair"], "inputs": ["still": still, "movie": movie]], key: key)
        let id = try #require(try submitted.json()["id"] as? String, "\(submitted)")
        let job = try await server.finishedJob(id, key: key)
        try #require(job["state"] as? String == "completed", "\(job)\n\(server.logText.suffix(3000))")
        return id
    }

    /// `POST /v1/shares`; the created share.
    static func share(_ server: SecurityServer, key: String, body: [String: Any]) async throws -> [String: Any] {
        let response = try await server.request(
            .POST, "/v1/shares", key: key, headers: ["Content-Type": "application/json"], body: try JSONSerialization.data(withJSONObject: body))
        try #require(response.status == 201, "\(response)")
        return try response.json()
    }

    /// ``share(_:key:body:)`` of a job not shared that way before: the share, and the id of the
    /// renditions job it submitted (the tenant's one new job).
    static func shareWithRenditions(_ server: SecurityServer, key: String, body: [String: Any]) async throws -> ([String: Any], String) {
        let before = try await jobIDs(server, key: key)
        let share = try await share(server, key: key, body: body)
        let added = try await jobIDs(server, key: key).subtracting(before)
        try #require(added.count == 1, "one renditions job: \(added)")
        return (share, try #require(added.first))
    }

    /// The ids of the tenant's jobs (`GET /v1/jobs`, every page).
    static func jobIDs(_ server: SecurityServer, key: String) async throws -> Set<String> {
        var ids: Set<String> = []
        var cursor: String?
        repeat {
            let path = "/v1/jobs?limit=100" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try await server.request(.GET, path, key: key).json()
            ids.formUnion(((page["jobs"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        return ids
    }

    /// Fetches every path of the share without a key, once the link exists and again at each
    /// event of its `renditions` job (each step of making the copies), until that job completes;
    /// then every path still unserved, which must be served now. Before its copy is made a path
    /// may be 503, which must say when to come back and be the preparing page, never a file. Each
    /// body served is written to a file, by path.
    static func fetchEverything(
        _ server: SecurityServer, url: String, renditions: String, key: String, into folder: URL
    ) async throws -> [String: String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try await Waiting.within(.seconds(300), "the share's renditions job \(renditions) to complete") {
            var files: [String: String] = [:]
            let last = try await server.followEvents(of: renditions, key: key) { _ in
                try await fetch(server, url: url, into: folder, &files, final: false)
            }
            try #require(last.name == "completed", "the renditions: \(last.job)\n\(server.logText.suffix(3000))")
            try await fetch(server, url: url, into: folder, &files, final: true)
            return files
        }
    }

    /// One round of ``fetchEverything(_:url:renditions:key:into:)``: each path not in `files` yet;
    /// a `final` round requires each to be served.
    static func fetch(_ server: SecurityServer, url: String, into folder: URL, _ files: inout [String: String], final: Bool) async throws {
        for path in paths where files[path] == nil {
            let response = try await server.request(.GET, url + path)
            if response.status == 503 {
                #expect(response.header("Retry-After") != nil, "\(path): \(response)")
                #expect(response.header("Content-Type")?.hasPrefix("text/html") == true, "\(path): the preparing page, not a file")
            }
            guard response.status == 200 else {
                // The rounds before the copies are made stay far under the anonymous rate limit's burst.
                try #require(!final && [503, 429].contains(response.status), "\(path): \(response)\n\(server.logText.suffix(3000))")
                continue
            }
            let file = folder.appendingPathComponent("file-\(files.count)" + Self.fileExtension(of: response.body))
            try response.body.write(to: file)
            files[path] = file.path
        }
    }

    static func fileExtension(of data: Data) -> String {
        if data.starts(with: [0xFF, 0xD8]) { return ".jpg" }
        if data.starts(with: Array("PK".utf8)) { return ".zip" }
        return ".mov"
    }

    /// The zip's files: the pair.
    static func unzip(_ path: String) throws -> [String] {
        let entries = try LocationMetadata.unzip(path)
        try #require(entries.count == 2, "the zip holds the pair: \(entries)")
        return entries
    }
}

extension SecurityServer {
    /// One event of a job's stream (`GET /v1/jobs/{id}/events`).
    struct JobEvent: Sendable {
        /// `progress`, or how the job ended: `completed`, `discarded`, `cancelled`.
        var name: String
        /// The job's document, as JSON.
        var data: Data
        /// The job's document.
        var job: [String: Any] { ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:] }
    }

    /// Reads the job's event stream to its end (the event that says how the job ended, which it
    /// returns), handing each event to `each` as it comes: the first at once (the job as it
    /// stands), then one for each change. No time limit of its own: bound it with
    /// `Waiting.within`.
    /// - Throws: When the stream ends without saying how the job ended, or what `each` throws.
    func followEvents(of id: String, key: String, _ each: (JobEvent) async throws -> Void = { _ in }) async throws -> JobEvent {
        var request = HTTPClientRequest(url: base + "/v1/jobs/\(id)/events")
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        request.headers.add(name: "Accept", value: "text/event-stream")
        let response = try await client.execute(request, timeout: .hours(1))
        try #require(response.status == .ok, "events of \(id): HTTP \(response.status)")
        var pending: [UInt8] = []
        let separator = Array("\n\n".utf8)
        for try await chunk in response.body {
            pending += chunk.readableBytesView
            while let end = pending.firstRange(of: separator) {
                let block = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
                pending.removeSubrange(..<end.upperBound)
                guard let event = Self.event(block) else { continue }  // a keep-alive comment
                try await each(event)
                if event.name != "progress" { return event }
            }
        }
        throw EventStreamEnded(job: id, log: String(logText.suffix(3000)))
    }

    /// The event in one block of a stream (`event:` and `data:` lines); nil for a comment.
    private static func event(_ block: String) -> JobEvent? {
        var name = "message"
        var data: [String] = []
        for line in block.split(separator: "\n") {
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
        }
        return data.isEmpty ? nil : JobEvent(name: name, data: Data(data.joined(separator: "\n").utf8))
    }

    /// The job's document once it has finished (completed, discarded or cancelled), told by its
    /// event stream, within `bound`.
    func finishedJob(_ id: String, key: String, within bound: Duration = .seconds(300)) async throws -> [String: Any] {
        try await Waiting.within(bound, "job \(id) to finish") { try await self.followEvents(of: id, key: key) }.job
    }

    /// A job's event stream that ended before the job did.
    struct EventStreamEnded: Error, CustomStringConvertible {
        var job: String
        var log: String
        var description: String { "the event stream of \(job) ended before the job did: \(log)" }
    }
}
