import Foundation
public import GlintQueue

/// A share as the share page needs it: whether it still works, and the files of its job.
public struct PageShare: Sendable, Hashable {
    /// Whether the share may still be viewed.
    public enum State: String, Sendable, Hashable {
        /// Viewable until it expires.
        case active
        /// Revoked by its owner (`DELETE /v1/shares/{id}`): the page answers 410.
        case revoked
    }

    /// The share's id (the first part of its token).
    public var id: String
    /// The shared job.
    public var job: JobID
    public var state: State
    /// When the share stops working (the store's own record; the token carries one too).
    public var expiresAt: Date
    /// The job's outputs by name. A Live Photo job (`livephoto.edit`, `livephoto.export` as a
    /// pair) has `still` (JPEG or HEIC) and `movie` (QuickTime).
    public var outputs: [String: PageFile]
    /// What the job's `share.renditions` follow-up made (`thumbnail`, `display`, `livephoto`,
    /// `motionphoto`), once it has completed; empty until then.
    public var renditions: [String: PageFile]

    /// - Parameters:
    ///   - id: The share's id.
    ///   - job: The shared job.
    ///   - state: Active or revoked.
    ///   - expiresAt: When the share stops working.
    ///   - outputs: The job's outputs by name.
    ///   - renditions: The renditions made for the pages, by name (none yet: empty).
    public init(id: String, job: JobID, state: State, expiresAt: Date, outputs: [String: PageFile], renditions: [String: PageFile] = [:]) {
        self.id = id
        self.job = job
        self.state = state
        self.expiresAt = expiresAt
        self.outputs = outputs
        self.renditions = renditions
    }

    /// The still: the `still` output, else the first image output by name.
    public var still: PageFile? {
        outputs["still"] ?? outputs.sorted { $0.key < $1.key }.first { $0.value.contentType.hasPrefix("image/") }?.value
    }

    /// What the page shows at first: the still at display size once rendered, else the still.
    public var display: PageFile? { renditions["display"] ?? still }

    /// The motion: the `movie` output, else a Motion Photo's movie once its renditions are made,
    /// else the first video output by name.
    public var motion: PageFile? {
        outputs["movie"] ?? renditions["movie"] ?? outputs.sorted { $0.key < $1.key }.first { $0.value.contentType.hasPrefix("video/") }?.value
    }

    /// Whether the job's output is a Motion Photo (`motionPhoto`, `motion-photo`): it moves, though
    /// its motion is played only once its renditions have unpacked it.
    public var isMotionPhoto: Bool { outputs["motionPhoto"] != nil || outputs["motion-photo"] != nil }

    /// Whether the page plays motion: a movie, or a Motion Photo (its motion being made).
    public var hasMotion: Bool { motion != nil || isMotionPhoto }
}
