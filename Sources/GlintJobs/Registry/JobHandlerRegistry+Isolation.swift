import Foundation
import GlintQueue

extension JobHandlerRegistry {
    /// This registry with every kind whose handler says ``JobIsolation/runner(_:)`` (all that decode
    /// or render media with C libraries: FFmpeg, libheif, libjpeg-turbo, libpng, librsvg) run by
    /// `runner`, those at ``JobIsolation/RunnerPriority/idle`` at idle priority; itself when
    /// `runner` is nil.
    /// - Parameter inputLimits: The limits this registry's handlers check, passed to the runner
    ///   (`glint runner --max-pixels N --max-motion-seconds S`) so that it checks the same.
    public func isolatingMedia(_ runner: JobRunnerConfiguration?, inputLimits: InputLimits = .default) -> JobHandlerRegistry {
        guard var runner else { return self }
        runner.arguments += ["--max-pixels", "\(inputLimits.maxPixels)", "--max-motion-seconds", "\(inputLimits.maxMotionSeconds)"]
        return isolated(runner)
    }
}
