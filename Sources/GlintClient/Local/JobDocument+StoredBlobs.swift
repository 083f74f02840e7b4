import GlintQueue

extension JobDocument {
    /// Everything the queue knows of `job`, each input and output with its file in `blobs` and
    /// its size.
    public init(_ job: Job, storedIn blobs: any BlobStore) {
        self.init(job)
        func blob(_ id: BlobID) -> Blob { Blob(blob: id.hex, size: blobs.size(of: id), path: blobs.url(for: id).path) }
        inputs = job.inputs.mapValues(blob)
        outputs = job.outputs.mapValues(blob)
    }
}
