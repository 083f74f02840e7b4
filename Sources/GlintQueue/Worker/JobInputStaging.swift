import Foundation
import GlintMedia

/// Puts a job's input blobs where a handler can read them: a link per input in the attempt's
/// folder, named `<input name>.<extension>`, the extension recognised from the content (the
/// Glint libraries name their outputs after their inputs and pick formats from them).
enum JobInputStaging {
    /// Links every input of `job` into `directory`.
    /// - Throws: ``JobHandlerError/missingInput(_:)`` when a blob is not in the store, naming the
    ///   input and the blob.
    static func stage(_ job: Job, blobs: any BlobStore, into directory: URL) throws -> [String: URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var staged: [String: URL] = [:]
        for (name, id) in job.inputs.sorted(by: { $0.key < $1.key }) {
            guard blobs.contains(id) else {
                throw JobHandlerError.missingInput("input '\(name)': blob \(id) is not in the blob store")
            }
            let source = blobs.url(for: id)
            let safeName = name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
            let ext = fileExtension(of: source, name: name)
            let link = directory.appendingPathComponent(String(safeName) + (ext.map { "." + $0 } ?? ""))
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: source)
            staged[name] = link
        }
        return staged
    }

    /// The usual extension of the file's format, from its first bytes; nil when unknown.
    static func fileExtension(of file: URL, name: String) -> String? {
        let head: [UInt8]
        if let handle = try? FileHandle(forReadingFrom: file) {
            head = [UInt8]((try? handle.read(upToCount: 16)) ?? Data())
            try? handle.close()
        } else {
            head = []
        }
        if let still = StillFormat(sniffing: head) { return still.fileExtension }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if head.starts(with: Array("GIF8".utf8)) { return "gif" }
        if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) { return "webp" }
        if head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8) {
            return head[8..<12].elementsEqual("qt  ".utf8) ? "mov" : "mp4"
        }
        if head.count >= 8, ["moov", "mdat", "wide", "free", "skip"].contains(String(decoding: head[4..<8], as: UTF8.self)) {
            return "mov"
        }
        if name == "lut" { return "cube" }
        return nil
    }
}
