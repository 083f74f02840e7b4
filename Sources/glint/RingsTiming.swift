import Foundation
import GlintCore
import GlintGraphics

/// The hidden `glint rings --timing` report (with `--repeat-count N`): mean wall time per round of
/// each phase, on standard error. Used by Benchmarks/rings-vs-pycairo.sh to time glint in
/// process, as the pycairo peer is timed inside Python.
struct RingsTiming {
    typealias Phase = ActivityRingsFile.Phase

    let enabled: Bool
    private let clock: any WallClock
    private var last: Date
    private var totals: [Phase: TimeInterval] = [:]

    init(enabled: Bool, clock: any WallClock = SystemWallClock()) {
        self.enabled = enabled
        self.clock = clock
        last = clock.now()
    }

    /// Adds the time since the previous lap to `phase`.
    mutating func lap(_ phase: Phase) {
        let now = clock.now()
        totals[phase, default: 0] += now.timeIntervalSince(last)
        last = now
    }

    /// Prints `render_ms R encode_ms E write_ms W total_ms T` (means per round).
    func report(rounds: Int) {
        guard enabled else { return }
        let ms = Phase.allCases.map { totals[$0, default: 0] * 1e3 / Double(rounds) }
        let fields = zip(Phase.allCases, ms).map { String(format: "%@_ms %.3f", $0.rawValue, $1) }
        CommandOutput.printError(fields.joined(separator: " ") + String(format: " total_ms %.3f", ms.reduce(0, +)))
    }
}
