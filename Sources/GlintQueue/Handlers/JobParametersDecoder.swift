import Foundation

/// Decodes a job's JSON parameters, turning `DecodingError`s into ``JobHandlerError/badParameters(_:)``
/// that name the field.
public enum JobParametersDecoder {
    public static func decode<P: Decodable>(_ type: P.Type, from json: Data) throws -> P {
        do {
            return try JSONDecoder().decode(P.self, from: json)
        } catch let error as DecodingError {
            throw JobHandlerError.badParameters(describe(error))
        }
    }

    /// The sub-object `key` of the parameters as JSON bytes (for parts parsed by a library, such
    /// as an edit recipe), nil when absent or null.
    public static func rawObject(_ key: String, in json: Data) throws -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw JobHandlerError.badParameters("the parameters are not a JSON object")
        }
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard value is [String: Any] else { throw JobHandlerError.badParameters("\"\(key)\" must be a JSON object") }
        return try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    }

    /// One line naming the field and the problem.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "the parameters" : "\"" + codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") + "\""
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return "the parameters must be a JSON object" }
            return "\(path(context.codingPath)) has the wrong type (expected \(type))"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)) is null (expected \(type))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the parameters are not valid JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "the parameters could not be decoded: \(error)"
        }
    }
}
