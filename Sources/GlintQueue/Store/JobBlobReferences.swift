/// The blobs the jobs in a store name (``JobStore/blobReferences()``).
public struct JobBlobReferences: Hashable, Sendable {
    /// Inputs of jobs that have not finished (scheduled, available, running, retryable): a worker
    /// reads them or will.
    public var inputsOfUnfinishedJobs: Set<BlobID>
    /// Inputs and outputs of every job the store still holds, finished or not (finished jobs stay
    /// until they are pruned).
    public var ofAnyJob: Set<BlobID>

    public init(inputsOfUnfinishedJobs: Set<BlobID> = [], ofAnyJob: Set<BlobID> = []) {
        self.inputsOfUnfinishedJobs = inputsOfUnfinishedJobs
        self.ofAnyJob = ofAnyJob
    }

    /// Adds one job's blobs.
    public mutating func add(inputs: some Sequence<BlobID>, outputs: some Sequence<BlobID>, finished: Bool) {
        let inputs = Array(inputs)
        if !finished { inputsOfUnfinishedJobs.formUnion(inputs) }
        ofAnyJob.formUnion(inputs)
        ofAnyJob.formUnion(outputs)
    }
}
