import Foundation
import GlintQueue

extension JobHandlerRegistry {
    /// The kinds that decode or render media with C libraries (FFmpeg, libheif, libjpeg-turbo,
    /// libpng, librsvg): `glint serve` and `glint worker` run them in runner processes.
    /// `queue.noop` stays in the worker.
    public static let glintMediaKinds: [JobKind] = [.livePhotoEdit, .livePhotoExport, .ringsRender, .badgeApply]

    /// This registry with ``glintMediaKinds`` run by `runner`; itself when `runner` is nil.
    /// - Parameter inputLimits: The limits this registry's handlers check, passed to the runner
    ///   (`glint runner --max-pixels N --max-motion-seconds S`) so that it checks the same.
    public func isolatingMedia(_ runner: JobRunnerConfiguration?, inputLimits: InputLimits = .default) -> JobHandlerRegistry {
        guard var runner else { return self }
        runner.arguments += ["--max-pixels", "\(inputLimits.maxPixels)", "--max-motion-seconds", "\(inputLimits.maxMotionSeconds)"]
        return isolated(runner, kinds: Self.glintMediaKinds)
    }
}
