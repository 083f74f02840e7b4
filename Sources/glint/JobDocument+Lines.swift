import Foundation
import GlintQueue

/// A job as `glint jobs` prints it for people (without `--json`).
extension JobDocument {
    /// One line of summary, then its progress, inputs, outputs and errors.
    var lines: [String] {
        let tenantPart = tenant.map { "  tenant \($0)" } ?? ""
        var lines = ["\(id)  \(kind)  \(state)  attempt \(attempt)/\(maxAttempts)  queue \(queue)\(tenantPart)  priority \(priority)"]
        lines.append(
            "created \(createdAt)" + (completedAt.map { ", completed \($0)" } ?? "") + (cancelledAt.map { ", cancelled \($0)" } ?? "")
                + (discardedAt.map { ", discarded \($0)" } ?? ""))
        if let progress {
            lines.append(String(format: "progress %.0f%%", progress.fraction * 100) + (progress.message.map { " \($0)" } ?? ""))
        }
        if cancelRequested { lines.append("cancellation requested") }
        for (name, blob) in inputs.sorted(by: { $0.key < $1.key }) { lines.append("input \(name): \(blob.path ?? blob.blob)") }
        for (name, blob) in outputs.sorted(by: { $0.key < $1.key }) { lines.append("output \(name): \(blob.path ?? blob.url ?? blob.blob)") }
        for error in errors { lines.append("error (attempt \(error.attempt)) \(error.code): \(error.message)") }
        return lines
    }

    /// One line per job in listings.
    var summary: String {
        let kindColumn = kind.padding(toLength: 16, withPad: " ", startingAt: 0)
        let stateColumn = state.padding(toLength: 9, withPad: " ", startingAt: 0)
        return "\(id)  \(kindColumn)  \(stateColumn)  attempt \(attempt)/\(maxAttempts)  \(createdAt)"
    }
}
