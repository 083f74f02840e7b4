import Foundation
import GlintGraphics

/// The hidden `glint rings --timing` report (with `--repeat-count N`): mean wall time per round of
/// each phase, on standard error. Used by Benchmarks/rings-vs-pycairo.sh to time glint in
/// process, as the pycairo peer is timed inside Python.
struct RingsTiming {
    typealias Phase = ActivityRingsFile.Phase

    let enabled: Bool
    private var last = DispatchTime.now().uptimeNanoseconds
    private var totals: [Phase: UInt64] = [:]

    init(enabled: Bool) { self.enabled = enabled }

    /// Adds the time since the previous lap to `phase`.
    mutating func lap(_ phase: Phase) {
        let now = DispatchTime.now().uptimeNanoseconds
        totals[phase, default: 0] += now - last
        last = now
    }

    /// Prints `render_ms R encode_ms E write_ms W total_ms T` (means per round).
    func report(rounds: Int) {
        guard enabled else { return }
        let ms = Phase.allCases.map { Double(totals[$0, default: 0]) / 1e6 / Double(rounds) }
        let fields = zip(Phase.allCases, ms).map { String(format: "%@_ms %.3f", $0.rawValue, $1) }
        CommandOutput.printError(fields.joined(separator: " ") + String(format: " total_ms %.3f", ms.reduce(0, +)))
    }
}
