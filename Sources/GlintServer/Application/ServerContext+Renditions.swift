import Foundation
import GlintJobs
import GlintQueue

/// The `share.renditions` follow-up of a shared job: one per job, however often it is shared (its
/// idempotency key names the job), submitted when the tenant shares the job and made by a worker
/// like any job, so that no request does media work. Pages (the share page, the dashboard) only
/// read what it made: no GET queues a job.
extension ServerContext {
    /// The idempotency key of `job`'s renditions job: one without the recording location (what
    /// shares serve unless their owner keeps it, and the dashboard's thumbnail), and one that keeps
    /// it for the shares made with `"keepLocation": true`.
    static func renditionsKey(of job: JobID, keepLocation: Bool = false) -> String {
        "share.renditions:\(job):\(keepLocation ? "keep-location" : "location-free")"
    }

    /// The job's renditions job as it stands, nil when none was submitted (or retention pruned it).
    /// Only reads: every page (a GET from anyone) uses this, never ``submitRenditions(of:keepLocation:)``.
    func existingRenditions(of job: Job, keepLocation: Bool = false) async throws -> Job? {
        guard job.kind != .shareRenditions else { return nil }
        return try await jobs.job(idempotencyKey: Self.renditionsKey(of: job.id, keepLocation: keepLocation), tenant: job.tenant)
    }

    /// Submits the completed job's renditions job into the job's queue, charged to the job's
    /// tenant, unless it has one already (then that one is returned). Called when the tenant shares
    /// the job (`POST /v1/shares`), never by a page. Nil when the job has no still to render: not
    /// completed, a renditions job itself, or no JPEG or HEIC output.
    /// - Parameter keepLocation: Make them from the files as they are, location included (the job's
    ///   `keepLocation`), for a share that keeps it; else without it.
    func submitRenditions(of job: Job, keepLocation: Bool = false) async throws -> Job? {
        guard job.state == .completed, job.kind != .shareRenditions, let still = renderableStill(of: job) else { return nil }
        if let existing = try await existingRenditions(of: job, keepLocation: keepLocation) { return existing }
        var inputs = ["still": still]
        if let movie = job.outputs["movie"], MediaInputNaming.fileExtension(of: blobs.url(for: movie), name: "movie") == "mov" {
            inputs["movie"] = movie
        } else if let motionPhoto = Self.motionPhotoOutput(of: job) {
            inputs = ["motionPhoto": motionPhoto]
        }
        let parameters = try JSONSerialization.data(withJSONObject: ["name": ShareDownloadNames(job: job.id).base, "keepLocation": keepLocation])
        let submission = JobSubmission(
            kind: .shareRenditions, parameters: parameters, inputs: inputs, queue: job.queue, tenant: job.tenant, priority: Self.renditionsPriority,
            idempotencyKey: Self.renditionsKey(of: job.id, keepLocation: keepLocation))
        return try await jobs.submit([submission])[0].job
    }

    /// The job's Motion Photo output (`livephoto.edit` of a Motion Photo, `livephoto.export` as one),
    /// known by its name: no request reads media.
    static func motionPhotoOutput(of job: Job) -> BlobID? {
        job.outputs["motionPhoto"] ?? job.outputs["motion-photo"]
    }

    /// Renditions run before the tenant's other waiting jobs: someone is looking at the page.
    static let renditionsPriority = 100

    /// The files of the job's completed renditions job by name; empty while it is not done or was
    /// never submitted (it never submits one). They count against the tenant's stored bytes, as the
    /// job's own outputs do: the one thing a page records is that the tenant owns what its share
    /// made (once per file: ``ServerStore/claimBlobs(_:tenant:at:)`` writes only missing claims).
    func renditionFiles(of job: Job, keepLocation: Bool = false) async throws -> [String: PageFile] {
        guard let renditions = try await existingRenditions(of: job, keepLocation: keepLocation), renditions.state == .completed else { return [:] }
        try await recordOutputs(of: renditions)
        return renditions.outputs.compactMapValues { file(for: $0) }
    }

    /// The job's `still` output, else its first other output, by name, that is a JPEG or HEIC.
    func renderableStill(of job: Job) -> BlobID? {
        let names = (job.outputs["still"] != nil ? ["still"] : []) + job.outputs.keys.sorted()
        return names.lazy.compactMap { job.outputs[$0] }.first { blob in
            let kind = MediaInputNaming.fileExtension(of: self.blobs.url(for: blob), name: "")
            return kind == "jpg" || kind == "heic"
        }
    }

    /// A stored blob as a page serves it (its type from its bytes), nil when its file is gone.
    func file(for blob: BlobID, name: String = "") -> PageFile? {
        let url = blobs.url(for: blob)
        guard let size = blobs.size(of: blob) else { return nil }
        return PageFile(url: url, contentType: OutputMediaType.of(file: url, name: name).contentType, size: size)
    }
}
