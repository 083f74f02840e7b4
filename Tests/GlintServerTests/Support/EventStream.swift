import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat

/// A server-sent event stream read to its end with AsyncHTTPClient (no per-request time limit
/// shorter than a real edit), split into events.
struct EventStream {
    struct Event {
        var name: String
        var data: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:] }
    }

    var status: Int
    var contentType: String?
    var events: [Event]

    static func read(port: Int, path: String, key: String, timeout: TimeAmount = .seconds(300)) async throws -> EventStream {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        request.headers.add(name: "Accept", value: "text/event-stream")
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: 64 << 20)
        return EventStream(status: Int(response.status.code), contentType: response.headers.first(name: "Content-Type"), events: parse(String(buffer: body)))
    }

    static func parse(_ text: String) -> [Event] {
        text.components(separatedBy: "\n\n").compactMap { block in
            var name = "message"
            var data: [String] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
            }
            return data.isEmpty ? nil : Event(name: name, data: data.joined(separator: "\n"))
        }
    }

    /// Downloads `path` whole.
    static func download(port: Int, path: String, key: String) async throws -> (status: Int, headers: [String: String], body: Data) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 512 << 20)
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return (Int(response.status.code), headers, Data(buffer: body))
    }
}
