import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A warm runner's job folder (`<runner>/job/`), made once and used by each of its jobs in turn:
/// `inputs/` holds copies of the job's inputs, `outputs/` is where the runner writes its outputs.
///
/// The runner may change anything in its folder, a hostile one included: it could replace a folder
/// or an output with a symbolic link to a file of the worker's (the database, another tenant's
/// blob) for the worker to move away or store as its output. So the worker never follows a path
/// the runner could have changed. It holds both folders open from before the runner started and
/// works relative to them (`openat`, `renameat`), and it takes as an output only a regular file
/// that lies directly in `outputs/`. After each job both folders are emptied; a runner that left
/// anything but files there is retired (``empty()``).
final class RunnerJobFolder: Sendable {
    /// Where the runner finds its inputs.
    let inputs: URL
    /// Where the runner writes its outputs.
    let outputs: URL
    private let inputsDescriptor: Int32
    private let outputsDescriptor: Int32

    /// Makes `job/inputs` and `job/outputs` in `runnerFolder` and opens them.
    /// - Throws: `CocoaError` naming the folder that could not be made or opened.
    init(in runnerFolder: URL) throws {
        let job = runnerFolder.appendingPathComponent("job")
        inputs = job.appendingPathComponent("inputs")
        outputs = job.appendingPathComponent("outputs")
        for folder in [job, inputs, outputs] {
            guard mkdir(folder.path, 0o755) == 0 else { throw Self.failure(.fileWriteUnknown, folder.path) }
        }
        inputsDescriptor = open(inputs.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        outputsDescriptor = open(outputs.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard inputsDescriptor >= 0, outputsDescriptor >= 0 else {
            let error = Self.failure(.fileReadUnknown, job.path)
            for descriptor in [inputsDescriptor, outputsDescriptor] where descriptor >= 0 { close(descriptor) }
            throw error
        }
    }

    deinit {
        close(inputsDescriptor)
        close(outputsDescriptor)
    }

    /// Copies the staged inputs into `inputs/`, each under its file name, replacing whatever the
    /// runner may have put there by that name; returns the copies' paths by input name. A blob
    /// staged under several names is copied once and hard-linked under the others, so that a job
    /// naming one blob many times does not multiply the bytes written.
    /// - Throws: `CocoaError` naming the input that could not be copied.
    func copyInputs(_ staged: [String: URL]) throws -> [String: String] {
        var copies: [String: String] = [:]
        var copiedBlobs: [String: String] = [:]  // the blob a staged link points at -> its copy's name
        for (name, file) in staged.sorted(by: { $0.key < $1.key }) {
            let fileName = file.lastPathComponent
            let blob = (try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) ?? file.path
            if let first = copiedBlobs[blob] {
                try link(first, to: fileName)
            } else {
                try copy(file.path, to: fileName)
                copiedBlobs[blob] = fileName
            }
            copies[name] = inputs.appendingPathComponent(fileName).path
        }
        return copies
    }

    /// Hard-links the copy `existing` in `inputs/` as `name` (replacing anything by that name).
    private func link(_ existing: String, to name: String) throws {
        guard existing != name else { return }
        if linkat(inputsDescriptor, existing, inputsDescriptor, name, 0) == 0 { return }
        guard errno == EEXIST, unlinkat(inputsDescriptor, name, 0) == 0, linkat(inputsDescriptor, existing, inputsDescriptor, name, 0) == 0 else {
            throw Self.failure(.fileWriteUnknown, inputs.appendingPathComponent(name).path)
        }
    }

    /// Moves the output the runner named (`path`, which must name a regular file directly in
    /// `outputs/`) to `destination`, a path the runner cannot reach.
    /// - Throws: ``JobHandlerError`` (`handler-failed`) when `path` names anything else or the move fails.
    func takeOutput(_ path: String, to destination: URL) throws {
        let file = URL(fileURLWithPath: path).standardizedFileURL
        let name = file.lastPathComponent
        guard file.deletingLastPathComponent().path == outputs.standardizedFileURL.path, !name.isEmpty, name != ".", name != ".." else {
            throw JobHandlerError(code: .handlerFailed, message: "the job's runner named an output outside its folder: \(path)", permanent: false)
        }
        var status = stat()
        guard fstatat(outputsDescriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw JobHandlerError(code: .handlerFailed, message: "the job's runner named an output that is not a file: \(name)", permanent: false)
        }
        guard renameat(outputsDescriptor, name, AT_FDCWD, destination.path) == 0 else {
            throw JobHandlerError(
                code: .handlerFailed, message: "could not take the runner's output \(name): \(String(cString: strerror(errno)))", permanent: false)
        }
    }

    /// Removes what the job left in both folders (its inputs' copies, outputs not taken).
    /// - Returns: false when something would not go (a folder the runner made): the runner must
    ///   not be given another job.
    func empty() -> Bool {
        Self.removeFiles(in: inputsDescriptor) && Self.removeFiles(in: outputsDescriptor)
    }

    /// Copies the file at `source` to `name` in `inputs/`: a new file (never written through a
    /// link), made read-only.
    private func copy(_ source: String, to name: String) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Self.failure(.fileReadUnknown, source) }
        defer { close(input) }
        var output = openat(inputsDescriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o444)
        if output < 0, errno == EEXIST, unlinkat(inputsDescriptor, name, 0) == 0 {
            output = openat(inputsDescriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o444)
        }
        let copy = inputs.appendingPathComponent(name).path
        guard output >= 0 else { throw Self.failure(.fileWriteUnknown, copy) }
        defer { close(output) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Self.failure(.fileReadUnknown, source) }
            if count == 0 { return }
            var written = 0
            while written < count {
                let step = write(output, buffer.baseAddress! + written, count - written)
                if step < 0 && errno == EINTR { continue }
                guard step > 0 else { throw Self.failure(.fileWriteUnknown, copy) }
                written += step
            }
        }
    }

    /// Unlinks every entry of the open folder `folder`; false when one would not go.
    private static func removeFiles(in folder: Int32) -> Bool {
        let descriptor = dup(folder)
        guard descriptor >= 0, let listing = fdopendir(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            return false
        }
        defer { closedir(listing) }
        rewinddir(listing)
        var removed = true
        while let entry = readdir(listing) {
            let unlinked = withUnsafeBytes(of: &entry.pointee.d_name) { bytes -> Bool in
                let name = bytes.bindMemory(to: CChar.self).baseAddress!
                return strcmp(name, ".") == 0 || strcmp(name, "..") == 0 || unlinkat(folder, name, 0) == 0
            }
            removed = removed && unlinked
        }
        return removed
    }

    /// A `CocoaError` naming `path` and this thread's `errno`.
    private static func failure(_ code: CocoaError.Code, _ path: String) -> CocoaError {
        CocoaError(code, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(.init(rawValue: errno) ?? .EIO)])
    }
}
