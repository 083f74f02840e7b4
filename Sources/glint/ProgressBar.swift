import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
/// Threads may update it (a library run's items end on several): a lock keeps the line whole.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var lastDrawn = -1
    private let width = 30

    /// Creates a bar; `quiet` turns it off (for `--json`).
    init(quiet: Bool) {
        enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    /// Draws `fraction` (0...1) with a short label.
    func update(_ fraction: Double, _ label: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded())
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        let filled = width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let line = "\r[\(bar)] \(String(format: "%3d", percent))% \(label)"
        FileHandle.standardError.write(Data((line.padding(toLength: 72, withPad: " ", startingAt: 0)).utf8))
    }

    /// Clears the line.
    func finish() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: 72) + "\r").utf8))
    }
}
