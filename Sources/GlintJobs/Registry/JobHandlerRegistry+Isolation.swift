import Foundation
import GlintQueue

extension JobHandlerRegistry {
    /// The kinds that decode or render media with C libraries (FFmpeg, libheif, libjpeg-turbo,
    /// libpng, librsvg): `glint serve` and `glint worker` run them in runner processes.
    /// `queue.noop` stays in the worker.
    public static let glintMediaKinds: [JobKind] = [.livePhotoEdit, .livePhotoExport, .ringsRender, .badgeApply, .shareRenditions]

    /// The media kinds that work through a movie, frame by frame (seconds of CPU on every core):
    /// their runners run at idle priority (``JobRunnerConfiguration/idlePriorityKinds``), so that
    /// the API answers as fast while they run as when nothing does.
    public static let glintMotionKinds: Set<JobKind> = [.livePhotoEdit, .livePhotoExport]

    /// This registry with ``glintMediaKinds`` run by `runner` (``glintMotionKinds`` at idle
    /// priority); itself when `runner` is nil.
    /// - Parameter inputLimits: The limits this registry's handlers check, passed to the runner
    ///   (`glint runner --max-pixels N --max-motion-seconds S`) so that it checks the same.
    public func isolatingMedia(_ runner: JobRunnerConfiguration?, inputLimits: InputLimits = .default) -> JobHandlerRegistry {
        guard var runner else { return self }
        runner.arguments += ["--max-pixels", "\(inputLimits.maxPixels)", "--max-motion-seconds", "\(inputLimits.maxMotionSeconds)"]
        runner.idlePriorityKinds.formUnion(Self.glintMotionKinds)
        return isolated(runner, kinds: Self.glintMediaKinds)
    }
}
