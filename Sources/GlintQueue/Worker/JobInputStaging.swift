import Foundation

/// Puts a job's input blobs where a handler can read them: a link per input in the attempt's
/// folder, named `<input name>.<extension>`, the extension given by the registry's
/// ``JobHandlerRegistry/inputFileExtension`` (the Glint libraries name their outputs after their
/// inputs and pick formats from them).
enum JobInputStaging {
    /// Links every input of `job` into `directory`.
    /// - Throws: ``JobHandlerError/missingInput(_:)`` when a blob is not in the store, naming the
    ///   input and the blob.
    static func stage(
        _ job: Job, blobs: any BlobStore, into directory: URL,
        fileExtension: (URL, String) -> String?
    ) throws -> [String: URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var staged: [String: URL] = [:]
        for (name, id) in job.inputs.sorted(by: { $0.key < $1.key }) {
            guard blobs.contains(id) else {
                throw JobHandlerError.missingInput("input '\(name)': blob \(id) is not in the blob store")
            }
            let source = blobs.url(for: id)
            let safeName = name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
            let ext = fileExtension(source, name)
            let link = directory.appendingPathComponent(String(safeName) + (ext.map { "." + $0 } ?? ""))
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: source)
            staged[name] = link
        }
        return staged
    }
}
