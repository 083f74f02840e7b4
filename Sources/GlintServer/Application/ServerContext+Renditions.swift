import Foundation
import GlintJobs
import GlintQueue

/// The `share.renditions` follow-up of a job whose still pages show (a shared job, a job on the
/// dashboard): one per job, however many ask (its idempotency key names the job), made by a worker
/// like any job, so that no request does media work.
extension ServerContext {
    /// The idempotency key of `job`'s renditions job.
    static func renditionsKey(of job: JobID) -> String { "share.renditions:\(job)" }

    /// The completed job's renditions job, submitted now into the job's queue when it has none (it
    /// was never asked for, or retention pruned it). Nil when the job has no still to render: not completed, a
    /// renditions job itself, or no JPEG or HEIC output.
    func renditions(of job: Job) async throws -> Job? {
        guard job.state == .completed, job.kind != .shareRenditions, let still = renderableStill(of: job) else { return nil }
        let key = Self.renditionsKey(of: job.id)
        if let existing = try await jobs.job(idempotencyKey: key, tenant: job.tenant) { return existing }
        var inputs = ["still": still]
        if let movie = job.outputs["movie"], MediaInputNaming.fileExtension(of: blobs.url(for: movie), name: "movie") == "mov" {
            inputs["movie"] = movie
        } else if let motionPhoto = Self.motionPhotoOutput(of: job) {
            inputs = ["motionPhoto": motionPhoto]
        }
        let parameters = try JSONSerialization.data(withJSONObject: ["name": ShareDownloadNames(job: job.id).base])
        let submission = JobSubmission(
            kind: .shareRenditions, parameters: parameters, inputs: inputs, queue: job.queue, tenant: job.tenant, priority: Self.renditionsPriority,
            idempotencyKey: key)
        return try await jobs.submit([submission])[0].job
    }

    /// The job's Motion Photo output (`livephoto.edit` of a Motion Photo, `livephoto.export` as one),
    /// known by its name: no request reads media.
    static func motionPhotoOutput(of job: Job) -> BlobID? {
        job.outputs["motionPhoto"] ?? job.outputs["motion-photo"]
    }

    /// Renditions run before the tenant's other waiting jobs: someone is looking at the page.
    static let renditionsPriority = 100

    /// The files of the job's completed renditions job by name; empty while it is not done. They
    /// count against the tenant's stored bytes, as the job's own outputs do.
    func renditionFiles(of job: Job) async throws -> [String: PageFile] {
        guard let renditions = try await renditions(of: job), renditions.state == .completed else { return [:] }
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
