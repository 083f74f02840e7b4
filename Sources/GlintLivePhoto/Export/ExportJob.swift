import Foundation
import GlintMedia

/// One export in progress: the source pair, the options, a private staging folder for
/// intermediate files, and the outputs written so far (removed again if the export fails).
final class ExportJob {
    let stillPath: String
    let moviePath: String
    let options: ExportOptions
    private(set) var files: [ExportedFile] = []
    var notes: [String] = []
    /// Files outputs may not overwrite besides the pair (the Motion Photo a pair was unpacked from).
    let protectedInputs: [String]
    private var staging: String?

    init(stillPath: String, moviePath: String, options: ExportOptions, protectedInputs: [String] = []) throws {
        self.stillPath = stillPath
        self.moviePath = moviePath
        self.options = options
        self.protectedInputs = protectedInputs
        do {
            try FileManager.default.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw MediaError(.writeFailed, file: options.outputDirectory, "cannot create the output directory")
        }
    }

    /// A hidden folder in the output directory for intermediate files (same disk as the outputs).
    func stagingDirectory() throws -> String {
        if let staging { return staging }
        let path = try Self.makeStagingDirectory(in: options.outputDirectory)
        staging = path
        return path
    }

    /// Creates a hidden folder `.glint-export-XXXXXXXX` in `directory`.
    static func makeStagingDirectory(in directory: String) throws -> String {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(".glint-export-" + UUID().uuidString.prefix(8)).path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw MediaError(.writeFailed, file: directory, "cannot create a staging folder in the output directory")
        }
        return path
    }

    /// `outputDirectory/name`, refusing to overwrite an input.
    func outputPath(named name: String) throws -> String {
        try OutputPath.file(named: name, in: options.outputDirectory, inputs: [stillPath, moviePath] + protectedInputs)
    }

    /// The file name of `path` with its extension replaced.
    static func baseName(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Records a finished output.
    func record(_ path: String, kind: ExportedFileKind, captureFacts: CaptureFactsWriter.Filled? = nil) throws {
        // stat(2), not FileManager's attributes (which look up the owner's name in /etc/passwd for every file).
        var status = stat()
        let size = stat(path, &status) == 0 ? Int64(status.st_size) : 0
        files.append(ExportedFile(path: path, size: size, kind: kind, captureFacts: captureFacts))
    }

    /// Removes the outputs written so far (after a failure).
    func removeOutputs() {
        for file in files { try? FileManager.default.removeItem(atPath: file.path) }
        files.removeAll()
    }

    /// Removes the staging folder.
    func cleanUp() {
        if let staging { try? FileManager.default.removeItem(atPath: staging) }
        staging = nil
    }

    /// Copies `source` to `destination` atomically, in pieces.
    static func copy(_ source: String, to destination: String) throws {
        let input = try RandomAccessFile(path: source)
        let output = try AtomicFileWriter(destination: destination)
        var done: Int64 = 0
        while done < input.size {
            let count = Int(min(4 << 20, input.size - done))
            try output.write(try input.read(at: done, count: count))
            done += Int64(count)
        }
        try output.commit()
    }
}
