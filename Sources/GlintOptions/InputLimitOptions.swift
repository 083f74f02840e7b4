import ArgumentParser
import Foundation
import GlintJobs

/// The largest inputs `glint serve` and `glint worker` accept (``InputLimits``): each is the flag,
/// else its environment variable, else ``InputLimits``' default.
///
/// | flag | environment |
/// | --- | --- |
/// | `--max-pixels` | `GLINT_MAX_PIXELS` |
/// | `--max-motion-seconds` | `GLINT_MAX_MOTION_SECONDS` |
public struct InputLimitOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let maxPixels = "GLINT_MAX_PIXELS"
        public static let maxMotionSeconds = "GLINT_MAX_MOTION_SECONDS"
    }

    @Option(
        help: ArgumentHelp(
            "The most pixels (width x height) a still input may have; larger ones are refused with input-too-large (default \(InputLimits.defaultMaxPixels); $\(Variable.maxPixels))."
        ))
    public var maxPixels: Int?

    @Option(
        help: ArgumentHelp(
            "The longest movie or Motion Photo video an input may have, in seconds; longer ones are refused with input-too-large (default \(helpNumber(InputLimits.defaultMaxMotionSeconds)); $\(Variable.maxMotionSeconds))."
        ))
    public var maxMotionSeconds: Double?

    public init() {}

    public func validate() throws {
        _ = try limits(environment: ProcessInfo.processInfo.environment)
    }

    /// The limits: these options, else the environment's, else the defaults.
    /// - Throws: `ValidationError` naming the flag or variable that is out of range or does not parse.
    public func limits(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> InputLimits {
        let pixels = try ResolvedSetting(
            flag: maxPixels, name: "--max-pixels", variable: Variable.maxPixels, environment: environment, default: InputLimits.defaultMaxPixels)
        try pixels.require("must be at least 1") { $0 >= 1 }
        let seconds = try ResolvedSetting(
            flag: maxMotionSeconds, name: "--max-motion-seconds", variable: Variable.maxMotionSeconds, environment: environment,
            default: InputLimits.defaultMaxMotionSeconds)
        try seconds.require("must be a positive number of seconds") { $0 > 0 && $0.isFinite }
        return InputLimits(maxPixels: pixels.value, maxMotionSeconds: seconds.value)
    }
}
