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

        let shared = try await Self.share(server, key: key, body: ["job": job])
        #expect(shared["keepLocation"] as? Bool == false, "off unless asked")
        let files = try await Self.fetchEverything(server, url: try #require(shared["url"] as? String), into: server.directory.file("shared"))
        for (path, file) in files {
            #expect(try LocationMetadata.tags(in: file) == [], "\(path) gives away where the photo was taken")
        }
        let zip = try #require(files["/download/livephoto"])
        for entry in try Self.unzip(zip) { #expect(try LocationMetadata.tags(in: entry) == [], "\(entry) in the zip") }
        if let video = try LocationMetadata.motionPhotoVideo(of: try #require(files["/download/motionphoto"])) {
            #expect(try LocationMetadata.tags(in: video) == [], "the Motion Photo's video")
        }

        let kept = try await Self.share(server, key: key, body: ["job": job, "keepLocation": true])
        #expect(kept["keepLocation"] as? Bool == true)
        let keptFiles = try await Self.fetchEverything(server, url: try #require(kept["url"] as? String), into: server.directory.file("kept"))
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

    /// Uploads the iPhone pair and exports it `as: pair` (the files as they are, GPS included); the job id.
    static func exportedPair(_ server: SecurityServer, key: String) async throws -> String {
        let still = try await server.upload(try Data(contentsOf: SharedFixtures.url(SharedFixtures.Name.livePhotoStill)), key: key)
        let movie = try await server.upload(try Data(contentsOf: SharedFixtures.url(SharedFixtures.Name.livePhotoMovie)), key: key)
        let submitted = try await server.submit(["kind": "livephoto.export", "params": ["as": "pair"], "inputs": ["still": still, "movie": movie]], key: key)
        let id = try #require(try submitted.json()["id"] as? String, "\(submitted)")
        for _ in 0..<600 {
            let job = try await server.request(.GET, "/v1/jobs/\(id)", key: key).json()
            if job["state"] as? String == "completed" { return id }
            try #require(!["discarded", "cancelled"].contains(job["state"] as? String ?? ""), "\(job)\n\(server.logText.suffix(3000))")
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the export did not finish: \(server.logText.suffix(3000))")
        return id
    }

    /// `POST /v1/shares`; the created share.
    static func share(_ server: SecurityServer, key: String, body: [String: Any]) async throws -> [String: Any] {
        let response = try await server.request(
            .POST, "/v1/shares", key: key, headers: ["Content-Type": "application/json"], body: try JSONSerialization.data(withJSONObject: body))
        try #require(response.status == 201, "\(response)")
        return try response.json()
    }

    /// Fetches every path of the share without a key, from the moment the link exists, until each
    /// answers 200 (a 503 must say when to come back; a 429 of the anonymous rate limit is waited
    /// out, 12 requests a second stay under its default); each body written to a file, by path.
    static func fetchEverything(_ server: SecurityServer, url: String, into folder: URL) async throws -> [String: String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String: String] = [:]
        for _ in 0..<240 where files.count < paths.count {
            for path in paths where files[path] == nil {
                let response = try await server.request(.GET, url + path)
                if response.status == 503 {
                    #expect(response.header("Retry-After") != nil, "\(path): \(response)")
                    #expect(response.header("Content-Type")?.hasPrefix("text/html") == true, "\(path): the preparing page, not a file")
                    continue
                }
                if response.status == 429 { continue }
                try #require(response.status == 200, "\(path): \(response)")
                let file = folder.appendingPathComponent("file-\(files.count)" + Self.fileExtension(of: response.body))
                try response.body.write(to: file)
                files[path] = file.path
            }
            if files.count < paths.count { try await Task.sleep(for: .milliseconds(500)) }
        }
        try #require(files.count == paths.count, "never served: \(paths.filter { files[$0] == nil }) \(server.logText.suffix(3000))")
        return files
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
