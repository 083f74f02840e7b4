import Foundation
import GlintTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// `glint serve` stops on SIGTERM whatever clients are doing: an `/events` stream on a job that
/// will not finish ends at once, and a request still in flight after `--stop-margin-seconds` is
/// cut off, rather than holding the stop forever. (How long a stop takes is measured by
/// `make bench-latency`, not here.)
@Suite("glint serve: a graceful stop with requests in flight", .suiteTimeLimit)
struct ServeShutdownTests {
    @Test(
        "SIGTERM with an /events stream open on a waiting job: the stream ends without a terminal event and serve exits 0, its stop margin of an hour not waited out"
    )
    func stopsWithOpenEventStream() async throws {
        let directory = try TemporaryDirectory("glint-serve-shutdown")
        defer { directory.remove() }
        let data = directory.file("data").path
        let created = try GlintProcess.run(["keys", "create", "--tenant", "acme", "--json", "--data-dir", data])
        try #require(created.succeeded, "\(created.summary)")
        let key = try #require(try created.jsonObject()["key"] as? String)
        // No workers: the job waits in its queue for as long as the server runs. A stop that waited
        // for the stream would wait out the margin, an hour: far past the stop's bound (a minute).
        let serve = try WorkerProcess(
            ["--port", "0", "--json", "--no-workers", "--enable-test-kinds", "--stop-margin-seconds", "3600", "--data-dir", data], command: "serve",
            log: directory.file("serve.log"))
        let base = try await serve.listeningURL()

        var request = URLRequest(url: try #require(URL(string: base + "/v1/jobs")))
        request.httpMethod = "POST"
        request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"kind": "queue.noop", "params": {}}"#.utf8)
        let (body, _) = try await URLSession.shared.data(for: request)
        let id = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String, "\(String(decoding: body, as: UTF8.self))")

        // curl follows the stream until it ends.
        let curl = try CurlProcess(
            ["-sN", "--max-time", "600", "-H", "Authorization: Bearer \(key)", "\(base)/v1/jobs/\(id)/events"], log: directory.file("events.txt"))
        let stream = curl.output
        let first = try await Waiting.within(.seconds(60), "the stream's first event") { await stream.line(containing: "event: progress") }
        try #require(first != nil, "the stream sent its first event: \(stream.text)")

        let status = await serve.stop()
        #expect(status == 0, "serve stopped with \(String(describing: status)) (nil: not within a minute): \(serve.logText.suffix(3000))")
        let ended = try await curl.status(within: .seconds(60))
        #expect(ended == 0, "the event stream ended whole with the server (curl exited \(ended)): \(stream.text.suffix(2000))")
        let events = stream.lines.filter { $0.hasPrefix("event: ") }
        #expect(events.allSatisfy { $0 == "event: progress" }, "the stream ended without a terminal event: \(events)")
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

        // 4 MB at 100 kB/s: 40 s of upload, twenty times the margin. The upload is in flight once
        // serve has made its staging file (in blobs/tmp, which serve made before listening).
        let upload = directory.file("upload.bin")
        try Data((0..<4_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: upload)
        let (curl, staged) = try await FileCreation.first(in: data.appendingPathComponent("blobs/tmp"), within: .seconds(60)) {
            try CurlProcess([
                "-s", "-o", "/dev/null", "-w", "%{http_code}", "--limit-rate", "100k", "-H", "Authorization: Bearer \(key)",
                "--data-binary", "@\(upload.path)", "\(base)/v1/blobs",
            ])
        }
        #expect(staged.hasSuffix(".partial"), "serve staged the upload: \(staged)")

        let status = await serve.stop()
        #expect(status == 0, "serve stopped with \(String(describing: status)) (nil: not within a minute): \(serve.logText.suffix(3000))")
        #expect(serve.logText.contains("upload cut off"), "\(serve.logText.suffix(2000))")
        _ = try await curl.status(within: .seconds(60))
        let answer = curl.output.text
        #expect(answer != "201" && answer != "200", "the upload was not stored: HTTP \(answer)")
        let left = FileManager.default.enumerator(atPath: data.appendingPathComponent("blobs").path)?.allObjects.compactMap { $0 as? String } ?? []
        let files = left.filter { path in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: data.appendingPathComponent("blobs/\(path)").path, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }
        #expect(files.isEmpty, "the cut-off upload left no file: \(files)")
    }
}

/// A file created in a directory, told by the kernel (inotify): a test awaits the file by which a
/// process shows it reached a state (serve staging an upload).
enum FileCreation {
    /// Watches `directory` (which exists), runs `start`, then awaits the first file created there,
    /// for `bound` at most; what `start` returned and the file's name. The watch is the waiting
    /// thread's: when the wait gives up, the thread ends once the directory is removed.
    static func first<T>(in directory: URL, within bound: Duration, after start: () throws -> T) async throws -> (started: T, name: String) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let started: T
        do {
            guard inotify_add_watch(descriptor, directory.path, UInt32(IN_CREATE)) >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            started = try start()
        } catch {
            close(descriptor)
            throw error
        }
        let name = try await Waiting.blocking(bound, "a file to be created in \(directory.path)") {
            defer { close(descriptor) }
            return try nextCreated(descriptor)
        }
        return (started, name)
    }

    /// Reads inotify events from `descriptor` until one names a created file.
    private static func nextCreated(_ descriptor: Int32) throws -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            // struct inotify_event: wd, mask, cookie, len (4 bytes each, native order), then the name.
            var offset = 0
            while offset + 16 <= count {
                let field = { (at: Int) in buffer[(offset + at)..<(offset + at + 4)].reversed().reduce(0) { $0 << 8 | Int($1) } }
                let (mask, length) = (field(4), field(12))
                if mask & Int(IN_IGNORED) != 0 { throw POSIXError(.ENOENT) }  // the directory is gone
                let name = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                if mask & Int(IN_CREATE) != 0, !name.isEmpty { return String(decoding: name, as: UTF8.self) }
                offset += 16 + length
            }
        }
    }
}
