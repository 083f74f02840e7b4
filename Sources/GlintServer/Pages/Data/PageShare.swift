import Foundation
public import GlintQueue

/// A share as the share page needs it: whether it still works, and the files of its job.
///
/// Unless its owner kept the location (`"keepLocation": true`), a share serves only copies without
/// the recording location made by its renditions job (``renditions``: `still`, `movie`, and the
/// downloads made from them), never the job's own JPEG or HEIC still or its movie: until they are
/// made, the still, the motion and the downloads are ``isPreparing``.
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
    /// What the job's `share.renditions` follow-up made for this share (`thumbnail`, `display`,
    /// `livephoto`, `motionphoto`; without location, also `still` and, with a movie, `movie`), once
    /// it has completed; empty until then.
    public var renditions: [String: PageFile]
    /// Whether the share serves the job's files as they are, recording location included (the
    /// owner's choice when sharing; false unless asked).
    public var keepLocation: Bool

    /// - Parameters:
    ///   - id: The share's id.
    ///   - job: The shared job.
    ///   - state: Active or revoked.
    ///   - expiresAt: When the share stops working.
    ///   - outputs: The job's outputs by name.
    ///   - renditions: The renditions made for the pages, by name (none yet: empty).
    ///   - keepLocation: Serve the job's files as they are, location included.
    public init(
        id: String, job: JobID, state: State, expiresAt: Date, outputs: [String: PageFile], renditions: [String: PageFile] = [:],
        keepLocation: Bool = false
    ) {
        self.id = id
        self.job = job
        self.state = state
        self.expiresAt = expiresAt
        self.outputs = outputs
        self.renditions = renditions
        self.keepLocation = keepLocation
    }

    /// The job's own still, as stored: the `still` output, else the first image output by name. A
    /// share needs one; it is served only when ``servesLocationFreeCopies`` is false.
    public var jobStill: PageFile? {
        outputs["still"] ?? outputs.sorted { $0.key < $1.key }.first { $0.value.contentType.hasPrefix("image/") }?.value
    }

    /// The job's own motion: the `movie` output, else the first video output by name.
    var jobMotion: PageFile? {
        outputs["movie"] ?? outputs.sorted { $0.key < $1.key }.first { $0.value.contentType.hasPrefix("video/") }?.value
    }

    /// The still types whose location the renditions job removes (what ``jobStill`` is rendered from).
    static let locationFreeStillTypes: Set<String> = ["image/jpeg", "image/heic", "image/heif"]

    /// Whether the share serves its renditions' copies without location rather than the job's
    /// files: unless the location is kept, for a JPEG or HEIC still (and its movie) or a Motion Photo.
    public var servesLocationFreeCopies: Bool {
        !keepLocation && (isMotionPhoto || jobStill.map { Self.locationFreeStillTypes.contains($0.contentType) } == true)
    }

    /// Whether what the share serves is still being made: it serves copies without location and its
    /// renditions job has not completed.
    public var isPreparing: Bool { servesLocationFreeCopies && renditions.isEmpty }

    /// The still the share serves: the copy without location, or the job's own when the location is kept.
    public var still: PageFile? { servesLocationFreeCopies ? renditions["still"] : jobStill }

    /// What the page shows at first: the still at display size once rendered, else the still.
    public var display: PageFile? { renditions["display"] ?? still }

    /// The motion the share serves: the movie without location; with the location kept, the job's
    /// own, else a Motion Photo's movie once its renditions are made.
    public var motion: PageFile? {
        servesLocationFreeCopies ? renditions["movie"] : jobMotion ?? renditions["movie"]
    }

    /// Whether the job's output is a Motion Photo (`motionPhoto`, `motion-photo`): it moves, though
    /// its motion is played only once its renditions have unpacked it.
    public var isMotionPhoto: Bool { outputs["motionPhoto"] != nil || outputs["motion-photo"] != nil }

    /// Whether the page plays motion: a movie, or a Motion Photo (its motion being made).
    public var hasMotion: Bool { jobMotion != nil || isMotionPhoto }
}
