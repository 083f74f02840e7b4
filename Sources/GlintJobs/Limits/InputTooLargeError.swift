import Foundation
import GlintCore

/// An input over one of the service's ``InputLimits``: a permanent `input-too-large` failure that
/// names the input, the limit (and the flag that sets it) and the measured value.
///
/// `POST /v1/jobs` answers it with a 422 `input-too-large` problem, `glint jobs submit` prints it,
/// and a worker discards a job with it at once.
public struct InputTooLargeError: GlintError, Sendable, Equatable {
    /// Which limit an input is over.
    public enum Limit: String, Sendable, Codable {
        /// ``InputLimits/maxPixels``.
        case pixels = "max-pixels"
        /// ``InputLimits/maxMotionSeconds``.
        case motionSeconds = "max-motion-seconds"

        /// The flag of `glint serve` and `glint worker` that sets the limit.
        public var flag: String { "--\(rawValue)" }
    }

    /// The input's name in the job (`still`, `movie`).
    public var input: String
    /// The limit it is over.
    public var limit: Limit
    /// What was measured: pixels, or seconds of motion.
    public var measured: Double
    /// The limit's value, in the same unit.
    public var maximum: Double
    /// The still's width, for a pixel limit.
    public var width: Int?
    /// The still's height, for a pixel limit.
    public var height: Int?
    /// Whether the motion is a Motion Photo's video (rather than a movie's).
    public var isMotionPhoto: Bool

    /// Creates an error.
    /// - Parameters:
    ///   - input: The input's name in the job.
    ///   - limit: The limit it is over.
    ///   - measured: What was measured (pixels or seconds).
    ///   - maximum: The limit's value.
    ///   - width: The still's width, for a pixel limit.
    ///   - height: The still's height, for a pixel limit.
    ///   - isMotionPhoto: Whether the motion is a Motion Photo's video.
    public init(input: String, limit: Limit, measured: Double, maximum: Double, width: Int? = nil, height: Int? = nil, isMotionPhoto: Bool = false) {
        self.input = input
        self.limit = limit
        self.measured = measured
        self.maximum = maximum
        self.width = width
        self.height = height
        self.isMotionPhoto = isMotionPhoto
    }

    public var code: ErrorCode { .inputTooLarge }

    /// "input 'still' is 12000x9000 = 108.0 MP, over the limit of 64.0 MP (--max-pixels)".
    public var description: String {
        switch limit {
        case .pixels:
            let size = width.flatMap { width in height.map { "\(width)x\($0) = " } } ?? ""
            return "input '\(input)' is \(size)\(Self.pixels(measured)), over the limit of \(Self.pixels(maximum)) (\(limit.flag))"
        case .motionSeconds:
            let what = isMotionPhoto ? " (a Motion Photo)" : ""
            return "input '\(input)'\(what) has \(Self.seconds(measured)) of motion, over the limit of \(Self.seconds(maximum)) (\(limit.flag))"
        }
    }

    /// Megapixels with one decimal (`108.0 MP`), or plain pixels below a tenth of a megapixel.
    static func pixels(_ count: Double) -> String {
        count >= 100_000 ? String(format: "%.1f MP", count / 1_000_000) : "\(Int(count)) pixels"
    }

    /// Seconds with up to two decimals (`31.5 s`, `1.23 s`, `30 s`).
    static func seconds(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return "\(text) s"
    }
}
