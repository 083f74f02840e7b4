import GlintCore

/// Writing a ``JobDocument`` in its ``JobDocument/Rendering``, and reading either rendering back.
extension JobDocument {
    enum CodingKeys: String, CodingKey {
        case id, kind, state, queue, tenant, priority, parameters, inputs, outputs, attempt, maxAttempts, errors, progress
        case idempotencyKey, batch, workerID, cancelRequested
        case createdAt, scheduledAt, attemptedAt, completedAt, cancelledAt, discardedAt
    }

    /// Reads a document in either rendering (inputs as blob ids or as blobs); the result is
    /// written as ``Rendering/commandLine``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        kind = try container.decode(String.self, forKey: .kind)
        state = try container.decode(String.self, forKey: .state)
        queue = try container.decode(String.self, forKey: .queue)
        tenant = try container.decodeIfPresent(String.self, forKey: .tenant)
        priority = try container.decode(Int.self, forKey: .priority)
        parameters = try container.decodeIfPresent(JSONValue.self, forKey: .parameters)
        inputs = try container.decodeIfPresent([String: Blob].self, forKey: .inputs) ?? [:]
        outputs = try container.decodeIfPresent([String: Blob].self, forKey: .outputs) ?? [:]
        attempt = try container.decode(Int.self, forKey: .attempt)
        maxAttempts = try container.decode(Int.self, forKey: .maxAttempts)
        errors = try container.decodeIfPresent([AttemptError].self, forKey: .errors) ?? []
        progress = try container.decodeIfPresent(Progress.self, forKey: .progress)
        idempotencyKey = try container.decodeIfPresent(String.self, forKey: .idempotencyKey)
        batch = try container.decodeIfPresent(String.self, forKey: .batch)
        workerID = try container.decodeIfPresent(String.self, forKey: .workerID)
        cancelRequested = try container.decodeIfPresent(Bool.self, forKey: .cancelRequested) ?? false
        scheduledAt = try container.decode(String.self, forKey: .scheduledAt)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        attemptedAt = try container.decodeIfPresent(String.self, forKey: .attemptedAt)
        completedAt = try container.decodeIfPresent(String.self, forKey: .completedAt)
        cancelledAt = try container.decodeIfPresent(String.self, forKey: .cancelledAt)
        discardedAt = try container.decodeIfPresent(String.self, forKey: .discardedAt)
        rendering = .commandLine
    }

    /// Writes the document as ``rendering`` says.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch rendering {
        case .api: try encodeForAPI(into: &container)
        case .commandLine: try encodeForCommandLine(into: &container)
        }
    }

    /// The OpenAPI `Job` schema: every key written, `null` when absent.
    private func encodeForAPI(into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(state, forKey: .state)
        try container.encode(queue, forKey: .queue)
        try container.encode(priority, forKey: .priority)
        try container.encode(attempt, forKey: .attempt)
        try container.encode(maxAttempts, forKey: .maxAttempts)
        try container.encode(progress.map(ProgressForAPI.init), forKey: .progress)
        try container.encode(errors, forKey: .errors)
        try container.encode(outputs, forKey: .outputs)
        try container.encode(inputs.mapValues(\.blob), forKey: .inputs)
        try container.encode(batch, forKey: .batch)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(scheduledAt, forKey: .scheduledAt)
        try container.encode(attemptedAt, forKey: .attemptedAt)
        try container.encode(completedAt, forKey: .completedAt)
        try container.encode(cancelledAt, forKey: .cancelledAt)
        try container.encode(discardedAt, forKey: .discardedAt)
    }

    /// Every field the document has; absent ones left out.
    private func encodeForCommandLine(into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(state, forKey: .state)
        try container.encode(queue, forKey: .queue)
        try container.encodeIfPresent(tenant, forKey: .tenant)
        try container.encode(priority, forKey: .priority)
        try container.encodeIfPresent(parameters, forKey: .parameters)
        try container.encode(inputs, forKey: .inputs)
        try container.encode(outputs, forKey: .outputs)
        try container.encode(attempt, forKey: .attempt)
        try container.encode(maxAttempts, forKey: .maxAttempts)
        try container.encode(errors, forKey: .errors)
        try container.encodeIfPresent(progress, forKey: .progress)
        try container.encodeIfPresent(idempotencyKey, forKey: .idempotencyKey)
        try container.encodeIfPresent(batch, forKey: .batch)
        try container.encodeIfPresent(workerID, forKey: .workerID)
        try container.encode(cancelRequested, forKey: .cancelRequested)
        try container.encode(scheduledAt, forKey: .scheduledAt)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(attemptedAt, forKey: .attemptedAt)
        try container.encodeIfPresent(completedAt, forKey: .completedAt)
        try container.encodeIfPresent(cancelledAt, forKey: .cancelledAt)
        try container.encodeIfPresent(discardedAt, forKey: .discardedAt)
    }

    /// The API writes a progress's message even when it is `null`.
    private struct ProgressForAPI: Encodable {
        var progress: Progress

        init(_ progress: Progress) { self.progress = progress }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(progress.fraction, forKey: .fraction)
            try container.encode(progress.message, forKey: .message)
        }

        enum CodingKeys: String, CodingKey { case fraction, message }
    }
}

extension JobDocument.Blob {
    enum CodingKeys: String, CodingKey { case blob, size, contentType, url, path }

    /// Reads a blob written either way: an object, or its id alone (the API's inputs).
    public init(from decoder: any Decoder) throws {
        if let id = try? decoder.singleValueContainer().decode(String.self) {
            self.init(blob: id)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            blob: try container.decode(String.self, forKey: .blob), size: try container.decodeIfPresent(Int64.self, forKey: .size),
            contentType: try container.decodeIfPresent(String.self, forKey: .contentType),
            url: try container.decodeIfPresent(String.self, forKey: .url), path: try container.decodeIfPresent(String.self, forKey: .path)
        )
    }

    /// Writes the blob as an object of what is known of it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(blob, forKey: .blob)
        try container.encodeIfPresent(size, forKey: .size)
        try container.encodeIfPresent(contentType, forKey: .contentType)
        try container.encodeIfPresent(url, forKey: .url)
        try container.encodeIfPresent(path, forKey: .path)
    }
}
