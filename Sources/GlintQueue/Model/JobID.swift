import Foundation

/// A job's identity: a random UUID, assigned when the job is submitted.
public struct JobID: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    public let uuid: UUID

    public init(_ uuid: UUID = UUID()) { self.uuid = uuid }

    /// Parses the textual form (`"6F9619FF-8B86-D011-B42D-00C04FC964FF"`, any case); nil when it is not a UUID.
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.uuid = uuid
    }

    /// Lower-case, as PostgreSQL prints a `uuid`.
    public var description: String { uuid.uuidString.lowercased() }

    public static func < (lhs: JobID, rhs: JobID) -> Bool { lhs.description < rhs.description }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = JobID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a job id: \(text)"))
        }
        self = id
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
