import GlintCore
import GlintQueue

extension JobDocument {
    /// The job as the API shows it (`GET /v1/jobs/{id}` and everywhere a job is returned): written
    /// in the ``JobDocument/Rendering/api`` rendering, outputs with their size, media type and
    /// download URL.
    /// - Parameters:
    ///   - job: The job.
    ///   - blobs: Where outputs are, for their size and media type.
    init(_ job: Job, blobs: any BlobStore) {
        self.init(job)
        rendering = .api
        let jobID = job.id.description
        outputs = Dictionary(
            uniqueKeysWithValues: job.outputs.map { name, blob in
                let type = OutputMediaType.of(file: blobs.url(for: blob), name: name)
                return (
                    name,
                    Blob(
                        blob: blob.hex, size: blobs.size(of: blob) ?? 0, contentType: type.contentType,
                        url: "/v1/jobs/\(jobID)/outputs/\(name)")
                )
            })
    }
}
