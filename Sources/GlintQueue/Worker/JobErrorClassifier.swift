import Foundation
import GlintGraphics
import GlintLivePhoto
import GlintMedia

/// Turns whatever a handler threw into the code, message and permanence a store records.
///
/// Permanent (discarded at once): ``JobHandlerError``s that say so, recipe and parameter errors
/// from the libraries, and media errors that the same bytes will always raise again (an input
/// that is corrupt, truncated, empty, unsupported or too large: blobs never change). Everything
/// else (a failed write, an encoder failure, a store or file-system hiccup) is retried.
enum JobErrorClassifier {
    static func classify(_ error: any Error, inputs: [String: URL]) -> JobHandlerError {
        switch error {
        case let error as JobHandlerError:
            return error
        case let error as RecipeError:
            return .badParameters(error.description)
        case let error as RingsError:
            return .badParameters(readable(error.description, inputs))
        case let error as BadgeError:
            let message = readable(error.description, inputs)
            switch error.kind {
            case .invalidArgument: return .badParameters(message)
            case .renderFailed: return JobHandlerError(code: "handler-failed", message: message, permanent: false)
            default: return .invalidInput(message)
            }
        case let error as MediaError:
            let message = readable(error.description, inputs)
            switch error.kind {
            case .invalidArgument: return .badParameters(message)
            case .corrupt, .truncated, .empty, .unsupported, .tooLarge, .notFound, .unreadable: return .invalidInput(message)
            case .encodingFailed, .writeFailed: return JobHandlerError(code: "handler-failed", message: message, permanent: false)
            }
        default:
            return JobHandlerError(code: "handler-failed", message: readable(String(describing: error), inputs), permanent: false)
        }
    }

    /// The message with staged input paths replaced by the input names (`input 'still'`), so
    /// that errors say which input is wrong rather than where a worker kept it.
    static func readable(_ message: String, _ inputs: [String: URL]) -> String {
        var text = message
        for (name, url) in inputs.sorted(by: { $0.value.path.count > $1.value.path.count }) {
            text = text.replacingOccurrences(of: url.path, with: "input '\(name)'")
        }
        return text
    }
}
