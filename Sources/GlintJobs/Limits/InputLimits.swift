import Foundation
import GlintProbe

/// The largest inputs a service accepts: the most pixels in a still and the longest motion in a
/// movie or Motion Photo. `glint serve` checks them when a job is submitted and its worker (like
/// `glint worker`) before it runs one; `glint jobs submit` with a local store checks them too.
///
/// The check reads only headers (``MediaProbe``): a still's dimensions, a movie's duration, both
/// for a Motion Photo. An input the probe does not recognise (a LUT, an SVG badge) or cannot read
/// is left to the job's handler, which says what is wrong with it.
public struct InputLimits: Sendable, Equatable {
    /// 64 million pixels: a 48 MP phone still (8064x6048) passes.
    public static let defaultMaxPixels = 64_000_000
    /// 30 seconds: far more than a Live Photo's or Motion Photo's few seconds of motion.
    public static let defaultMaxMotionSeconds: Double = 30

    /// The default limits.
    public static let `default` = InputLimits()

    /// The most pixels (width x height) a still may have (`--max-pixels`).
    public var maxPixels: Int
    /// The longest movie or Motion Photo video accepted, in seconds (`--max-motion-seconds`).
    public var maxMotionSeconds: Double

    /// Creates limits.
    /// - Parameters:
    ///   - maxPixels: The most pixels a still may have.
    ///   - maxMotionSeconds: The longest motion accepted, in seconds.
    public init(maxPixels: Int = defaultMaxPixels, maxMotionSeconds: Double = defaultMaxMotionSeconds) {
        self.maxPixels = maxPixels
        self.maxMotionSeconds = maxMotionSeconds
    }

    /// Checks what a probe measured of the input called `name`.
    /// - Throws: ``InputTooLargeError`` naming the limit and the measured value.
    public func check(_ probe: MediaProbe, input name: String) throws(InputTooLargeError) {
        if let width = probe.width, let height = probe.height, let pixels = probe.pixelCount, pixels > maxPixels {
            throw InputTooLargeError(input: name, limit: .pixels, measured: Double(pixels), maximum: Double(maxPixels), width: width, height: height)
        }
        if let duration = probe.duration, duration > maxMotionSeconds {
            throw InputTooLargeError(
                input: name, limit: .motionSeconds, measured: duration, maximum: maxMotionSeconds, isMotionPhoto: probe.isMotionPhoto)
        }
    }

    /// Probes the file of the input called `name` and checks it; a file the probe cannot read
    /// passes (its handler will refuse it with a better message).
    /// - Throws: ``InputTooLargeError`` naming the limit and the measured value.
    public func check(input name: String, file: URL) throws(InputTooLargeError) {
        guard let probe = try? MediaProbe.probe(path: file.path) else { return }
        try check(probe, input: name)
    }

    /// Checks every input, in name order; a file named by several inputs is probed once (under the
    /// first of its names), so that a job cannot multiply the probe's work by naming one blob again.
    /// - Throws: ``InputTooLargeError`` for the first input over a limit.
    public func check(inputs: [String: URL]) throws(InputTooLargeError) {
        var probed: Set<String> = []
        for (name, file) in inputs.sorted(by: { $0.key < $1.key }) where probed.insert(file.standardizedFileURL.path).inserted {
            try check(input: name, file: file)
        }
    }
}
