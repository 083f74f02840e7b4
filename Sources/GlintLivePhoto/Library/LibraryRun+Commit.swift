import Foundation
import GlintMedia

extension LibraryRun {
    /// The most items one thread commits together.
    static let commitGroupSize = 32
    /// The longest an item waits to be committed with later ones (a slow item is committed alone).
    static let commitGroupWait = Duration.milliseconds(500)

    /// One item, converted into its staging folder and waiting to be committed; or done already
    /// (skipped, or failed).
    struct StagedItem {
        var result: LibrarySummary.ItemResult
        /// The item's staging folder, while its files wait in it.
        var folder: String?
        /// Each finished file in the folder and where it goes.
        var moves: [(staged: String, destination: String)] = []
    }

    /// Skips `item`, or converts it into a staging folder of its own, or records its failure.
    static func stage(_ item: LibraryItem, to planned: [String], options: Options, staging: LibraryStaging, converter: Converter) -> StagedItem {
        var result = LibrarySummary.ItemResult(
            kind: item.kind, inputs: item.inputs, outcome: .skipped, outputs: planned, notes: item.notes, failure: nil, sidecar: item.sidecar?.path)
        if options.skipExisting && planned.allSatisfy(isCompleteFile) { return StagedItem(result: result) }
        let folder: String
        do {
            folder = try staging.takeItemFolder()
        } catch {
            return StagedItem(result: failed(result, error, staging: staging))
        }
        do {
            let (notes, moves) = try convert(item, in: folder, to: planned, options: options, converter: converter)
            result.notes += notes
            result.outcome = .converted
            return StagedItem(result: result, folder: folder, moves: moves)
        } catch {
            staging.giveBack(itemFolder: folder)
            return StagedItem(result: failed(result, error, staging: staging))
        }
    }

    /// Converts `item` in `folder`; returns its notes and where each file it wrote goes.
    private static func convert(
        _ item: LibraryItem, in folder: String, to planned: [String], options: Options, converter: Converter
    ) throws -> (notes: [String], moves: [(staged: String, destination: String)]) {
        // The folder is the item's alone and is removed if the item fails: files are written into
        // it directly and not synced as they are written (an item's file may be written twice:
        // converted, then given its sidecar's facts); they are synced once, when committed.
        let item = givingFacts(item, options: options, converter: converter)
        let converted = try AtomicFileWriter.$stagingFolder.withValue(folder) {
            var converted = try converter.convert(item, folder)
            if let sidecar = item.sidecar { converted.notes += try fill(converted, from: sidecar) }
            return converted
        }
        let byName = Dictionary(planned.map { ((($0 as NSString).lastPathComponent), $0) }, uniquingKeysWith: { a, _ in a })
        let written = converted.files.map { ($0 as NSString).lastPathComponent }
        guard Set(written) == Set(byName.keys), written.count == planned.count else {
            throw MediaError(
                .writeFailed, file: item.inputs[0],
                "wrote \(written.joined(separator: ", ")) where \(byName.keys.sorted().joined(separator: ", ")) was planned")
        }
        return (converted.notes, zip(converted.files, written).map { ($0, byName[$1]!) })
    }

    /// Commits a group of staged items: one sync for all of their files, then each file renamed
    /// into place; returns each item's result.
    static func commit(_ group: [StagedItem], staging: LibraryStaging) -> [LibrarySummary.ItemResult] {
        let files = group.flatMap { $0.moves.map(\.staged) }
        var syncFailure: Error?
        do {
            try AtomicFileWriter.sync(files, onFileSystemOf: staging.root)
        } catch {
            syncFailure = error
        }
        return group.map { item in
            guard let folder = item.folder else { return item.result }
            defer { staging.giveBack(itemFolder: folder) }
            do {
                if let syncFailure { throw syncFailure }
                for move in item.moves { try staging.commit(move.staged, to: move.destination) }
                return item.result
            } catch {
                return failed(item.result, error, staging: staging)
            }
        }
    }

    /// `result`, failed with `error`.
    private static func failed(_ result: LibrarySummary.ItemResult, _ error: Error, staging: LibraryStaging) -> LibrarySummary.ItemResult {
        var result = result
        result.outcome = .failed
        result.outputs = []
        result.failure = LibraryFailure(path: result.inputs[0], error: staging.naming(result.inputs[0], in: error))
        return result
    }

    /// `item` with the sidecar facts its outputs are to be given: none without
    /// ``Options/takeoutMetadata``, no location when the converter removes it.
    static func givingFacts(_ item: LibraryItem, options: Options, converter: Converter) -> LibraryItem {
        var item = item
        if !options.takeoutMetadata { item.sidecar = nil }
        if converter.removesLocation { item.sidecar?.facts.location = nil }
        return item
    }

    /// Gives the files `converted` wrote what `sidecar` has and they lack (those the converter
    /// filled already are not read again); returns notes saying what each was given.
    private static func fill(_ converted: Converted, from sidecar: TakeoutSidecar) throws -> [String] {
        let source = (sidecar.path as NSString).lastPathComponent
        return try converted.files.compactMap { file in
            let filled = try converted.filled[file] ?? CaptureFactsWriter.fill(file, with: sidecar.facts)
            let name = (file as NSString).lastPathComponent
            if !filled.written.isEmpty { return "\(name): \(filled.written.joined(separator: " and ")) from \(source)" }
            return filled.note.map { "\($0) (\(source))" }
        }
    }
}
