import Foundation
import GlintCore

/// Turns whatever a handler threw into the code, message and permanence a store records.
///
/// It reads the ``GlintError`` protocol alone: each error type says its own code and whether the
/// same bytes fail again (inputs are blobs, which never change). Anything that is not a
/// ``GlintError`` (a file-system or store hiccup) is a retryable `handler-failed`.
enum JobErrorClassifier {
    static func classify(_ error: any Error, inputs: [String: URL]) -> JobHandlerError {
        guard let error = error as? any GlintError else {
            return JobHandlerError(code: .handlerFailed, message: readable(String(describing: error), inputs), permanent: false)
        }
        return JobHandlerError(code: error.code, message: readable(error.message, inputs), permanent: error.isPermanent)
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
